import type { DepositException } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { MessageKey } from '../../lib/i18n/th.ts'

/** One line of the side-by-side comparison: what the feed's transfer says, what the existing record says, and whether the API found them different. */
export interface CompareLine {
  label: MessageKey
  transfer: string
  existing: string
  differs: boolean
}

const sender = (r: { from_bank_code: string; from_account: string; from_name: string | null }) =>
  [r.from_bank_code, r.from_account, r.from_name].filter(Boolean).join(' · ')

/**
 * The two records of an exception line by line (issue 18 §3): reference, amount, sender, pay-in account and times.
 * The lines the API named in the exception's reasons (AMOUNT, SENDER, PAY_IN_ACCOUNT) are marked as differing.
 */
export function compareLines(exception: Pick<DepositException, 'transfer' | 'existing' | 'reasons'>): CompareLine[] {
  const { transfer, existing } = exception
  const reasons = new Set(exception.reasons.map((r) => r.code))
  return [
    { label: 'exceptions.reference', transfer: transfer.external_id, existing: existing.external_id, differs: false },
    { label: 'exceptions.amount', transfer: formatBaht(transfer.amount), existing: formatBaht(existing.amount), differs: reasons.has('AMOUNT') },
    { label: 'exceptions.sender', transfer: sender(transfer), existing: sender(existing), differs: reasons.has('SENDER') },
    { label: 'exceptions.payIn', transfer: transfer.to_account, existing: existing.to_account || '–', differs: reasons.has('PAY_IN_ACCOUNT') },
    {
      label: 'exceptions.occurred',
      transfer: formatDateTimeSeconds(transfer.occurred_at),
      existing: formatDateTimeSeconds(existing.occurred_at),
      differs: false,
    },
    {
      label: 'exceptions.received',
      transfer: formatDateTimeSeconds(transfer.received_at),
      existing: formatDateTimeSeconds(existing.received_at),
      differs: false,
    },
  ]
}
