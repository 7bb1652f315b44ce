import { LRUCache } from 'lru-cache'
import { afterCommit } from '../../db/after-commit.ts'
import type { Db } from '../../db/client.ts'
import type { PlayerAccountKind } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { accountKey, type LedgerRepository } from './ledger.repository.ts'

/** House accounts: no running balance; their balance is the sum of their transfers. */
export type HouseAccount = 'bank_in' | 'bank_out' | 'promotion' | 'referral_expense' | 'rebate_expense' | 'forfeit' | 'adjustment' | `game:${string}`

export type AccountRef = { player: number; kind: PlayerAccountKind } | { house: HouseAccount }

export interface TransferRequest {
  /** Derived from the source (`deposit:<ref>`, `withdraw:<id>:approve`, ...): a replay moves nothing. */
  key: string
  from: AccountRef
  to: AccountRef
  amount: bigint
  /** One of the contract's TRANSFER_KINDS, which the back-office shows in Thai. */
  kind: string
  /** What the transfer belongs to (`deposit:<id>`, `withdrawal:<id>`), for statements and verification. */
  reference: string
}

export interface TransferResult {
  id: number
  /** True when the key was already used: nothing moved this time. */
  replayed: boolean
}

/** Points where tests inject a failure into a movement of money. */
export interface LedgerFaults {
  /** After the statement that debited `request`'s account (and wrote its transfer), before the call answers. */
  afterDebit?: (request: TransferRequest) => void
}

/**
 * How many account ids one process remembers (ADR 062): about 3 MB at most, more than the players betting at one time
 * on one process; a forgotten one is read again.
 */
const KNOWN_ACCOUNTS_MAX = 20_000

export interface LedgerFailure {
  check: string
  account?: string
  detail: string
}

/**
 * The only code that writes money. Every movement is one immutable transfer row plus conditional balance
 * updates, in the caller's transaction: either all of it happens or none of it does.
 */
export function createLedger(deps: {
  clock: Clock
  ledgerRepository: LedgerRepository
  faults?: LedgerFaults
  /**
   * The NOTIFY channel on which every movement names the players whose accounts changed (each once, in id order, the
   * id the payload), in the statement that moves the money: delivered when (and only if) the transaction commits. The
   * wallet's live balance listens there (ADR 049, 061).
   */
  balanceChannel?: string
  /**
   * Told the kind of every transfer written, once the caller's transaction has committed (db/after-commit.ts): never
   * for a transaction or savepoint that rolled back, nor for a replay, which wrote nothing (the metrics, ADR 051).
   */
  onTransfersCommitted?: (kinds: readonly string[]) => void
}) {
  const { ledgerRepository } = deps
  /**
   * Account ids this process has seen committed, by `accountKey` (ADR 062). An account is never deleted and never
   * changes its owner or kind, so a committed id stays right; one created in a transaction is remembered only once
   * that transaction has committed (a rollback takes the row, and its id is never used again).
   */
  const knownAccounts = new LRUCache<string, number>({ max: KNOWN_ACCOUNTS_MAX })

  /** The ids of `refs`' accounts: the remembered ones as they are, the others read (created when missing) in one statement. */
  async function accountIdsOf(tx: Db, refs: ReadonlyArray<{ playerId: number | null; kind: string }>): Promise<Map<string, number>> {
    const ids = new Map<string, number>()
    const unknown: Array<{ playerId: number | null; kind: string }> = []
    for (const ref of refs) {
      const key = accountKey(ref.playerId, ref.kind)
      const id = knownAccounts.get(key)
      if (id === undefined) unknown.push(ref)
      else ids.set(key, id)
    }
    if (unknown.length === 0) return ids
    const read = await ledgerRepository.accountIds(tx, unknown)
    for (const [key, id] of read) ids.set(key, id)
    afterCommit(tx, () => {
      for (const [key, id] of read) knownAccounts.set(key, id)
    })
    return ids
  }

  /** After transfers were written in `tx`: the test faults after each debit, then their kinds told once `tx` commits. */
  function written(tx: Db, requests: readonly TransferRequest[]): void {
    for (const request of requests) if ('player' in request.from) deps.faults?.afterDebit?.(request)
    const told = deps.onTransfersCommitted
    if (told && requests.length > 0) {
      const kinds = requests.map((r) => r.kind)
      afterCommit(tx, () => told(kinds))
    }
  }

  /**
   * Moves money: one transfer row per request and the running balances of the player accounts it touches, in a
   * constant number of statements however many requests (ADR 011, set-based bets; ADR 017, one write path): one read
   * of the accounts (creating missing ones; none when this process has seen them all committed, ADR 062), one check
   * of the keys, and ONE statement that moves the money (ADR 061):
   * the balance update of every player account touched (conditional on the result staying >= 0, backed by the CHECK),
   * the multi-row transfer insert (unique keys; transfers are immutable) and, with `balanceChannel`, the NOTIFY naming
   * the players whose money moved (the live balance, ADR 049). House accounts keep no running balance.
   * Must run inside a transaction the caller owns, so the business rows and their money commit together.
   *
   * All or nothing: each player account's NET change must keep it at or above zero, otherwise INSUFFICIENT_FUNDS is
   * thrown and the caller's transaction (or savepoint) must be rolled back. A key already used by the same transfer
   * is a replay (moves nothing, answered `replayed`); by another transfer, an error. Balance rows are locked in
   * account-id order, so two calls between the same accounts in opposite directions can never wait on each other.
   * `ensure` names accounts to create when missing even though no transfer here touches them (a caller that refused
   * a transfer at the point where its accounts would already have been created). `fresh` says every key is new (each
   * derived from a claim this transaction has just inserted, as the seamless wallet's are): the read of existing keys
   * is skipped, and a key that exists after all fails the call with CONFLICT at the insert, as a concurrent insert
   * does. Answers one result per request, in order.
   */
  async function transferMany(
    tx: Db,
    requests: readonly TransferRequest[],
    options: { ensure?: readonly AccountRef[]; fresh?: boolean } = {},
  ): Promise<TransferResult[]> {
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
    const ids = await accountIdsOf(tx, refs.map(refOf))
    const idOf = (ref: AccountRef) => ids.get(keyOfRef(ref))!
    if (requests.length === 0) return []

    const existing = new Map(
      options.fresh
        ? []
        : (
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
    const players = new Set<number>()
    for (const request of fresh) for (const ref of [request.from, request.to]) if ('player' in ref && deltas.get(idOf(ref))) players.add(ref.player)
    const now = deps.clock.now()
    const { balances: updated, inserted } = await ledgerRepository.move(tx, {
      deltas: changes,
      transfers: fresh.map((r) => ({
        idempotencyKey: r.key,
        debitAccountId: idOf(r.from),
        creditAccountId: idOf(r.to),
        amount: r.amount,
        kind: r.kind,
        reference: r.reference,
        createdAt: now,
      })),
      ...(deps.balanceChannel && players.size > 0 ? { notify: { channel: deps.balanceChannel, playerIds: [...players].sort((a, b) => a - b) } } : {}),
    })
    for (const change of changes) {
      if (updated.has(change.accountId)) continue
      if (change.delta < 0n) throw new AppError('INSUFFICIENT_FUNDS')
      throw new Error(`account ${change.accountId} has no running balance`)
    }
    // A concurrent transaction inserted one of the keys after our check (or, `fresh`, a key was not new): ours must not commit.
    if (inserted.size !== fresh.length) throw new AppError('CONFLICT')
    written(tx, fresh)
    return requests.map((r) => {
      const found = existing.get(r.key)
      return found ? { id: found.id, replayed: true } : { id: inserted.get(r.key)!, replayed: false }
    })
  }

  return {
    /** The one writer of money: one transfer is `transferMany(tx, [request])` (ADR 017). */
    transferMany,

    /**
     * The bet batch's function (`seamless_bet_batch`, ADR 096) moves bets' money in the database, as `ledger_move`
     * does, in one statement: what it needs from the ledger (the NOTIFY channel) and what the ledger does after a
     * movement (`written`: the test faults after a debit, the kinds told once `tx` commits; at once outside a
     * transaction, which has committed). `hooked`: tests injected faults, so the caller runs the statement inside a
     * transaction that a fault can still roll back.
     */
    outside: {
      channel: deps.balanceChannel ?? '',
      hooked: deps.faults?.afterDebit !== undefined,
      written,
    },

    balances: ledgerRepository.balances,
    lockPlayers: ledgerRepository.lockPlayers,

    /** Checks every invariant of DESIGN §3 and names what fails. */
    async verify(db: Db): Promise<{ ok: boolean; checked: number; failures: LedgerFailure[] }> {
      const found = await ledgerRepository.invariantViolations(db)
      const failures: LedgerFailure[] = []

      for (const r of found.mismatched) {
        failures.push({
          check: 'balance_equals_transfers',
          account: `player:${r.player_id}:${r.kind}`,
          detail: `balance ${r.balance} but transfers sum to ${r.computed}`,
        })
      }

      for (const r of found.negative)
        failures.push({ check: 'balance_not_negative', account: `player:${r.player_id}:${r.kind}`, detail: `balance ${r.balance}` })

      for (const r of found.unbalanced) failures.push({ check: 'transfer_balanced', detail: `transfer ${r.id} is not a positive move between two accounts` })

      for (const r of found.badDeposits)
        failures.push({ check: 'deposit_transfers', detail: `deposit ${r.id} (${r.status}) has ${r.n} transfers totalling ${r.total ?? 0}` })

      for (const r of found.badWithdrawals) {
        failures.push({
          check: 'withdrawal_transfers',
          detail: `withdrawal ${r.id} (${r.status}) has transfers [${r.kinds}]${r.shaped ? '' : ' with a wrong amount or account'}`,
        })
      }

      for (const r of found.badBonuses)
        failures.push({ check: 'promotion_bonus', detail: `player promotion ${r.id} has ${r.n} bonus transfers totalling ${r.total ?? 0}` })

      for (const r of found.badAccruals) {
        failures.push({
          check: 'accrual_transfers',
          account: `player:${r.beneficiary_id}`,
          detail: `accrual ${r.day} from ${r.source_id} level ${r.level} is not paid exactly once`,
        })
      }

      for (const r of found.badPayouts) failures.push({ check: 'payout_transfers', detail: `payout ${r.id} has ${r.n} matching transfers` })

      for (const r of found.orphans) failures.push({ check: 'transfer_reference', detail: `transfer ${r.id} refers to missing ${r.reference}` })
      for (const r of found.badTurnover) {
        failures.push({
          check: 'turnover_counter',
          account: `player:${r.player_id}`,
          detail: `valid turnover of ${r.day}: ${r.kept ?? 'no row'} kept, ${r.derived ?? 0} from the bets of settled rounds`,
        })
      }

      return { ok: failures.length === 0, checked: found.checked, failures }
    },
  }
}
export type Ledger = ReturnType<typeof createLedger>
