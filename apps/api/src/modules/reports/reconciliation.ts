import { msg, satangToBaht, type Reconciliation, type ReconciliationAccount } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { bangkokDayRange } from '@sanam/contract/bangkok'
import { creditedAlready } from '../deposit-exceptions/deposit-exceptions.service.ts'
import type { DepositsRepository } from '../deposits/deposits.repository.ts'

/** One Bangkok day's rows as the deposits module keeps them: transfers, exceptions, and the pay-in accounts. */
export type ReconciliationRows = Awaited<ReturnType<DepositsRepository['reconciliationDay']>>

const digits = (account: string) => account.replace(/\D/g, '')

/**
 * One Bangkok day per pay-in account, by the transfers' time: the bank feed's total against the credited deposits,
 * with every difference (a transfer not credited, an exception, a credit no transfer confirms, a claim waiting). A pure
 * function of the day's rows (ADR 066).
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
  return { day, accounts }
}

/** The daily reconciliation of each pay-in account (ADR 035), read from the deposits' rows. */
export function createReconciliationService(deps: { db: Db; depositsRepository: Pick<DepositsRepository, 'reconciliationDay'> }) {
  return {
    async reconciliation(day: string): Promise<Reconciliation> {
      const { start, end } = bangkokDayRange(day)
      return reconcileDay(day, await deps.depositsRepository.reconciliationDay(deps.db, start, end))
    },
  }
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>
