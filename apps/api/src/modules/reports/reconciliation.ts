import {
  msg,
  satangToBaht,
  TransferSource,
  type DepositSources,
  type Reconciliation,
  type ReconciliationAccount,
  type ReconciliationSource,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { BankNotificationsRepository } from '../bank-notifications/bank-notifications.repository.ts'
import { creditedAlready } from '../deposit-exceptions/deposit-exceptions.service.ts'
import type { DepositsRepository } from '../deposits/deposits.repository.ts'
import type { SlipsRepository } from '../slips/slips.repository.ts'

/**
 * One Bangkok day's rows as each source's module keeps them: the deposits module's transfers, exceptions and pay-in
 * accounts, the slip checks a verifier answered and the incoming bank notifications of that day (ADR 086).
 */
export type ReconciliationRows = Awaited<ReturnType<DepositsRepository['reconciliationDay']>> & {
  slips: Awaited<ReturnType<SlipsRepository['reconciliationDay']>>
  notifications: Awaited<ReturnType<BankNotificationsRepository['reconciliationDay']>>
}

const digits = (account: string) => account.replace(/\D/g, '')

/**
 * One Bangkok day per pay-in account, by the transfers' time: the bank feed's total against the credited deposits,
 * with every difference (a transfer not credited, an exception, a credit no transfer confirms, a claim waiting); and
 * per source, what each reported against what was credited, every transfer counted once in `transfers` (ADR 086). A
 * pure function of the day's rows (ADR 066).
 */
export function reconcileDay(day: string, found: ReconciliationRows): Reconciliation {
  const lines = new Map<string | null, ReconciliationAccount>()
  const line = (account: string | null) => {
    let existing = lines.get(account)
    if (!existing) {
      const known = found.accounts.find((a) => a.accountNumber === account)
      existing = {
        account,
        bank_code: known?.bankCode ?? null,
        account_name: known?.accountName ?? null,
        feed_total: 0,
        feed_count: 0,
        credited_total: 0,
        credited_count: 0,
        difference: 0,
        differences: [],
      }
      lines.set(account, existing)
    }
    return existing
  }
  for (const a of found.accounts) line(a.accountNumber)
  const totals = new Map<ReconciliationAccount, { feed: bigint; credited: bigint }>()
  const add = (l: ReconciliationAccount, side: 'feed' | 'credited', amount: bigint) => {
    const t = totals.get(l) ?? { feed: 0n, credited: 0n }
    t[side] += amount
    totals.set(l, t)
    if (side === 'feed') l.feed_count += 1
    else l.credited_count += 1
  }
  const texts = {
    NOT_CREDITED: msg('RECON_NOT_CREDITED'),
    EXCEPTION: msg('RECON_EXCEPTION'),
    WITHOUT_FEED: msg('RECON_WITHOUT_FEED'),
    CLAIM_PENDING: msg('RECON_CLAIM_PENDING'),
  }
  const differ = (
    l: ReconciliationAccount,
    kind: keyof typeof texts,
    amount: bigint,
    ids: { deposit?: number; exception?: number },
    externalId: string,
    playerId: number | null,
  ) =>
    l.differences.push({
      kind,
      text: texts[kind],
      amount: satangToBaht(amount),
      deposit_id: ids.deposit ?? null,
      exception_id: ids.exception ?? null,
      external_id: externalId,
      player_id: playerId,
    })
  for (const d of found.deposits) {
    if (d.status === 'REJECTED') continue
    const l = line(d.feedAt ? digits(d.toAccount) : null)
    if (d.feedAt) add(l, 'feed', d.amount)
    if (d.creditedAt) add(l, 'credited', d.amount)
    if (d.feedAt && !d.creditedAt) differ(l, 'NOT_CREDITED', d.amount, { deposit: d.id }, d.externalId, null)
    if (!d.feedAt && d.creditedAt) differ(l, 'WITHOUT_FEED', d.amount, { deposit: d.id }, d.externalId, d.playerId)
    if (d.status === 'CLAIMED') differ(l, 'CLAIM_PENDING', d.amount, { deposit: d.id }, d.externalId, d.playerId)
  }
  // A credited exception is counted as the deposit made of it.
  // A deposit-limit flag is on a credited transfer, counted above as its deposit.
  for (const e of found.exceptions) {
    if (e.status === 'CREDITED' || creditedAlready(e)) continue
    const l = line(digits(e.toAccount))
    add(l, 'feed', e.amount)
    differ(l, 'EXCEPTION', e.amount, { exception: e.id, deposit: e.depositId }, e.externalId, null)
  }
  const accounts = [...lines.values()].map((l) => {
    const t = totals.get(l) ?? { feed: 0n, credited: 0n }
    return { ...l, feed_total: satangToBaht(t.feed), credited_total: satangToBaht(t.credited), difference: satangToBaht(t.feed - t.credited) }
  })
  return { day, accounts, ...bySource(found) }
}

type SourceDifference = ReconciliationSource['differences'][number]

/**
 * Each source's reports of the day against the credits, and the day's transfers counted once (ADR 086). A deposit is
 * one transfer whichever sources reported it: the feed (`feed_at`), a slip (its source, a check that names it or its
 * key), a notification (its source, `notification_at`, a notification that names it), an operator (MANUAL). A slip a
 * verifier confirmed into our account that made no deposit is a transfer of its own, once per key; a notification
 * that joined no deposit is listed but not counted among the transfers (nothing tells it from another report).
 */
function bySource(found: ReconciliationRows): Pick<Reconciliation, 'sources' | 'transfers'> {
  const rows = new Map(
    TransferSource.options.map((source) => [source, { reported: 0n, reportedCount: 0, credited: 0n, creditedCount: 0, differences: [] as SourceDifference[] }]),
  )
  const transfers = { count: 0, total: 0n, creditedCount: 0, credited: 0n }
  const texts = {
    NOT_CREDITED: msg('RECON_NOT_CREDITED'),
    CLAIM_PENDING: msg('RECON_CLAIM_PENDING'),
    SLIP_NOT_CREDITED: msg('RECON_SLIP_NOT_CREDITED'),
    NOTIFICATION_NOT_JOINED: msg('RECON_NOTIFICATION_NOT_JOINED'),
  }
  const report = (source: TransferSource, amount: bigint, credited: boolean, difference: Omit<SourceDifference, 'text' | 'amount'> | null) => {
    const row = rows.get(source)!
    row.reported += amount
    row.reportedCount += 1
    if (credited) {
      row.credited += amount
      row.creditedCount += 1
    } else if (difference) row.differences.push({ ...difference, text: texts[difference.kind], amount: satangToBaht(amount) })
  }
  const count = (amount: bigint, credited: boolean) => {
    transfers.count += 1
    transfers.total += amount
    if (credited) {
      transfers.creditedCount += 1
      transfers.credited += amount
    }
  }
  const slipDeposits = new Set(found.slips.flatMap((s) => (s.depositId === null ? [] : [s.depositId])))
  const slipKeys = new Set(found.slips.map((s) => s.slipKey))
  const notified = new Set(found.notifications.flatMap((n) => (n.depositId === null ? [] : [n.depositId])))
  const depositKeys = new Set(found.deposits.flatMap((d) => (d.senderRef === null ? [] : [d.senderRef])))
  for (const d of found.deposits) {
    if (d.status === 'REJECTED') continue
    const credited = d.creditedAt !== null
    const reporters: TransferSource[] = []
    if (d.feedAt) reporters.push('BANK_FEED')
    if (d.source === 'SLIP' || slipDeposits.has(d.id) || (d.senderRef !== null && slipKeys.has(d.senderRef))) reporters.push('SLIP')
    if (d.source === 'NOTIFICATION' || d.notificationAt || notified.has(d.id)) reporters.push('NOTIFICATION')
    if (d.source === 'MANUAL') reporters.push('MANUAL')
    count(d.amount, credited)
    // An operator's claim is not known to be money in the account until the feed or a second operator confirms it.
    const kind = d.status === 'CLAIMED' ? 'CLAIM_PENDING' : 'NOT_CREDITED'
    for (const source of reporters)
      report(source, d.amount, credited, { kind, deposit_id: d.id, record_id: null, reference: d.externalId, player_id: d.playerId })
  }
  for (const e of found.exceptions) {
    if (e.status === 'CREDITED' || creditedAlready(e)) continue
    count(e.amount, false)
    report('BANK_FEED', e.amount, false, { kind: 'NOT_CREDITED', deposit_id: e.depositId, record_id: e.id, reference: e.externalId, player_id: null })
  }
  const counted = new Set<string>()
  for (const s of found.slips) {
    // Another account's transfer is not our money; a deposit made or found by the check is counted above.
    if (!s.facts || s.reason === 'RECEIVER' || s.depositId !== null || depositKeys.has(s.slipKey) || counted.has(s.slipKey)) continue
    counted.add(s.slipKey)
    const amount = BigInt(s.facts.amount)
    count(amount, false)
    report('SLIP', amount, false, { kind: 'SLIP_NOT_CREDITED', deposit_id: null, record_id: s.id, reference: s.slipKey, player_id: s.playerId })
  }
  for (const n of found.notifications) {
    if (n.depositId !== null || n.facts.amount === undefined) continue
    report('NOTIFICATION', BigInt(n.facts.amount), false, {
      kind: 'NOTIFICATION_NOT_JOINED',
      deposit_id: null,
      record_id: n.id,
      reference: `notification:${n.id}`,
      player_id: null,
    })
  }
  return {
    sources: [...rows].map(([source, r]) => ({
      source,
      reported_count: r.reportedCount,
      reported_total: satangToBaht(r.reported),
      credited_count: r.creditedCount,
      credited_total: satangToBaht(r.credited),
      difference: satangToBaht(r.reported - r.credited),
      differences: r.differences,
    })),
    transfers: {
      count: transfers.count,
      total: satangToBaht(transfers.total),
      credited_count: transfers.creditedCount,
      credited_total: satangToBaht(transfers.credited),
    },
  }
}

/**
 * The daily reconciliation of each pay-in account (ADR 035) and of each source (ADR 086), read from the deposits', the
 * slips' and the notifications' rows; and the desk's count of the day's arrivals per source.
 */
export function createReconciliationService(deps: {
  db: Db
  clock: Clock
  depositsRepository: Pick<DepositsRepository, 'reconciliationDay' | 'arrivals'>
  slipsRepository: Pick<SlipsRepository, 'reconciliationDay' | 'arrivals'>
  bankNotificationsRepository: Pick<BankNotificationsRepository, 'reconciliationDay' | 'arrivals'>
}) {
  const { db } = deps
  return {
    /** A Bangkok day reconciled (in `tx` when a caller reads it inside its own transaction, e.g. the desk's alerts). */
    async reconciliation(day: string, tx: Db = db): Promise<Reconciliation> {
      const { start, end } = bangkokDayRange(day)
      const rows = await deps.depositsRepository.reconciliationDay(tx, start, end)
      const slips = await deps.slipsRepository.reconciliationDay(tx, start, end)
      const notifications = await deps.bankNotificationsRepository.reconciliationDay(tx, start, end)
      return reconcileDay(day, { ...rows, slips, notifications })
    },
    /** A Bangkok day's arrivals per source (today by default), by when each report arrived. */
    async depositSources(day = bangkokDay(deps.clock.now())): Promise<DepositSources> {
      const { start, end } = bangkokDayRange(day)
      const { feed, manual } = await deps.depositsRepository.arrivals(db, start, end)
      const counts = {
        BANK_FEED: feed,
        SLIP: await deps.slipsRepository.arrivals(db, start, end),
        NOTIFICATION: await deps.bankNotificationsRepository.arrivals(db, start, end),
        MANUAL: manual,
      }
      return {
        day,
        sources: TransferSource.options.map((source) => {
          const { notMoney, ...rest } = counts[source]
          return { source, ...rest, not_money: notMoney }
        }),
      }
    },
  }
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>
