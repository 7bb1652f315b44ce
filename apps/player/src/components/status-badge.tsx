import { t, type MessageKey } from '../lib/i18n/index.ts'
import './lists.css'

const KNOWN = { PENDING: 'pending', SUCCESS: 'success', FAIL: 'failed', CANCEL: 'failed' } as const

/**
 * A transaction status in its colour (spec §4): PENDING yellow, SUCCESS green, FAIL and CANCEL red; any other
 * value is shown as it came, uncoloured, so a new server status is visible rather than mislabelled.
 */
export function StatusBadge({ status }: { status: string }) {
  const tone = status in KNOWN ? KNOWN[status as keyof typeof KNOWN] : null
  return <span className={`status-badge${tone ? ` status-badge--${tone}` : ''}`}>{tone ? t(`status.${status}` as MessageKey) : status}</span>
}

/** Spec §4: a promotion history item is successful on SUCCESS and pending on anything else. */
export function PromotionStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status === 'SUCCESS' ? 'SUCCESS' : 'PENDING'} />
}
