import { findBank } from '@sanam/contract/banks'
import { bankLogos } from './bank-logos.ts'

/**
 * A bank's badge (spec §2 Register bank picker, Deposit bank cards): the bank's logo (thai-banks-logo, bundled),
 * or, for a bank the package has no logo for, its short name drawn on its own colour. An unknown code gets a
 * neutral drawn badge with the code. Decorative: the bank's name is always written beside it.
 */
export function BankBadge({ code, size = 40 }: { code: string; size?: number }) {
  const logo = bankLogos[code]
  if (logo) return <img className="bank-badge bank-badge--logo" src={logo} alt="" width={size} height={size} aria-hidden="true" />
  const bank = findBank(code)
  const short = bank?.short ?? code
  return (
    <span
      className="bank-badge"
      style={{
        width: size,
        height: size,
        background: bank?.color ?? '#3f3f46',
        color: bank?.ink ?? '#ffffff',
        // Long names (KBANK, TBANK, CIMBT) shrink to fit the circle.
        fontSize: `${Math.round(size * (short.length > 4 ? 0.22 : short.length > 3 ? 0.26 : 0.3))}px`,
      }}
      aria-hidden="true"
    >
      {short}
    </span>
  )
}
