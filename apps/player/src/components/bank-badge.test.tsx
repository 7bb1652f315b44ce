import { banks } from '@sanam/contract/banks'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BankBadge } from './bank-badge.tsx'

afterEach(cleanup)

const withoutLogo = ['020', '026']

describe('BankBadge', () => {
  it('shows the bundled logo of every bank thai-banks-logo has, never a remote one', () => {
    // Which banks there are is the contract's (banks.test.ts checks the spec §3 codes); here: each one's logo.
    const logos = new Map<string, string>()
    for (const bank of banks.filter((item) => !withoutLogo.includes(item.code))) {
      const { container, unmount } = render(<BankBadge code={bank.code} />)
      const image = container.querySelector('img')
      expect(image, bank.code).not.toBeNull()
      expect(image!.getAttribute('src')).not.toMatch(/^https?:/)
      expect(image!.getAttribute('alt')).toBe('')
      logos.set(bank.code, image!.getAttribute('src')!)
      unmount()
    }
    expect(logos.get('004')).toMatch(/KBANK\.png/)
    expect(logos.get('140')).toMatch(/TrueMoney\.png/)
    // The ttb family shares one logo.
    expect(new Set([logos.get('011'), logos.get('065'), logos.get('076')]).size).toBe(1)
  })

  it.each(withoutLogo)('draws %s (no logo in the package): short name on the bank colour', (code) => {
    const { container } = render(<BankBadge code={code} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe(banks.find((bank) => bank.code === code)!.short)
  })

  it('draws a neutral badge for an unknown code', () => {
    const { container } = render(<BankBadge code="999" />)
    expect(container.textContent).toBe('999')
  })
})
