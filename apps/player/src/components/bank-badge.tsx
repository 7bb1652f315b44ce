import { findBank } from '@sanam/contract/banks'

/**
 * A bank's badge (spec §2 Register bank picker): its short name on its own colour, drawn by us so we ship no
 * bank trademarks. An unknown code gets a neutral badge with the code.
 */
export function BankBadge({ code, size = 40 }: { code: string; size?: number }) {
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
