import { maskLineId, maskMobile, type OutboxToday } from '@sanam/contract'
import type { OutboxRepository } from './outbox.repository.ts'
import { templateOf } from './templates.ts'

type ListedRow = Awaited<ReturnType<OutboxRepository['listSince']>>[number]

/**
 * A recipient as the desk sees it: a phone or a LINE id masked (the contract's masks); a channel without a mask of its
 * own shows nothing of it (fail closed).
 */
function maskedRecipient(channel: string, recipient: string): string {
  if (channel === 'sms') return maskMobile(recipient)
  if (channel === 'line') return maskLineId(recipient)
  return 'xxxx'
}

/** A message as the desk sees it: the recipient masked, never the text or the secret. */
export function toView(row: ListedRow): OutboxToday['failed'][number] {
  const template = templateOf(row.templateId)
  return {
    id: row.id,
    channel: row.channel,
    recipient: maskedRecipient(row.channel, row.recipient),
    template: row.templateId,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    resend_of: row.resendOf,
    resendable: template !== undefined && !template.secret && (row.status === 'FAILED' || row.status === 'DEAD'),
  }
}
