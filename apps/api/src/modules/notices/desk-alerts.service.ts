import { DESK_ALERTS, isDeskAlertKind, mayOperator, msg, type DeskAlertKind, type DeskAlertList } from '@sanam/contract'
import { BANGKOK_OFFSET_MS, bangkokDay } from '@sanam/contract/bangkok'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { writeTogether } from '../../db/writes.ts'
import { AppError } from '../../errors.ts'
import type { OperatorActor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { OutboxService } from '../outbox/outbox.service.ts'
import type { DeskAlertsRepository } from './desk-alerts.repository.ts'

type Params = Record<string, string | number>

/** An alert's Thai title and what to do, from its kind and stored values (the catalogue's texts, ADR 087). */
export function alertText(kind: DeskAlertKind, p: Params): { title: string; todo: string } {
  const id = Number(p.id ?? 0)
  const amount = BigInt(String(p.amount ?? 0))
  switch (kind) {
    case 'WITHDRAWAL_WAITING':
      return { title: msg('DESK_ALERT_WITHDRAWAL_WAITING', { id, amount, minutes: Number(p.minutes ?? 0) }), todo: msg('DESK_ALERT_WITHDRAWAL_WAITING_TODO') }
    case 'DEPOSIT_EXCEPTION':
      return { title: msg('DESK_ALERT_DEPOSIT_EXCEPTION', { id, amount }), todo: msg('DESK_ALERT_DEPOSIT_EXCEPTION_TODO') }
    case 'PAYOUT_UNKNOWN':
      return { title: msg('DESK_ALERT_PAYOUT_UNKNOWN', { id, amount }), todo: msg('DESK_ALERT_PAYOUT_UNKNOWN_TODO') }
    case 'RECONCILIATION_DIFFERENCE':
      return {
        title: msg('DESK_ALERT_RECONCILIATION_DIFFERENCE', { day: String(p.day ?? ''), count: Number(p.count ?? 0) }),
        todo: msg('DESK_ALERT_RECONCILIATION_DIFFERENCE_TODO'),
      }
    case 'FAILOVER':
      return { title: msg('DESK_ALERT_FAILOVER', { from: String(p.from ?? ''), to: String(p.to ?? '') }), todo: msg('DESK_ALERT_FAILOVER_TODO') }
    case 'SMS_NO_CREDIT':
      // Raised by a reading below the threshold (its figures stored), or by a send the gateway refused for credit.
      return p.credit === undefined
        ? { title: msg('DESK_ALERT_SMS_NO_CREDIT'), todo: msg('DESK_ALERT_SMS_NO_CREDIT_TODO') }
        : {
            title: msg('DESK_ALERT_SMS_CREDIT_LOW', { credit: Number(p.credit), threshold: Number(p.threshold ?? 0) }),
            todo: msg('DESK_ALERT_SMS_CREDIT_LOW_TODO'),
          }
    case 'SMS_UNAUTHORIZED':
      return { title: msg('DESK_ALERT_SMS_UNAUTHORIZED'), todo: msg('DESK_ALERT_SMS_UNAUTHORIZED_TODO') }
    case 'LINE_QUOTA':
      // Raised by the watch at 80 % of the month's quota (its figures stored), or by a push LINE refused for the quota.
      return p.used === undefined
        ? { title: msg('DESK_ALERT_LINE_QUOTA_SPENT'), todo: msg('DESK_ALERT_LINE_QUOTA_SPENT_TODO') }
        : { title: msg('DESK_ALERT_LINE_QUOTA', { used: Number(p.used), quota: Number(p.quota ?? 0) }), todo: msg('DESK_ALERT_LINE_QUOTA_TODO') }
    case 'LINE_UNAUTHORIZED':
      return { title: msg('DESK_ALERT_LINE_UNAUTHORIZED'), todo: msg('DESK_ALERT_LINE_UNAUTHORIZED_TODO') }
  }
}

/** The LINE Official Account's monthly quota (the LINE module fills it, ADR 088); null: LINE off, or no limit. */
export interface DeskLineQuota {
  lineQuota(): Promise<{ used: number; quota: number } | null>
}
export const noLineQuota: DeskLineQuota = { lineQuota: async () => null }

/** What the watch read of LINE's quota before its transaction: null when LINE is off, has no limit, or was not read. */
export type LineQuotaReading = { used: number; quota: number } | null

/** The SMS gateway's credit reading (the sms module's `credit`, ADR 087); null: the gateway has none to read. */
export type DeskSmsCredit = { gateway: string; credit(): Promise<number> } | null

/** Where the desk's alerts log what they could not read (the server's logger): never a key or a message. */
export interface DeskAlertsLog {
  warn(details: object, message: string): void
}

/** What the watch reads of other modules (ports services.ts fills: withdrawals, the reconciliation): what time makes an alert. */
export interface WatchedDesk {
  waitingWithdrawals(tx: Db, before: Date, limit: number): Promise<Array<{ id: number; amount: bigint }>>
  /** How many differences a Bangkok day's reconciliation shows, read in `tx`. */
  reconciliationDifferences(tx: Db, day: string): Promise<number>
}

export interface DeskAlertSettings {
  /** A withdrawal waiting for operators longer than this is an alert (DESK_ALERT_WITHDRAWAL_MINUTES). */
  withdrawalWaitMinutes: number
  /** The desk's LINE group (LINE_DESK_GROUP_ID): every alert goes there too; null: the back-office's list only. */
  lineGroup: string | null
  /** The back-office's origin for the links a LINE message carries (BACKOFFICE_ORIGIN); null: the path alone. */
  backofficeOrigin: string | null
  /** A credit reading below this is the SMS credit alert (SMS_CREDIT_ALERT_BELOW); 0: readings raise none. */
  smsCreditBelow: number
  /** How often the SMS credit is read (SMS_CREDIT_CHECK_MINUTES). */
  smsCreditEveryMinutes: number
}

/** How far back the list and its unread count look, and how many it shows. */
const LIST_DAYS = 30
const LIST_SIZE = 50
/** How many waiting items one pass of the watch looks at per kind. */
const WATCH_BATCH = 200
/** Yesterday's reconciliation is read once it is this late (Bangkok): the bank feed's last transfers have come in. */
const RECONCILE_AFTER_HOUR = 1
/**
 * The SMS credit alert is the outbox's `SMS_NO_CREDIT` (one kind, one list, one LINE message per episode). A reading
 * raises it on a channel of its own: the outbox closes its `sms` alert when a message goes out, which a low balance
 * still allows, while this one stays open until a reading is back at the threshold.
 */
const SMS_CREDIT = { kind: 'SMS_NO_CREDIT', readingChannel: 'sms-credit', channels: ['sms-credit', 'sms'] as readonly string[] } as const

/**
 * The desk's alerts (issue 38 §4, ADR 087): each written once per kind and subject, in the transaction of the event
 * where there is one (a deposit exception opened, a payout whose outcome is unknown; the outbox's no-credit alert),
 * else by the watch job for what time makes an alert (a withdrawal waiting too long, yesterday's reconciliation
 * difference, the LINE quota) or when the process notices the primary changed. Each says what to do and links to its screen; it is listed to the roles that can
 * act on it, read or unread per operator, and sent to the desk's LINE group when one is configured.
 */
export function createDeskAlertsService(deps: {
  db: Db
  clock: Clock
  settings: DeskAlertSettings
  outbox: Pick<OutboxService, 'noticeWrite'>
  watched: WatchedDesk
  lineQuota: DeskLineQuota
  smsCredit: DeskSmsCredit
  log: DeskAlertsLog
  deskAlertsRepository: Pick<
    DeskAlertsRepository,
    'raiseOnce' | 'raisedSubjects' | 'recent' | 'unreadCount' | 'findById' | 'markRead' | 'raiseAlert' | 'resolveAlerts' | 'openAlerts'
  >
}) {
  const { db, clock, settings, deskAlertsRepository: repo } = deps
  let reconciledDay: string | null = null
  /** This process's next SMS credit reading (each process reads at most every SMS_CREDIT_CHECK_MINUTES). */
  let nextCreditReading = 0

  /** The alert to the desk's LINE group, once per alert. */
  async function toLineGroup(tx: Db, id: number, kind: DeskAlertKind, params: Params) {
    if (!settings.lineGroup) return
    const link = `${settings.backofficeOrigin ?? ''}${DESK_ALERTS[kind].path}`
    await writeTogether(tx, [
      deps.outbox.noticeWrite(
        tx,
        { channel: 'line', recipient: settings.lineGroup, template: 'DESK_ALERT', params: { ...alertText(kind, params), link } },
        `alert:${id}`,
      ),
    ])
  }

  /** Writes the alert of `kind` about `subject` unless it was written before; answers whether it was new. */
  async function raise(tx: Db, kind: DeskAlertKind, subject: string, params: Params): Promise<boolean> {
    const raised = await repo.raiseOnce(tx, { kind, subject, params, details: alertText(kind, params).title, at: clock.now() })
    if (raised) await toLineGroup(tx, raised.id, kind, params)
    return raised !== undefined
  }

  /** Raises `kind` for each item whose subject has none yet; answers how many were new. */
  async function raiseEach(tx: Db, kind: DeskAlertKind, items: Array<{ subject: string; params: Params }>) {
    const done = await repo.raisedSubjects(
      tx,
      kind,
      items.map((i) => i.subject),
    )
    let raised = 0
    for (const item of items) if (!done.has(item.subject) && (await raise(tx, kind, item.subject, item.params))) raised++
    return raised
  }

  async function reconciliation(tx: Db, now: Date): Promise<number> {
    const bangkokHour = new Date(now.getTime() + BANGKOK_OFFSET_MS).getUTCHours()
    const yesterday = bangkokDay(new Date(now.getTime() - 86_400_000))
    if (bangkokHour < RECONCILE_AFTER_HOUR || reconciledDay === yesterday) return 0
    const count = await deps.watched.reconciliationDifferences(tx, yesterday)
    reconciledDay = yesterday
    return count > 0 ? Number(await raise(tx, 'RECONCILIATION_DIFFERENCE', `reconciliation:${yesterday}`, { day: yesterday, count })) : 0
  }

  return {
    /** A payout the bank left without an outcome (ADR 081), in the transaction that marked it so. */
    payoutUnknown(tx: Db, withdrawal: { withdrawalId: number; amount: bigint }) {
      return raise(tx, 'PAYOUT_UNKNOWN', `withdrawal:${withdrawal.withdrawalId}`, { id: withdrawal.withdrawalId, amount: withdrawal.amount.toString() })
    },

    /** A deposit exception was opened (deposits' `openException`), in its transaction: one alert per exception. */
    depositException(tx: Db, exception: { exceptionId: number; amount: bigint }) {
      return raise(tx, 'DEPOSIT_EXCEPTION', `deposit-exception:${exception.exceptionId}`, {
        id: exception.exceptionId,
        amount: exception.amount.toString(),
      })
    },

    /** The outbox raised an alert about a channel (no credit, a refused key): passed to the desk's LINE group. */
    async channelAlertRaised(tx: Db, alert: { id: number; kind: string }) {
      if (isDeskAlertKind(alert.kind)) await toLineGroup(tx, alert.id, alert.kind, {})
    },

    /** This process found the primary database at another address (db/hosts.ts): one alert per switch and day. */
    failover(from: string, to: string) {
      const now = clock.now()
      return inTransaction(db, (tx) => raise(tx, 'FAILOVER', `failover:${from}>${to}:${bangkokDay(now)}`, { from, to }))
    },

    /**
     * LINE's quota for the watch, read before the job's transaction (a LINE that hangs then holds no transaction, ADR
     * 087); null: LINE off, no limit, or not read.
     */
    readLineQuota(): Promise<LineQuotaReading> {
      return deps.lineQuota.lineQuota().catch(() => null)
    },

    /**
     * The watch job (every minute): what has waited too long, the quota as `quota` read it, yesterday's reconciliation;
     * answers how many alerts are new.
     */
    async watch(tx: Db, quota: LineQuotaReading): Promise<number> {
      const now = clock.now()
      const minutes = settings.withdrawalWaitMinutes
      const waiting = await deps.watched.waitingWithdrawals(tx, new Date(now.getTime() - minutes * 60_000), WATCH_BATCH)
      let raised = await raiseEach(
        tx,
        'WITHDRAWAL_WAITING',
        waiting.map((w) => ({ subject: `withdrawal:${w.id}`, params: { id: w.id, amount: w.amount.toString(), minutes } })),
      )
      if (quota && quota.quota > 0 && quota.used >= quota.quota * 0.8)
        raised += Number(await raise(tx, 'LINE_QUOTA', `line-quota:${bangkokDay(now).slice(0, 7)}`, { used: quota.used, quota: quota.quota }))
      return raised + (await reconciliation(tx, now))
    },

    /**
     * The `sms-credit` job's reading, before its transaction (a gateway that hangs then holds none, ADR 087): the
     * gateway's credit, every SMS_CREDIT_CHECK_MINUTES. Null when not due, when there is nothing to read, or when the
     * reading failed (the gateway down, a 5xx, an unreadable answer): that is logged, and changes nothing.
     */
    async readSmsCredit(): Promise<number | null> {
      const now = clock.now()
      if (!deps.smsCredit || settings.smsCreditBelow <= 0 || now.getTime() < nextCreditReading) return null
      nextCreditReading = now.getTime() + settings.smsCreditEveryMinutes * 60_000
      try {
        return await deps.smsCredit.credit()
      } catch (error) {
        // The gateway's errors carry its status, never the key or a message (sms.ts).
        deps.log.warn({ gateway: deps.smsCredit.gateway, reason: error instanceof Error ? error.message : 'unknown' }, 'the SMS credit could not be read')
        return null
      }
    },

    /**
     * The `sms-credit` job's writing, in its transaction: a `credit` below SMS_CREDIT_ALERT_BELOW raises the SMS credit
     * alert unless one is open (a refused send's, or an earlier reading's), at or above it closes both; null (no
     * reading) changes nothing. Answers how many alerts are new.
     */
    async recordSmsCredit(tx: Db, credit: number | null): Promise<number> {
      if (credit === null) return 0
      const now = clock.now()
      if (credit >= settings.smsCreditBelow) {
        for (const channel of SMS_CREDIT.channels) await repo.resolveAlerts(tx, [SMS_CREDIT.kind], channel, now)
        return 0
      }
      if ((await repo.openAlerts(tx)).some((a) => a.kind === SMS_CREDIT.kind && SMS_CREDIT.channels.includes(a.channel ?? ''))) return 0
      const params = { credit, threshold: settings.smsCreditBelow }
      const details = alertText(SMS_CREDIT.kind, params).title
      const raised = await repo.raiseAlert(tx, { kind: SMS_CREDIT.kind, channel: SMS_CREDIT.readingChannel, details, params, at: now })
      if (raised) await toLineGroup(tx, raised.id, SMS_CREDIT.kind, params)
      return raised ? 1 : 0
    },

    /** The newest alerts the operator's role can act on, read or not, and how many are unread. */
    async list(actor: Pick<OperatorActor, 'operatorId' | 'role'>): Promise<DeskAlertList> {
      const kinds = (Object.keys(DESK_ALERTS) as DeskAlertKind[]).filter((k) => mayOperator(actor.role, DESK_ALERTS[k].permission))
      if (kinds.length === 0) return { unread: 0, list: [] }
      const since = new Date(clock.now().getTime() - LIST_DAYS * 86_400_000)
      const [rows, unread] = await Promise.all([
        repo.recent(db, kinds, actor.operatorId, since, LIST_SIZE),
        repo.unreadCount(db, kinds, actor.operatorId, since),
      ])
      return {
        unread,
        list: rows.map(({ alert, readAt }) => {
          const kind = alert.kind as DeskAlertKind
          return {
            id: alert.id,
            kind,
            ...alertText(kind, alert.params ?? {}),
            link: DESK_ALERTS[kind].path,
            created_at: alert.createdAt.toISOString(),
            read: readAt !== null,
          }
        }),
      }
    },

    /** The operator has read an alert its role can see (again: nothing changes); another is NOT_FOUND. */
    async read(actor: Pick<OperatorActor, 'operatorId' | 'role'>, id: number): Promise<{ id: number }> {
      const alert = await repo.findById(db, id)
      if (!alert || !isDeskAlertKind(alert.kind) || !mayOperator(actor.role, DESK_ALERTS[alert.kind].permission)) throw new AppError('NOT_FOUND')
      await repo.markRead(db, id, actor.operatorId, clock.now())
      return { id }
    },
  }
}
export type DeskAlertsService = ReturnType<typeof createDeskAlertsService>
