import { formatWhole } from '@sanam/web-shared/format'
import { t } from '../../lib/i18n/index.ts'

/** Spec §5 Withdraw on submit: an amount is required and must reach the minimum. Null when it may be sent. */
export function withdrawalProblem(digits: string, min: number): string | null {
  if (digits === '' || Number(digits) === 0) return t('withdraw.amountRequired')
  if (Number(digits) < min) return t('withdraw.minimum', { n: formatWhole(min) })
  return null
}
