// A mixed money load for the fault specs (postgres-faults, postgres-failover): deposits through the signed bank feed,
// game rounds (bet then win, or bet then rollback) and withdrawals approved or rejected, run against a server that may
// fail or die, then settled: every call answered once, every replay answered the same, every balance what the plan
// implies.
import { expect } from 'vitest'
import { errorCatalogue } from '@sanam/contract'
import { moneyBody, rollbackBody, seamlessRaw } from '@sanam/contract/seamless-calls'
import { call, postBankTransfer, postSeamless, type Answer } from './http.ts'
import { balanceSatang, fullHistory, fundPlayers, gameSession, registerPlayers, transferBody, type Player } from './money.ts'

/** The answer every request gets while the database cannot serve it (DESIGN §6). */
export const UNAVAILABLE = { success: false, code: 'DEPENDENCY_DOWN', message: errorCatalogue.DEPENDENCY_DOWN.message }

/** One call of an operation, kept so it can be sent again: the same bytes, or the same Idempotency-Key. */
export interface Call {
  kind: 'deposit' | 'bet' | 'win' | 'rollback' | 'withdraw' | 'approve' | 'reject'
  player: Player
  /** The signed body (deposit, seamless) or the Idempotency-Key (withdraw). */
  raw: string
  /** The first 200 answer's body. */
  first?: unknown
  /** When the request that was answered 200 was sent, and when its answer came (ms since the epoch). */
  sentAt?: number
  answeredAt?: number
}

export interface Op {
  player: number
  /** Sent in order; a call is sent only once the one before it was answered 200. */
  calls: Call[]
  /** What the operation does to the player's cash once every call is answered. */
  satang: number
}

/** Deposits, game rounds (bet then win, or bet then rollback) and, optionally, withdrawals approved or rejected. */
export function mixedPlan(o: { tag: string; count: number; players: Player[]; sessions: string[]; toAccount: string; withdrawals: boolean }): Op[] {
  const ops: Op[] = []
  for (let n = 0; n < o.count; n++) {
    const index = n % o.players.length
    const player = o.players[index]!
    const kind = n % (o.withdrawals ? 5 : 3)
    if (kind === 0) {
      const satang = 10_000 + n * 7
      ops.push({ player: index, satang, calls: [{ kind: 'deposit', player, raw: transferBody(`${o.tag}-${n}`, o.toAccount, player, satang) }] })
    } else if (kind <= 2) {
      const round = `${o.tag}-round-${n}`
      const session = o.sessions[index]!
      const bet: Call = { kind: 'bet', player, raw: seamlessRaw(moneyBody({ session, round, tx: `${round}-b`, amount: '20.00' }), `${round}-b`) }
      const end: Call =
        kind === 2
          ? { kind: 'rollback', player, raw: seamlessRaw(rollbackBody({ session, round, tx: `${round}-r`, ref: `${round}-b` }), `${round}-r`) }
          : { kind: 'win', player, raw: seamlessRaw(moneyBody({ session, round, tx: `${round}-w`, amount: '35.50' }), `${round}-w`) }
      ops.push({ player: index, satang: kind === 2 ? 0 : 3550 - 2000, calls: [bet, end] })
    } else {
      const approve = kind === 3
      // 100 to 199 baht: an amount that grew with n emptied the players' funds once a quiet machine ran a few thousand
      // operations (the failover run's healthy minute), and withdrawals were refused INSUFFICIENT_FUNDS.
      const baht = 100 + (n % 100)
      ops.push({
        player: index,
        satang: approve ? -baht * 100 : 0,
        calls: [
          { kind: 'withdraw', player, raw: `${o.tag}-wd-${n}:${baht}` },
          { kind: approve ? 'approve' : 'reject', player, raw: '' },
        ],
      })
    }
  }
  return ops
}

/**
 * A mixed load ready to run on `baseUrl`: `players` new players (registerPlayers with the two digits `prefix`), each
 * paid `satang` through the bank feed and holding a game session, and a plan of `count` operations over them, every
 * id of the funding and the plan tagged `tag`.
 */
export async function fundedMixedLoad(
  baseUrl: string,
  o: { players: number; prefix: string; satang: number; tag: string; count: number; withdrawals: boolean },
): Promise<MixedLoad> {
  const players = await registerPlayers(baseUrl, o.players, o.prefix)
  const toAccount = await fundPlayers(baseUrl, players, o.satang, o.tag)
  const sessions = await Promise.all(players.map((p) => gameSession(baseUrl, p)))
  return new MixedLoad(mixedPlan({ tag: o.tag, count: o.count, players, sessions, toAccount, withdrawals: o.withdrawals }), o.satang)
}

/** Runs a plan against a server that may fail or die, then settles it: every call answered, replays answer the same. */
export class MixedLoad {
  next = 0
  acks = 0
  slowest = 0
  unanswered = 0
  readonly unexpected: string[] = []
  private failures = 0
  constructor(
    readonly ops: Op[],
    /** Every player's balance before the plan. */
    private readonly startSatang: number,
  ) {}

  refused(): number {
    return this.failures
  }

  private send(c: Call, op: Op, target: { baseUrl: string; operator: string }): Promise<Answer<unknown>> {
    const base = target.baseUrl
    switch (c.kind) {
      case 'deposit':
        return postBankTransfer(base, c.raw)
      case 'withdraw': {
        const baht = Number(c.raw.split(':')[1])
        return call(base, 'POST', '/api/wallet/withdraw', { token: c.player.token, body: { amount: baht }, headers: { 'idempotency-key': c.raw } })
      }
      case 'approve':
      case 'reject': {
        const id = (op.calls[0]!.first as { data: { id: number } }).data.id
        const body = c.kind === 'approve' ? { payout_ref: `PAY-${id}` } : { reason: 'ทดสอบฐานข้อมูลล่ม' }
        return call(base, 'POST', `/api/backoffice/withdrawals/${id}/${c.kind}`, { token: target.operator, body })
      }
      default:
        return postSeamless(base, 'pgsoft', c.kind, c.raw)
    }
  }

  /** Sends the op's unanswered calls in order, stopping at the first not answered 200. */
  private async advance(op: Op, target: { baseUrl: string; operator: string }): Promise<void> {
    for (const c of op.calls) {
      if (c.first !== undefined) continue
      const began = Date.now()
      const answer = await this.send(c, op, target)
      const answeredAt = Date.now()
      this.slowest = Math.max(this.slowest, answeredAt - began)
      if (answer.status === 200) {
        c.first = answer.body
        c.sentAt = began
        c.answeredAt = answeredAt
        this.acks++
        continue
      }
      this.failures++
      if (answer.status !== 503 || JSON.stringify(answer.body) !== JSON.stringify(UNAVAILABLE))
        this.unexpected.push(`${c.kind} ${answer.status} ${JSON.stringify(answer.body)}`)
      return
    }
  }

  /**
   * Works through the plan with `inFlight` workers until it ends or `stop` (checked after each answer) says so. With
   * `retryAfterMs`, a worker whose call was refused (or not answered) sends it again after that pause, as a provider or
   * the bank retries, until it is answered or the run stops; without, it moves on and `settle` sends it later.
   */
  async run(
    target: { baseUrl: string; operator: string },
    inFlight: number,
    stop: () => boolean = () => false,
    options: { retryAfterMs?: number } = {},
  ): Promise<void> {
    let stopped = false
    const worker = async () => {
      while (!stopped && this.next < this.ops.length) {
        const op = this.ops[this.next++]!
        for (;;) {
          const unexpected = this.unexpected.length
          try {
            await this.advance(op, target)
          } catch {
            // No answer (the server died under it): unknown outcome; sent again (below, or by settle()).
            this.unanswered++
          }
          if (!stopped && stop()) stopped = true
          const done = op.calls.every((c) => c.first !== undefined)
          if (done || stopped || options.retryAfterMs === undefined || this.unexpected.length > unexpected) break
          await new Promise((resolve) => setTimeout(resolve, options.retryAfterMs))
        }
      }
    }
    await Promise.all(Array.from({ length: inFlight }, () => worker()))
  }

  /** Forgets the operations no worker took (a run stopped before the plan ended): settle() then sends none of them. */
  dropUnstarted(): void {
    this.ops.splice(this.next)
  }

  /** The first call of `kind` answered 200 that was sent at or after `since` (ms since the epoch), if any. */
  firstAnswered(kind: Call['kind'], since: number): Call | undefined {
    return this.ops
      .flatMap((op) => op.calls)
      .filter((c) => c.kind === kind && c.sentAt !== undefined && c.sentAt >= since)
      .sort((a, b) => a.answeredAt! - b.answeredAt!)[0]
  }

  /** Every withdrawal of the plan is one row in its player's history, in the state of its decision (once settled). */
  async expectWithdrawalsDecided(baseUrl: string): Promise<void> {
    const players = new Map(this.ops.map((op) => [op.player, op.calls[0]!.player]))
    for (const [i, p] of players) {
      const rows = (await fullHistory(baseUrl, p.token)).filter((h) => h.txtype === 'WITHDRAW')
      const mine = this.ops.filter((op) => op.player === i && op.calls[0]!.kind === 'withdraw')
      expect(rows.length, `player ${i} withdrawals`).toBe(mine.length)
      for (const op of mine) {
        const id = (op.calls[0]!.first as { data: { id: number } }).data.id
        expect(
          rows.filter((r) => r.id === `W${id}`).map((r) => r.txstatus),
          `withdrawal ${id}`,
        ).toEqual([op.calls[1]!.kind === 'approve' ? 'SUCCESS' : 'FAIL'])
      }
    }
  }

  /** Sends every unanswered call until answered, replays every call, and checks the balances the plan implies. */
  async settle(target: { baseUrl: string; operator: string }): Promise<void> {
    for (const op of this.ops) {
      await this.advance(op, target)
      for (const c of op.calls) expect(c.first, `${c.kind} ${c.raw} not answered after the fault`).toBeDefined()
    }
    for (const op of this.ops) {
      for (const c of op.calls) {
        if (c.kind === 'deposit') expect((c.first as { data: { status: string } }).data.status, c.raw).toBe('MATCHED')
        else if (c.kind !== 'withdraw' && c.kind !== 'approve' && c.kind !== 'reject')
          expect((c.first as { status: string }).status, `${c.kind} ${c.raw}`).toBe('OK')
        // The same bytes again are answered as the first time: the operation happened once.
        const replay = await this.send(c, op, target)
        expect(replay.status, `replay of ${c.kind} ${c.raw}`).toBe(200)
        if (c.kind === 'approve' || c.kind === 'reject')
          expect(replay.body.data).toMatchObject({ id: (op.calls[0]!.first as { data: { id: number } }).data.id })
        else if (c.kind === 'withdraw') expect((replay.body.data as { id: number }).id).toBe((c.first as { data: { id: number } }).data.id)
        else expect(replay.body, `replay of ${c.kind} ${c.raw}`).toEqual(c.first)
      }
    }
    const players = new Map(this.ops.map((op) => [op.player, op.calls[0]!.player]))
    for (const [index, p] of players) {
      const expected = this.startSatang + this.ops.filter((op) => op.player === index).reduce((sum, op) => sum + op.satang, 0)
      expect(await balanceSatang(target.baseUrl, p.token), `player ${index} balance`).toBe(expected)
    }
  }
}
