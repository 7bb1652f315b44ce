import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { PlayerAccountKind } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { rowsOf } from '../../db/rows.ts'
import { accountKey, ledgerRepository } from './ledger.repository.ts'

/** House accounts: no running balance; their balance is the sum of their transfers. */
export type HouseAccount = 'bank_in' | 'bank_out' | 'promotion' | 'referral_expense' | 'rebate_expense' | 'forfeit' | 'adjustment' | `game:${string}`

export type AccountRef = { player: number; kind: PlayerAccountKind } | { house: HouseAccount }

export interface TransferRequest {
  /** Derived from the source (`deposit:<ref>`, `withdraw:<id>:approve`, ...): a replay moves nothing. */
  key: string
  from: AccountRef
  to: AccountRef
  amount: bigint
  kind: string
  /** What the transfer belongs to (`deposit:<id>`, `withdrawal:<id>`), for statements and verification. */
  reference: string
}

export interface TransferResult {
  id: number
  /** True when the key was already used: nothing moved this time. */
  replayed: boolean
}

/** Points where tests inject a failure between the steps of one transfer. */
export interface LedgerFaults {
  afterDebit?: (request: TransferRequest) => void
}

export interface LedgerFailure {
  check: string
  account?: string
  detail: string
}

/**
 * The only code that writes money. Every movement is one immutable transfer row plus conditional balance
 * updates, in the caller's transaction: either all of it happens or none of it does.
 */
export function createLedger(deps: { clock: Clock; faults?: LedgerFaults }) {
  /**
   * Moves money: one transfer row per request and the running balances of the player accounts it touches, in a
   * constant number of statements however many requests (ADR 011, set-based bets; ADR 017, one write path): one read
   * of the accounts (creating missing ones), one check of the keys, ONE balance update for all player accounts
   * touched (`UPDATE ... FROM (VALUES ...)`, conditional on the result staying >= 0, backed by the CHECK) and ONE
   * multi-row transfer insert (unique keys; transfers are immutable). House accounts keep no running balance. Must run
   * inside a transaction the caller owns, so the business rows and their money commit together.
   *
   * All or nothing: each player account's NET change must keep it at or above zero, otherwise INSUFFICIENT_FUNDS is
   * thrown and the caller's transaction (or savepoint) must be rolled back. A key already used by the same transfer
   * is a replay (moves nothing, answered `replayed`); by another transfer, an error. Balance rows are locked in
   * account-id order, so two calls between the same accounts in opposite directions can never wait on each other.
   * `ensure` names accounts to create when missing even though no transfer here touches them (a caller that refused
   * a transfer at the point where its accounts would already have been created). Answers one result per request, in
   * order.
   */
  async function transferMany(tx: Db, requests: readonly TransferRequest[], options: { ensure?: readonly AccountRef[] } = {}): Promise<TransferResult[]> {
    const refOf = (ref: AccountRef) => ('house' in ref ? { playerId: null, kind: ref.house as string } : { playerId: ref.player, kind: ref.kind as string })
    const keyOfRef = (ref: AccountRef) => {
      const r = refOf(ref)
      return accountKey(r.playerId, r.kind)
    }
    const seen = new Set<string>()
    for (const request of requests) {
      if (request.amount <= 0n) throw new Error(`transfer amount must be positive: ${request.amount}`)
      if (seen.has(request.key)) throw new Error(`idempotency key ${request.key} appears twice in one transferMany`)
      seen.add(request.key)
    }
    const refs = [...requests.flatMap((r) => [r.from, r.to]), ...(options.ensure ?? [])]
    if (refs.length === 0) return []
    const ids = await ledgerRepository.accountIds(tx, refs.map(refOf))
    const idOf = (ref: AccountRef) => ids.get(keyOfRef(ref))!
    if (requests.length === 0) return []

    const existing = new Map(
      (
        await ledgerRepository.findTransfersByKeys(
          tx,
          requests.map((r) => r.key),
        )
      ).map((row) => [row.idempotencyKey, row]),
    )
    const fresh: TransferRequest[] = []
    for (const request of requests) {
      const found = existing.get(request.key)
      if (!found) {
        fresh.push(request)
        continue
      }
      if (found.amount !== request.amount || found.debitAccountId !== idOf(request.from) || found.creditAccountId !== idOf(request.to)) {
        throw new Error(`idempotency key ${request.key} reused for a different transfer`)
      }
    }

    const deltas = new Map<number, bigint>()
    for (const request of fresh) {
      if ('player' in request.from) deltas.set(idOf(request.from), (deltas.get(idOf(request.from)) ?? 0n) - request.amount)
      if ('player' in request.to) deltas.set(idOf(request.to), (deltas.get(idOf(request.to)) ?? 0n) + request.amount)
    }
    const changes = [...deltas]
      .filter(([, delta]) => delta !== 0n)
      .sort(([a], [b]) => a - b)
      .map(([accountId, delta]) => ({ accountId, delta }))
    const updated = await ledgerRepository.applyDeltas(tx, changes)
    for (const change of changes) {
      if (updated.has(change.accountId)) continue
      if (change.delta < 0n) throw new AppError('INSUFFICIENT_FUNDS')
      throw new Error(`account ${change.accountId} has no running balance`)
    }
    for (const request of fresh) if ('player' in request.from) deps.faults?.afterDebit?.(request)

    const now = deps.clock.now()
    const inserted = await ledgerRepository.insertTransfers(
      tx,
      fresh.map((r) => ({
        idempotencyKey: r.key,
        debitAccountId: idOf(r.from),
        creditAccountId: idOf(r.to),
        amount: r.amount,
        kind: r.kind,
        reference: r.reference,
        createdAt: now,
      })),
    )
    // A concurrent transaction inserted one of the keys after our check: ours must not commit.
    if (inserted.size !== fresh.length) throw new AppError('CONFLICT')
    return requests.map((r) => {
      const found = existing.get(r.key)
      return found ? { id: found.id, replayed: true } : { id: inserted.get(r.key)!, replayed: false }
    })
  }

  return {
    /** The one writer of money: one transfer is `transferMany(tx, [request])` (ADR 017). */
    transferMany,

    balances: ledgerRepository.balances,
    lockPlayers: ledgerRepository.lockPlayers,

    /** Checks every invariant of DESIGN §3 and names what fails. */
    async verify(db: Db): Promise<{ ok: boolean; checked: number; failures: LedgerFailure[] }> {
      const failures: LedgerFailure[] = []
      const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))

      const mismatched = await q<{ id: string; player_id: string; kind: string; balance: string; computed: string }>(sql`
        select a.id, a.player_id, a.kind, a.balance, coalesce(c.s, 0) - coalesce(d.s, 0) as computed
        from accounts a
        left join (select credit_account_id as id, sum(amount) as s from transfers group by 1) c on c.id = a.id
        left join (select debit_account_id as id, sum(amount) as s from transfers group by 1) d on d.id = a.id
        where a.player_id is not null and a.balance <> coalesce(c.s, 0) - coalesce(d.s, 0)`)
      for (const r of mismatched) {
        failures.push({
          check: 'balance_equals_transfers',
          account: `player:${r.player_id}:${r.kind}`,
          detail: `balance ${r.balance} but transfers sum to ${r.computed}`,
        })
      }

      const negative = await q<{ player_id: string; kind: string; balance: string }>(sql`select player_id, kind, balance from accounts where balance < 0`)
      for (const r of negative) failures.push({ check: 'balance_not_negative', account: `player:${r.player_id}:${r.kind}`, detail: `balance ${r.balance}` })

      const unbalanced = await q<{ id: string }>(sql`select id from transfers where amount <= 0 or debit_account_id = credit_account_id`)
      for (const r of unbalanced) failures.push({ check: 'transfer_balanced', detail: `transfer ${r.id} is not a positive move between two accounts` })

      // Every credited deposit has exactly one credit of its amount to its player's cash; an unmatched one has none.
      const badDeposits = await q<{ id: string; status: string; n: string; total: string | null }>(sql`
        select d.id, d.status, count(t.id) as n, sum(t.amount) as total
        from deposits d
        left join transfers t on t.reference = 'deposit:' || d.id and t.kind = 'deposit'
        left join accounts a on a.id = t.credit_account_id
        group by d.id, d.status, d.amount, d.player_id
        having (d.status in ('MATCHED', 'ASSIGNED') and (count(t.id) <> 1 or sum(t.amount) <> d.amount or bool_or(a.player_id is distinct from d.player_id or a.kind <> 'cash')))
            or (d.status = 'UNMATCHED' and count(t.id) <> 0)`)
      for (const r of badDeposits)
        failures.push({ check: 'deposit_transfers', detail: `deposit ${r.id} (${r.status}) has ${r.n} transfers totalling ${r.total ?? 0}` })

      // A withdrawal is held once; a paid one is paid out once; a refused one is released once; each of its amount,
      // between exactly the accounts its kind implies.
      const badWithdrawals = await q<{ id: string; status: string; kinds: string; shaped: boolean }>(sql`
        select * from (
          select w.id, w.status,
            coalesce(string_agg(t.kind, ',' order by t.kind), '') as kinds,
            coalesce(bool_and(t.amount = w.amount and case t.kind
              when 'withdraw_hold' then da.player_id = w.player_id and da.kind = 'cash' and ca.player_id = w.player_id and ca.kind = 'withdraw_hold'
              when 'withdraw_payout' then da.player_id = w.player_id and da.kind = 'withdraw_hold' and ca.player_id is null and ca.kind = 'bank_out'
              when 'withdraw_release' then da.player_id = w.player_id and da.kind = 'withdraw_hold' and ca.player_id = w.player_id and ca.kind = 'cash'
              else false end), true) as shaped
          from withdrawals w
          left join transfers t on t.reference = 'withdrawal:' || w.id
          left join accounts da on da.id = t.debit_account_id
          left join accounts ca on ca.id = t.credit_account_id
          group by w.id, w.status
        ) x
        where not shaped or kinds <> case status
          when 'PENDING' then 'withdraw_hold'
          when 'SUCCESS' then 'withdraw_hold,withdraw_payout'
          else 'withdraw_hold,withdraw_release' end`)
      for (const r of badWithdrawals) {
        failures.push({
          check: 'withdrawal_transfers',
          detail: `withdrawal ${r.id} (${r.status}) has transfers [${r.kinds}]${r.shaped ? '' : ' with a wrong amount or account'}`,
        })
      }

      // A promotion's bonus was paid exactly once, in full, to the player's cash.
      const badBonuses = await q<{ id: string; n: string; total: string | null }>(sql`
        select pp.id, count(t.id) as n, sum(t.amount) as total
        from player_promotions pp
        left join transfers t on t.reference = 'deposit:' || pp.deposit_id and t.kind = 'promotion_bonus'
        left join accounts a on a.id = t.credit_account_id
        group by pp.id, pp.bonus, pp.player_id
        having count(t.id) <> (case when pp.bonus > 0 then 1 else 0 end)
            or coalesce(sum(t.amount), 0) <> pp.bonus
            or bool_or(a.player_id is distinct from pp.player_id or a.kind <> 'cash')`)
      for (const r of badBonuses)
        failures.push({ check: 'promotion_bonus', detail: `player promotion ${r.id} has ${r.n} bonus transfers totalling ${r.total ?? 0}` })

      // Each commission or rebate accrual was paid exactly once (nothing for a zero amount), to the right wallet.
      const badAccruals = await q<{ day: string; beneficiary_id: string; source_id: string; level: number }>(sql`
        select a.day, a.beneficiary_id, a.source_id, a.level
        from accruals a
        left join transfers t on t.idempotency_key = 'accrual:' || a.day || ':' || a.beneficiary_id || ':' || a.source_id || ':' || a.level
        left join accounts c on c.id = t.credit_account_id
        where (a.amount > 0 and (t.id is null or t.amount <> a.amount or c.player_id <> a.beneficiary_id
                                 or c.kind <> case when a.level = 0 then 'rebate' else 'referral' end))
           or (a.amount = 0 and t.id is not null)`)
      for (const r of badAccruals) {
        failures.push({
          check: 'accrual_transfers',
          account: `player:${r.beneficiary_id}`,
          detail: `accrual ${r.day} from ${r.source_id} level ${r.level} is not paid exactly once`,
        })
      }

      // Each move of a referral or rebate wallet to cash has exactly its transfer.
      const badPayouts = await q<{ id: string; n: string }>(sql`
        select p.id, count(t.id) as n from wallet_payouts p
        left join transfers t on t.reference = 'payout:' || p.id and t.amount = p.amount
        group by p.id having count(t.id) <> 1`)
      for (const r of badPayouts) failures.push({ check: 'payout_transfers', detail: `payout ${r.id} has ${r.n} matching transfers` })

      // Every transfer that names a deposit or withdrawal points at one that exists.
      const orphans = await q<{ id: string; reference: string }>(sql`
        select t.id, t.reference from transfers t
        where (t.reference like 'deposit:%' and not exists (select 1 from deposits d where 'deposit:' || d.id = t.reference))
           or (t.reference like 'withdrawal:%' and not exists (select 1 from withdrawals w where 'withdrawal:' || w.id = t.reference))`)
      for (const r of orphans) failures.push({ check: 'transfer_reference', detail: `transfer ${r.id} refers to missing ${r.reference}` })

      const [counts] = await q<{ n: string }>(sql`
        select (select count(*) from accounts) + (select count(*) from transfers) + (select count(*) from deposits) + (select count(*) from withdrawals) as n`)
      return { ok: failures.length === 0, checked: Number(counts?.n ?? 0), failures }
    },
  }
}
export type Ledger = ReturnType<typeof createLedger>
