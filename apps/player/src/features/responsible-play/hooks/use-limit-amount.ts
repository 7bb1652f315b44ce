import { useState } from 'react'
import { t } from '../../../lib/i18n/index.ts'

/**
 * A money limit's amount field (the limits page and the RTS 12 prompt): `field` for AmountInput (the digits typed and
 * the error shown, cleared as the player types), `read()` the baht asked, or null with the error shown when there is
 * none, `clear()` after a change was sent.
 */
export function useLimitAmount() {
  const [digits, setDigits] = useState('')
  const [error, setError] = useState<string | null>(null)
  const read = (): number | null => {
    const value = Number(digits)
    if (!digits || !(value > 0)) {
      setError(t('limits.amountRequired'))
      return null
    }
    setError(null)
    return value
  }
  const onDigitsChange = (next: string) => {
    setDigits(next)
    setError(null)
  }
  return { field: { digits, onDigitsChange, error: error ?? undefined }, read, clear: () => setDigits('') }
}
