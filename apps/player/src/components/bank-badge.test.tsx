import { banks } from '@sanam/contract/banks'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BankBadge } from './bank-badge.tsx'

afterEach(cleanup)

const withoutLogo = ['020', '026']

describe('BankBadge', () => {
  it('shows the bundled logo of every bank thai-banks-logo has, never a remote one', () => {
    // Spec §3 lists 23 codes: 22 banks and the wallet (140). §2's "23 Thai banks and a wallet" counts the wallet in.
    const specCodes = [
      '140',
      '002',
      '004',
      '006',
      '011',
      '014',
      '017',
      '020',
      '022',
      '024',
      '025',
      '026',
      '030',
      '033',
      '034',
      '065',
      '067',
      '069',
      '066',
      '071',
      '070',
      '073',
      '076',
    ]
    expect(banks.map((bank) => bank.code).sort()).toEqual(specCodes.sort())
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
