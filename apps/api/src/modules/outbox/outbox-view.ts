import { maskLineId, maskMobile, type OutboxToday } from '@sanam/contract'
import type { OutboxRepository } from './outbox.repository.ts'
import type { ChannelAlerts } from './channel-alerts.ts'
import { templateOf } from './templates.ts'

type ListedRow = Awaited<ReturnType<OutboxRepository['listSince']>>[number]
type Counts = Awaited<ReturnType<OutboxRepository['countsSince']>>
type OpenAlert = Awaited<ReturnType<ChannelAlerts['openAlerts']>>[number]

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

/** The desk's day of messages: per channel what was sent, failed and waits; the failed and waiting listed; the open alerts. */
export function todayView(day: string, counts: Counts, failed: ListedRow[], waiting: ListedRow[], alerts: OpenAlert[]): OutboxToday {
  const perChannel = new Map<string, { channel: string; sent: number; failed: number; waiting: number }>()
  for (const { channel, status, n } of counts) {
    const entry = perChannel.get(channel) ?? { channel, sent: 0, failed: 0, waiting: 0 }
    perChannel.set(channel, entry)
    if (status === 'SENT') entry.sent += n
    else if (status === 'FAILED' || status === 'DEAD') entry.failed += n
    else entry.waiting += n
  }
  return {
    day,
    channels: [...perChannel.values()].sort((a, b) => a.channel.localeCompare(b.channel)),
    failed: failed.map(toView),
    waiting: waiting.map(toView),
    alerts: alerts.map((a) => ({ id: a.id, kind: a.kind, channel: a.channel, details: a.details, created_at: a.createdAt.toISOString() })),
  }
}
