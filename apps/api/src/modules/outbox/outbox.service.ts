import { randomUUID } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { OutboxToday } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { Write } from '../../db/writes.ts'
import { afterCommit } from '../../db/after-commit.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TotpSecretBox } from '../../lib/totp.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { OperatorActor } from '../../lib/actor.ts'
import { ChannelError, type OutboxChannel } from './channel.ts'
import type { AttemptOutcome, NewOutboxRow, OutboxRepository, OutboxRow, Settlement } from './outbox.repository.ts'
import { templateOf, type TemplateId, type TemplateParams } from './templates.ts'
import { todayView } from './outbox-view.ts'
import { eventRetryKey } from './retry-key.ts'
import type { ChannelAlerts } from './channel-alerts.ts'
import { channelBudgets } from './channel-budget.ts'
export type { ChannelAlerts } from './channel-alerts.ts'

export interface OutboxSettings {
  /** How long a worker holds a message it took; past it, another worker takes it (the first one vanished). */
  leaseMs: number
  /** A message the writing request sends itself waits this long before a worker would (the request died first). */
  handoffMs: number
  /** The first retry's delay; each next one doubles, up to `backoffMaxMs`. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Attempts after which a message is given up (DEAD). */
  maxAttempts: number
  /** Messages per second each channel is given at most by the worker (its rate budget); default 10. */
  perSecond: Record<string, number>
  /** How many messages one worker takes at a time from one channel. */
  batch: number
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  leaseMs: 120_000,
  handoffMs: 30_000,
  backoffBaseMs: 5_000,
  backoffMaxMs: 15 * 60_000,
  maxAttempts: 10,
  perSecond: {},
  batch: 10,
}

/** How long a settled message and its attempts are kept for the desk and for questions (ADR 083). */
export const KEEP_DAYS = 90

/** Where a test stops a worker as a kill -9 would: after taking a message, after the channel took it, after settling. */
export type OutboxStep = 'claimed' | 'sent' | 'settled'

export interface NewMessage {
  /** Which channel: it must be one of the template's (templates.ts; SMS carries codes, security notices and payout status only). */
  channel: 'sms' | 'line'
  recipient: string
  template: TemplateId
  params: TemplateParams
  /** A code or a one-time password: stored sealed, wiped once the message is settled (ADR 083). */
  secret?: string
  /** After it the message is not sent (the code has expired). */
  expiresAt?: Date
  /**
   * The writing request sends it itself once committed (`deliverNow`) and tells its caller the outcome; a worker sends
   * it only if that request never did (it died between commit and send).
   */
  sentByRequest?: boolean
}

/** A notice's message (`noticeWrite`): no secret, sent by the worker; its recipient may be a query (ADR 087). */
type NoticeMessage = Omit<NewMessage, 'secret' | 'sentByRequest' | 'recipient'> & { recipient: string | SQL }

/**
 * One outbox for every message to a person (ADR 083): rows written in the transaction of the event they report, sent
 * by `runOnce` (the worker) or by the writing request (`deliverNow`), each attempt recorded, retried with back-off on
 * a transient failure, after Retry-After on a 429, never again on a permanent refusal. Each message carries one retry
 * key for all its attempts. A secret is sealed at rest and wiped once the message is settled.
 */
export function createOutboxService(deps: {
  db: Db
  clock: Clock
  channels: OutboxChannel[]
  secrets: Pick<TotpSecretBox, 'seal' | 'open'>
  settings?: Partial<OutboxSettings>
  outboxRepository: OutboxRepository
  alerts: ChannelAlerts
  auditRepository: Pick<AuditRepository, 'record'>
  /** Tests only: called between a worker's steps; throwing there abandons the worker as a kill -9 would. */
  faults?: (step: OutboxStep, row: OutboxRow) => void
  newKey?: () => string
  /** Told, in the alert's transaction, of each channel alert newly raised (the desk's alerts pass it to the desk's LINE group, ADR 087). */
  onAlertRaised?: (tx: Db, alert: { id: number; kind: string }) => Promise<void>
}) {
  const { db, clock, outboxRepository: repo } = deps
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, ...deps.settings }
  const channels = new Map(deps.channels.map((c) => [c.name, c]))
  const newKey = deps.newKey ?? randomUUID
  const wakers = new Set<() => void>()

  const budget = channelBudgets(clock, (channel) => settings.perSecond[channel] ?? 10)

  function backoffMs(attempts: number) {
    return Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1))
  }

  /** How the attempt held on `row` ended, for `settleAll`; it began when the claim leased the message (issue 38 §6). */
  function settlement(
    row: OutboxRow,
    status: Settlement['status'],
    outcome: AttemptOutcome,
    error: string | null,
    at: Partial<Pick<Settlement, 'nextAttemptAt' | 'sentAt'>> = {},
  ): Settlement {
    const startedAt = new Date(row.leaseUntil!.getTime() - settings.leaseMs)
    return { id: row.id, attempt: row.attempts, status, outcome, error, nextAttemptAt: at.nextAttemptAt ?? null, sentAt: at.sentAt ?? null, startedAt }
  }

  /** Settles a pass's attempts in one statement; then a test may stop the worker after a sent one, as a kill -9 would. */
  async function settleAll(rows: readonly OutboxRow[], settlements: readonly Settlement[]) {
    await repo.settleAll(db, settlements, clock.now())
    for (const [n, row] of rows.entries()) if (settlements[n]!.status === 'SENT') deps.faults?.('settled', row)
  }

  /** The channel took a message: its open alerts (no credit, a refused key) are over. Once a pass, not once a message. */
  const channelWorked = (channel: string) => {
    const kinds = channels.get(channel)?.alerts
    return kinds ? deps.alerts.resolveAlerts(db, Object.values(kinds), channel, clock.now()) : Promise.resolve()
  }

  /**
   * Sends one message this worker holds and answers how it ended, unsettled (the caller settles); `once`: a failure is
   * final (the caller is told).
   */
  async function attempt(row: OutboxRow, once: boolean): Promise<Settlement> {
    deps.faults?.('claimed', row)
    const now = clock.now()
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return settlement(row, 'DEAD', 'EXPIRED', 'expired before it could be sent')
    const template = templateOf(row.templateId)
    const channel = channels.get(row.channel)
    let text: string
    let secret: string | null = null
    try {
      if (!template) throw new Error(`unknown template ${row.templateId}`)
      secret = row.sealedSecret ? deps.secrets.open(row.sealedSecret) : null
      text = template.render(row.params, secret)
    } catch (error) {
      return settlement(row, 'DEAD', 'GAVE_UP', (error as Error).message)
    }
    let failure: ChannelError | null = null
    try {
      if (!channel) throw new ChannelError(`no ${row.channel} channel is configured`, 'transient')
      const otpRef = template?.otpRef?.(row.params)
      await channel.send({ recipient: row.recipient, text, retryKey: row.idempotencyKey, ...(otpRef && secret ? { otp: { code: secret, ref: otpRef } } : {}) })
    } catch (error) {
      failure = error instanceof ChannelError ? error : new ChannelError('the channel failed', 'transient')
    }
    if (!failure) {
      deps.faults?.('sent', row)
      return settlement(row, 'SENT', 'SENT', null, { sentAt: clock.now() })
    }
    return failed(row, failure, once)
  }

  /** How a failed attempt ends; no credit or a refused key raises the channel's own alert for the desk first (ADR 087). */
  async function failed(row: OutboxRow, failure: ChannelError, once: boolean): Promise<Settlement> {
    const now = clock.now()
    const alerts = channels.get(row.channel)?.alerts
    if ((failure.kind === 'no_credit' || failure.kind === 'unauthorized') && alerts) {
      const kind = alerts[failure.kind]
      await db.transaction(async (tx) => {
        const raised = await deps.alerts.raiseAlert(tx, { kind, channel: row.channel, details: failure.message, at: now })
        if (raised && deps.onAlertRaised) await deps.onAlertRaised(tx, { id: raised.id, kind })
      })
    }
    if (failure.kind === 'rate_limited') {
      const { bucket } = budget(row.channel)
      bucket.pausedUntil = now.getTime() + (failure.retryAfterMs ?? backoffMs(row.attempts))
    }
    const outcome: AttemptOutcome =
      failure.kind === 'permanent' ? 'FAILED' : failure.kind === 'no_credit' ? 'NO_CREDIT' : failure.kind === 'rate_limited' ? 'RATE_LIMITED' : 'RETRY'
    if (failure.kind === 'permanent') return settlement(row, 'FAILED', outcome, failure.message)
    if (once) return settlement(row, 'DEAD', 'NOT_RETRIED', `${failure.message} (the request was told; not retried)`)
    if (row.attempts >= settings.maxAttempts) return settlement(row, 'DEAD', 'GAVE_UP', failure.message)
    const delay = failure.kind === 'rate_limited' && failure.retryAfterMs !== undefined ? failure.retryAfterMs : backoffMs(row.attempts)
    return settlement(row, 'PENDING', outcome, failure.message, { nextAttemptAt: new Date(now.getTime() + delay) })
  }

  /** The outbox's row of `message` but for its recipient, waiting to be sent (by the request itself when it says so). */
  function rowOf(message: Omit<NewMessage, 'recipient'>, idempotencyKey: string): Omit<NewOutboxRow, 'recipient'> {
    const template = templateOf(message.template)
    if (!template || !(template.channels as readonly string[]).includes(message.channel))
      throw new Error(`the template ${message.template} may not go by ${message.channel}`)
    const now = clock.now()
    return {
      channel: message.channel,
      templateId: message.template,
      params: message.params,
      sealedSecret: message.secret === undefined ? null : deps.secrets.seal(message.secret),
      idempotencyKey,
      status: 'PENDING',
      nextAttemptAt: message.sentByRequest ? new Date(now.getTime() + settings.handoffMs) : now,
      expiresAt: message.expiresAt ?? null,
      createdAt: now,
    }
  }

  /** Wakes the worker once `tx` has committed (a message waits for it). */
  const wakeOnCommit = (tx: Db) => afterCommit(tx, () => wakers.forEach((wake) => wake()))

  return {
    /**
     * Writes a message in `tx`, the transaction of the event it reports: it exists exactly when the event committed.
     * A message the request does not send itself wakes the worker once committed.
     */
    async enqueue(tx: Db, message: NewMessage): Promise<{ id: number }> {
      const row = await repo.insert(tx, { ...rowOf(message, newKey()), recipient: message.recipient })
      if (!message.sentByRequest) wakeOnCommit(tx)
      return row
    },

    /**
     * The write (db/writes.ts) of a notice of an event named by `eventKey` (`deposit:42`, ADR 087), for the caller to
     * send in the event's transaction, with the event's own write when it has one (issue 38 §6: no statement of its
     * own). Its retry key is derived from the event and the channel; a second message for the same event and channel
     * is not written. A recipient query (ADR 087) runs inside the insert: no row, no message. Once the statement has
     * run, `written` is told the id of a message it wrote, and the worker is woken when the transaction commits.
     */
    noticeWrite(tx: Db, message: NoticeMessage, eventKey: string, written?: (id: number) => void): Write {
      return {
        sql: repo.insertOnceSql(rowOf(message, eventRetryKey(message.channel, eventKey)), message.recipient),
        returned: ([row]) => {
          if (!row) return
          wakeOnCommit(tx)
          written?.(Number(row.id))
        },
      }
    },

    /**
     * Sends, now, a committed message written with `sentByRequest`, once: true when the channel took it (or a worker
     * has it: the request took too long); false when it failed, and then it is settled for good (a code's request
     * answers SMS_FAILED and the person asks again; it is never sent later behind their back).
     */
    async deliverNow(id: number): Promise<boolean> {
      const row = await repo.claimOne(db, id, clock.now(), settings.leaseMs)
      if (!row) return true
      const done = await attempt(row, true)
      await settleAll([row], [done])
      if (done.status === 'SENT') await channelWorked(row.channel)
      return done.status === 'SENT'
    },

    /** How many messages a pass takes at most from one channel: a pass that took fewer left none due (but for the rate budget). */
    batch: settings.batch,

    /**
     * One pass of the worker: the due messages of every channel within its rate budget taken in one statement, sent one
     * after another, their outcomes settled in one statement, and the open alerts of each channel that sent closed
     * (issue 38 §6). A pass that dies before its settling (a kill -9) leaves its messages SENDING until their lease
     * runs out; the next worker sends them again under the same retry keys. Answers how many it took.
     */
    async runOnce(): Promise<number> {
      const wanted = [...channels.keys()].flatMap((channel) => {
        const { bucket, available } = budget(channel)
        const limit = Math.min(available, settings.batch)
        return limit > 0 ? [{ channel, limit, bucket }] : []
      })
      const now = clock.now()
      const rows = await repo.claimDue(db, wanted, now, settings.leaseMs)
      const settlements: Settlement[] = []
      for (const row of rows) {
        wanted.find((w) => w.channel === row.channel)!.bucket.tokens -= 1
        settlements.push(await attempt(row, false))
      }
      await settleAll(rows, settlements)
      const worked = new Set(settlements.flatMap((done, n) => (done.status === 'SENT' ? [rows[n]!.channel] : [])))
      for (const channel of worked) await channelWorked(channel)
      return rows.length
    },

    /**
     * The scheduled job's work (jobs/runner.ts): settled messages older than `KEEP_DAYS` go, with their attempts; what
     * is due or sending stays whatever its age.
     */
    prune(tx: Db): Promise<number> {
      return repo.pruneSettled(tx, new Date(clock.now().getTime() - KEEP_DAYS * 86_400_000))
    },

    /** Calls `wake` when a message is committed for the worker (the worker sends it at once rather than at its next tick). */
    onEnqueued(wake: () => void): () => void {
      wakers.add(wake)
      return () => wakers.delete(wake)
    },

    /** Today's messages (Bangkok day) per channel and status, the failed and waiting ones listed, and the open alerts. */
    async today(): Promise<OutboxToday> {
      const day = bangkokDay(clock.now())
      const { start } = bangkokDayRange(day)
      const [counts, failed, waiting, alerts] = await Promise.all([
        repo.countsSince(db, start),
        repo.listSince(db, start, ['FAILED', 'DEAD'], 100),
        repo.listSince(db, start, ['PENDING', 'SENDING'], 100),
        deps.alerts.openAlerts(db),
      ])
      return todayView(day, counts, failed, waiting, alerts)
    },

    /**
     * Sends a failed or given-up notice again, as a new message with a new retry key, audited. A message that carried
     * a secret is never sent again (its code is gone and has expired): the person asks for a new one.
     */
    async resend(actor: OperatorActor, id: number): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const row = await repo.findById(tx, id)
        if (!row) throw new AppError('NOT_FOUND')
        const template = templateOf(row.templateId)
        if (!template || template.secret || (row.status !== 'FAILED' && row.status !== 'DEAD')) throw new AppError('OUTBOX_NOT_RESENDABLE')
        const now = clock.now()
        const copy = await repo.insert(tx, {
          channel: row.channel,
          recipient: row.recipient,
          templateId: row.templateId,
          params: row.params,
          idempotencyKey: newKey(),
          status: 'PENDING',
          nextAttemptAt: now,
          resendOf: row.id,
          createdAt: now,
        })
        await deps.auditRepository.record(tx, {
          actor,
          action: 'outbox.resend',
          targetType: 'outbox_message',
          targetId: String(row.id),
          after: { resent_as: copy.id, channel: row.channel, template: row.templateId },
          at: now,
        })
        wakeOnCommit(tx)
        return copy
      })
    },
  }
}
export type OutboxService = ReturnType<typeof createOutboxService>
