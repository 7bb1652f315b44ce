import { banks } from '@sanam/contract/banks'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BankBadge } from './bank-badge.tsx'

afterEach(cleanup)

describe('BankBadge', () => {
  it('draws every entry of the picker, short name on the bank colour', () => {
    // Spec §3 lists 23 codes: 22 banks and the wallet (140). §2's "23 Thai banks and a wallet" counts the wallet in.
    const specCodes = ['140', '002', '004', '006', '011', '014', '017', '020', '022', '024', '025', '026', '030', '033', '034', '065', '067', '069', '066', '071', '070', '073', '076']
    expect(banks.map((bank) => bank.code).sort()).toEqual(specCodes.sort())
    for (const bank of banks) {
      const { container, unmount } = render(<BankBadge code={bank.code} />)
      const badge = container.querySelector<HTMLElement>('.bank-badge')!
      expect(badge.textContent).toBe(bank.short)
      expect(badge.getAttribute('aria-hidden')).toBe('true')
      unmount()
    }
  })

  it('draws a neutral badge for an unknown code', () => {
    const { container } = render(<BankBadge code="999" />)
    expect(container.textContent).toBe('999')
  })
})
