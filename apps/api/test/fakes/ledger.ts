import type { Db } from '../../src/db/client.ts'
import type { PlayerAccountKind } from '../../src/db/schema.ts'
import { AppError } from '../../src/errors.ts'
import type { AccountRef, Ledger, TransferRequest, TransferResult } from '../../src/modules/ledger/ledger.service.ts'

/** A transfer the fake ledger kept, as the real one keeps its transfer rows. */
export interface FakeTransfer extends TransferRequest {
  id: number
}

const accountName = (ref: AccountRef) => ('house' in ref ? `house:${ref.house}` : `player:${ref.player}:${ref.kind}`)

/**
 * The ledger in memory, for the service test tier: balances per player account, a transfer list, the same refusals
 * as the real one (INSUFFICIENT_FUNDS, all or nothing; a key replayed with the same transfer moves nothing; reused for
 * another is an error). House accounts keep no balance. `locked` records who took the player lock, in order.
 */
export function fakeLedger() {
  const balances = new Map<string, bigint>()
  const transfers: FakeTransfer[] = []
  const locked: number[] = []

  const ledger: Pick<Ledger, 'transferMany' | 'lockPlayers' | 'balances' | 'outside'> = {
    outside: { channel: '', hooked: false, written() {} },
    async transferMany(_tx: Db, requests: readonly TransferRequest[]): Promise<TransferResult[]> {
      const deltas = new Map<string, bigint>()
      const answers: TransferResult[] = []
      const fresh: TransferRequest[] = []
      for (const request of requests) {
        if (request.amount <= 0n) throw new Error(`transfer amount must be positive: ${request.amount}`)
        const found = transfers.find((t) => t.key === request.key)
        if (found) {
          if (found.amount !== request.amount || accountName(found.from) !== accountName(request.from) || accountName(found.to) !== accountName(request.to)) {
            throw new Error(`idempotency key ${request.key} reused for a different transfer`)
          }
          answers.push({ id: found.id, replayed: true })
          continue
        }
        fresh.push(request)
        for (const [ref, sign] of [
          [request.from, -1n],
          [request.to, 1n],
        ] as const) {
          if ('player' in ref) deltas.set(accountName(ref), (deltas.get(accountName(ref)) ?? 0n) + sign * request.amount)
        }
        answers.push({ id: transfers.length + fresh.length, replayed: false })
      }
      for (const [name, delta] of deltas) if ((balances.get(name) ?? 0n) + delta < 0n) throw new AppError('INSUFFICIENT_FUNDS')
      for (const [name, delta] of deltas) balances.set(name, (balances.get(name) ?? 0n) + delta)
      for (const request of fresh) transfers.push({ ...request, id: transfers.length + 1 })
      return answers
    },

    async lockPlayers(_tx: Db, playerIds: readonly number[]) {
      const out = new Map<number, { id: number; balance: bigint }>()
      for (const id of [...new Set(playerIds)].sort((a, b) => a - b)) {
        locked.push(id)
        const cash = balances.get(`player:${id}:cash`)
        if (cash !== undefined) out.set(id, { id, balance: cash })
      }
      return out
    },

    async balances(_db: Db, playerId: number) {
      const of = (kind: PlayerAccountKind) => balances.get(`player:${playerId}:${kind}`) ?? 0n
      return { cash: of('cash'), withdraw_hold: of('withdraw_hold'), referral: of('referral'), rebate: of('rebate') }
    },
  }

  return {
    ledger,
    transfers,
    locked,
    /** A player account's balance in satang. */
    balance: (playerId: number, kind: PlayerAccountKind = 'cash') => balances.get(`player:${playerId}:${kind}`) ?? 0n,
    /** Puts money on a player account as if earlier transfers had (a deposit, an accrual). */
    fund(playerId: number, satang: bigint, kind: PlayerAccountKind = 'cash') {
      balances.set(`player:${playerId}:${kind}`, (balances.get(`player:${playerId}:${kind}`) ?? 0n) + satang)
    },
  }
}
export type FakeLedger = ReturnType<typeof fakeLedger>
