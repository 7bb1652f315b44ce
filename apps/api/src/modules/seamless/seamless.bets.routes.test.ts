// Bets on the one path (ADR 017): a batch of bets is decided on its players' locked balances, in a constant number of
// statements (ADR 011, "Set-based bets"), and a bet on its own is the same batch with one bet in it. Named
// *.routes.test.ts so that it also runs on PostgreSQL.
import type { SeamlessAnswer } from '@sanam/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { expectLedgerOk } from '../../../test/money.ts'
import { playing } from '../../../test/seamless.ts'
import { betBody, heldBatchService, uid } from '../../../test/seamless-batches.ts'
import type { Db } from '../../db/client.ts'
import { accounts, deposits, gameRounds, playerPromotions, players, seamlessLog, seamlessTransactions, transfers } from '../../db/schema.ts'
import { sha256 } from '../../lib/crypto.ts'
import { promotionsRepository } from '../promotions/promotions.repository.ts'
import type { SeamlessFaults } from './seamless.service.ts'

const t = useTestApp({ verifyLedger: 'end' })

/**
 * A handle on the database that counts the statements run through it, inside its transactions and alone (a batch of
 * bets is one statement in its own transaction, ADR 096); BEGIN and COMMIT aside.
 */
function counting(db: Db) {
  const counter = { statements: 0 }
  type Session = { prepareQuery: (...args: unknown[]) => unknown }
  const counted = (session: Session): Session =>
    new Proxy(session, {
      get(target, prop, receiver) {
        if (prop !== 'prepareQuery') return Reflect.get(target, prop, receiver) as unknown
        return (...args: unknown[]) => {
          counter.statements += 1
          return target.prepareQuery(...args)
        }
      },
    })
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'session') return counted((target as unknown as { session: Session }).session)
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown
      return (work: (tx: Db) => Promise<unknown>, config?: unknown) =>
        (target.transaction as (w: (tx: Db) => Promise<unknown>, c?: unknown) => Promise<unknown>)(async (tx) => {
          const session = (tx as unknown as { session: Session }).session
          const prepare = session.prepareQuery.bind(session)
          session.prepareQuery = (...args: unknown[]) => {
            counter.statements += 1
            return prepare(...args)
          }
          return work(tx)
        }, config)
    },
  })
  return { db: wrapped, counter }
}

const bet = betBody

function serviceWith(options: { setBasedBets: boolean; faults?: SeamlessFaults; db?: Db }) {
  const held = heldBatchService(t, {
    lanes: 1,
    setBasedBets: options.setBasedBets,
    ...(options.db ? { db: options.db } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  })
  /** One batch of `calls`, and proof that they really went together. */
  async function oneBatch(trigger: { session: string }, calls: Parameters<typeof held.oneBatch>[1]) {
    const results = await held.oneBatch(trigger, calls)
    expect(held.service.stats().largest).toBeGreaterThanOrEqual(calls.length)
    return results
  }
  return { ...held, oneBatch }
}

/**
 * The mixed-outcome scenario, run through one service on fresh players and ids; returns everything observable,
 * with ids replaced by labels.
 */
async function scenario(options: { setBasedBets?: boolean } = {}) {
  const s = serviceWith({ setBasedBets: options.setBasedBets ?? true })
  const trigger = await playing(t, 10)
  const main = await playing(t, 90)
  const other = await playing(t, 50)
  const expired = await playing(t, 30)
  const blocked = await playing(t, 20)
  const labels = new Map<string, string>()
  const id = (label: string) => {
    const value = `${label}-${uid()}`
    labels.set(value, label)
    return value
  }
  const [a, b, c, d, e, f, g, h, i, j, k, tomb, pre, rollback] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'tomb', 'pre', 'rollback'].map(
    id,
  ) as string[]
  const [roundA, roundB, roundOther, roundShared] = ['roundA', 'roundB', 'roundOther', 'roundShared'].map(id) as string[]

  // Before the batch: the other player owns a round; a rollback arrived before its bet (a tombstone); one session
  // expired; one player is blocked; the main player has a promotion that prohibits slots (fortune_ox is a SLOT).
  expect((await s.call('bet', bet(other.session, pre!, '5.00', roundOther))).answer.status).toBe('OK')
  expect((await s.call('rollback', { session_token: main.session, round_id: uid(), tx_id: rollback!, ref_tx_id: tomb! })).answer.status).toBe('OK')
  await t.db.execute(sql`update game_sessions set expires_at = ${new Date(t.clock.now().getTime() - 60_000)} where token_hash = ${sha256(expired.session)}`)
  await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, blocked.player.id))
  // The promotion as a deposit starts it: its bonus (10 baht, so the main player has 100) and its row.
  const promotion = await makePromotion(t.db, { rules: [{ type: 'PROHIBITED_GAMES_TYPE', value: [1] }] })
  const [deposit] = await t.db.select().from(deposits).where(eq(deposits.playerId, main.player.id))
  await t.db.transaction((tx) =>
    t.services.ledger.transferMany(tx, [
      {
        key: `promotion:${deposit!.id}`,
        from: { house: 'promotion' },
        to: { player: main.player.id, kind: 'cash' },
        amount: 1000n,
        kind: 'promotion_bonus',
        reference: `deposit:${deposit!.id}`,
      },
    ]),
  )
  const taken = await promotionsRepository.start(t.db, {
    playerId: main.player.id,
    promotionId: promotion.id,
    depositId: deposit!.id,
    deposit: deposit!.amount,
    bonus: 1000n,
    turnoverType: 'TURNOVER',
    turnoverTarget: 1_000_000n,
    rules: [{ type: 'PROHIBITED_GAMES_TYPE', value: [1] }],
    receivedAt: t.clock.now(),
  })

  const betA = bet(main.session, a!, '10.00', roundA)
  const results = await s.oneBatch(trigger, [
    { op: 'bet', body: betA }, // OK 90, prohibited game: no turnover
    { op: 'bet', body: bet(other.session, h!, '10.00', roundShared) }, // the main player's round (processed after it): DUPLICATE
    { op: 'bet', body: betA }, // a replay inside the batch: the first answer verbatim
    { op: 'bet', body: { ...betA, amount: '20.00' } }, // the same tx_id, other content: DUPLICATE at 90
    { op: 'bet', body: bet(expired.session, j!, '5.00') }, // INVALID_SESSION
    { op: 'bet', body: bet(main.session, b!, '50.00', roundB, 'no_such_game') }, // OK 40, counts 50
    { op: 'bet', body: bet(blocked.session, k!, '5.00') }, // PLAYER_BLOCKED
    { op: 'bet', body: bet(main.session, c!, '60.00') }, // INSUFFICIENT_FUNDS at 40, mid-sequence
    { op: 'bet', body: bet(main.session, d!, '15.00', roundA, null) }, // OK 25, counts 15, roundA 25
    { op: 'bet', body: bet(other.session, i!, '10.00', roundOther) }, // OK 35 on its own round
    { op: 'bet', body: bet(main.session, tomb!, '5.00') }, // tombstoned: DUPLICATE
    { op: 'bet', body: bet(main.session, e!, '5.00', roundOther) }, // the other player's round: DUPLICATE
    { op: 'bet', body: bet(other.session, a!, '10.00', roundA) }, // the main player's tx_id: DUPLICATE at 35
    { op: 'bet', body: bet(main.session, f!, '25.00', roundShared) }, // OK 0, counts 25
    { op: 'bet', body: bet(main.session, g!, '0.01') }, // INSUFFICIENT_FUNDS at 0
    { op: 'bet', body: betA }, // another replay, after everything
  ])
  const label = (value: string | null | undefined) => (value ? (labels.get(value) ?? value) : value)
  const answers = results.map((r) => {
    if (r.status !== 'fulfilled') throw new Error(`expected an answer, got ${String(r.reason)}`)
    return { ...r.value.answer, tx_id: label(r.value.answer.tx_id) } as SeamlessAnswer
  })
  const who = new Map([main, other, expired, blocked].map((p, n) => [p.player.id, ['main', 'other', 'expired', 'blocked'][n]!]))
  const balances = Object.fromEntries(
    await Promise.all([main, other, expired, blocked].map(async (p) => [who.get(p.player.id), (await t.services.ledger.balances(t.db, p.player.id)).cash])),
  )
  const txIds = [...labels.keys()]
  const keys = txIds.map((tx) => `seamless:pgsoft:${tx}`)
  const rows = await t.db.select().from(transfers).where(inArray(transfers.idempotencyKey, keys))
  const accountRows = await t.db.select().from(accounts)
  const accountOf = (accountId: number) => {
    const account = accountRows.find((row) => row.id === accountId)!
    return account.playerId === null ? account.kind : `${who.get(account.playerId)}:${account.kind}`
  }
  const ledgerRows = rows
    .map((row) => ({
      key: label(row.idempotencyKey.slice('seamless:pgsoft:'.length)),
      from: accountOf(row.debitAccountId),
      to: accountOf(row.creditAccountId),
      amount: row.amount,
      kind: row.kind,
      reference: `round:pgsoft:${label(row.reference.slice('round:pgsoft:'.length))}`,
    }))
    .sort((x, y) => String(x.key).localeCompare(String(y.key)))
  const rounds = (
    await t.db
      .select()
      .from(gameRounds)
      .where(inArray(gameRounds.roundId, [roundA!, roundB!, roundOther!, roundShared!]))
  )
    .map((r) => ({ round: label(r.roundId), player: who.get(r.playerId), game: r.gameCode, bet: r.totalBet, win: r.totalWin, status: r.status }))
    .sort((x, y) => String(x.round).localeCompare(String(y.round)))
  const [promo] = await t.db.select().from(playerPromotions).where(eq(playerPromotions.id, taken.id))
  const claims = (await t.db.select().from(seamlessTransactions).where(inArray(seamlessTransactions.txId, txIds)))
    .map((r) => ({
      tx: label(r.txId),
      op: r.op,
      player: who.get(r.playerId!),
      status: r.status,
      response: { ...(r.response as SeamlessAnswer), tx_id: label((r.response as SeamlessAnswer).tx_id) },
    }))
    .sort((x, y) => String(x.tx).localeCompare(String(y.tx)))
  const logs = (await t.db.select().from(seamlessLog).where(inArray(seamlessLog.txId, txIds)).orderBy(seamlessLog.id)).map((r) => {
    const response = JSON.parse(r.response) as SeamlessAnswer
    return { tx: label(r.txId), op: r.op, status: r.httpStatus, response: { ...response, tx_id: label(response.tx_id) } }
  })
  // Logs in processing order: the order of rows inside a batch is the per-player order either way.
  return { answers, balances, ledgerRows, rounds, turnover: promo!.turnoverCurrent, claims, logs, stats: s.service.stats() }
}

const M = {
  tombstoned: 'รายการเดิมพันนี้ถูกยกเลิกไปก่อนแล้ว',
  otherRound: 'รอบเกมนี้เป็นของผู้เล่นอื่น',
  duplicate: 'รหัสรายการนี้ถูกใช้กับข้อมูลอื่นแล้ว',
  funds: 'ยอดเงินไม่เพียงพอ',
  session: 'เซสชันเกมไม่ถูกต้องหรือหมดอายุ',
  blocked: 'บัญชีนี้ถูกระงับการใช้งาน',
}
/** An answer as the wallet gives it. */
const said = (tx: string, status: SeamlessAnswer['status'], balance: string, message?: string): SeamlessAnswer => ({
  status,
  balance,
  tx_id: tx,
  ...(message ? { message } : {}),
})
const betRow = (key: string, from: string, amount: bigint, round: string) => ({
  key,
  from: `${from}:cash`,
  to: 'game:pgsoft',
  amount,
  kind: 'game_bet',
  reference: `round:pgsoft:${round}`,
})

describe('bets, one path (ADR 017)', () => {
  it('decides a mixed batch as ADR 007 says: answers, balances, ledger, rounds, turnover, claims, logs', async () => {
    const run = await scenario()
    // The scenario's two single calls before the batch, the trigger and the batch itself: a bet-only batch runs whole.
    expect(run.stats).toMatchObject({ setBased: 3, fallbacks: 0 })

    const answers = [
      said('a', 'OK', '90.00'),
      said('h', 'DUPLICATE', '45.00', M.otherRound),
      said('a', 'OK', '90.00'),
      said('a', 'DUPLICATE', '90.00', M.duplicate),
      said('j', 'INVALID_SESSION', '30.00', M.session),
      said('b', 'OK', '40.00'),
      said('k', 'PLAYER_BLOCKED', '20.00', M.blocked),
      said('c', 'INSUFFICIENT_FUNDS', '40.00', M.funds),
      said('d', 'OK', '25.00'),
      said('i', 'OK', '35.00'),
      said('tomb', 'DUPLICATE', '25.00', M.tombstoned),
      said('e', 'DUPLICATE', '25.00', M.otherRound),
      said('a', 'DUPLICATE', '35.00', M.duplicate),
      said('f', 'OK', '0.00'),
      said('g', 'INSUFFICIENT_FUNDS', '0.00', M.funds),
      said('a', 'OK', '90.00'),
    ]
    expect(run.answers).toEqual(answers)
    expect(run.balances).toEqual({ main: 0n, other: 35n * 100n, expired: 30n * 100n, blocked: 20n * 100n })
    expect(run.ledgerRows).toEqual([
      betRow('a', 'main', 1000n, 'roundA'),
      betRow('b', 'main', 5000n, 'roundB'),
      betRow('d', 'main', 1500n, 'roundA'),
      betRow('f', 'main', 2500n, 'roundShared'),
      betRow('i', 'other', 1000n, 'roundOther'),
      betRow('pre', 'other', 500n, 'roundOther'),
    ])
    expect(run.rounds).toEqual([
      { round: 'roundA', player: 'main', game: 'fortune_ox', bet: 2500n, win: 0n, status: 'OPEN' },
      { round: 'roundB', player: 'main', game: 'no_such_game', bet: 5000n, win: 0n, status: 'OPEN' },
      { round: 'roundOther', player: 'other', game: 'fortune_ox', bet: 1500n, win: 0n, status: 'OPEN' },
      { round: 'roundShared', player: 'main', game: 'fortune_ox', bet: 2500n, win: 0n, status: 'OPEN' },
    ])
    expect(run.turnover).toBe(6500n) // b 50 (unknown game) + d 15 (no game); a and f are slots, prohibited
    // One claim per tx_id, holding its first answer; the tombstone a rollback left stays a tombstone.
    const claim = (tx: string, player: string, response: SeamlessAnswer) => ({ tx, op: 'bet', player, status: response.status, response })
    expect(run.claims).toEqual([
      claim('a', 'main', answers[0]!),
      claim('b', 'main', answers[5]!),
      claim('c', 'main', answers[7]!),
      claim('d', 'main', answers[8]!),
      claim('e', 'main', answers[11]!),
      claim('f', 'main', answers[13]!),
      claim('g', 'main', answers[14]!),
      claim('h', 'other', answers[1]!),
      claim('i', 'other', answers[9]!),
      claim('j', 'expired', answers[4]!),
      claim('k', 'blocked', answers[6]!),
      claim('pre', 'other', said('pre', 'OK', '45.00')),
      { tx: 'rollback', op: 'rollback', player: 'main', status: 'OK', response: said('rollback', 'OK', '90.00') },
      { tx: 'tomb', op: 'tombstone', player: 'main', status: 'TOMBSTONE', response: {} },
    ])
    // One log row per call with the answer it got, in processing order (by player, then arrival).
    const byPlayer = [0, 2, 3, 5, 7, 8, 10, 11, 13, 14, 15, 1, 9, 12, 4, 6].map((n) => answers[n]!)
    expect(run.logs).toEqual([
      { tx: 'pre', op: 'bet', status: 200, response: said('pre', 'OK', '45.00') },
      { tx: 'rollback', op: 'rollback', status: 200, response: said('rollback', 'OK', '90.00') },
      ...byPlayer.map((response) => ({ tx: response.tx_id, op: 'bet', status: 200, response })),
    ])
    await expectLedgerOk(t)
  })

  it('answers a batch of bets run one at a time (each a batch of one) exactly as run whole', async () => {
    const whole = await scenario()
    const oneByOne = await scenario({ setBasedBets: false })
    expect(oneByOne.stats).toMatchObject({ setBased: 0, fallbacks: 0 })
    expect({ ...oneByOne, stats: undefined }).toEqual({ ...whole, stats: undefined })
  })

  it('runs a batch of bets in a constant number of statements, whatever its size', async () => {
    const { db, counter } = counting(t.db)
    const setBased = serviceWith({ setBasedBets: true, db })
    const perCallback = serviceWith({ setBasedBets: false, db })
    const trigger = await playing(t, 10)
    const wallets = await Promise.all([playing(t, 100), playing(t, 100), playing(t, 100), playing(t, 100)])
    const measure = (s: ReturnType<typeof serviceWith>, size: number) =>
      s.oneBatch(
        trigger,
        Array.from({ length: size }, (_, n) => ({ op: 'bet' as const, body: bet(wallets[n % wallets.length]!.session, uid(), '1.00') })),
      )
    // Every account the batches touch, moved once before counting: the ledger then knows their ids (ADR 062), as it
    // does for any player who has bet on the process before.
    await measure(setBased, wallets.length)
    const counts: Record<string, number[]> = { setBased: [], perCallback: [] }
    for (const [name, s] of [
      ['setBased', setBased],
      ['perCallback', perCallback],
    ] as const) {
      for (const size of [1, 4, 16, 32]) {
        const before = counter.statements
        const results = await measure(s, size)
        expect(results.every((r) => r.status === 'fulfilled' && r.value.answer.status === 'OK')).toBe(true)
        counts[name]!.push(counter.statements - before)
      }
    }
    expect(setBased.service.stats().fallbacks).toBe(0)
    // Each measurement is the trigger batch (one bet) plus the batch of `size`: set-based, ONE statement a batch, the
    // bet function in its own transaction (ADR 096), whatever its size.
    const [one, ...rest] = counts.setBased!
    for (const n of rest) expect(n).toBe(one)
    expect(one).toBe(2)
    // One bet at a time grows with the batch (each in its savepoint: SAVEPOINT, the same function, RELEASE), many
    // times the set-based batch of the same size.
    expect(counts.perCallback![3]!).toBeGreaterThan(3 * 32)
    expect(counts.perCallback![3]!).toBeGreaterThan(8 * counts.setBased![3]!)
    await expectLedgerOk(t)
  })

  it('falls back to one bet at a time when the whole batch fails, so one bad bet fails only itself', async () => {
    const bad = uid()
    let throws = 0
    const s = serviceWith({
      setBasedBets: true,
      faults: {
        afterCallback(c) {
          if (c.txId === bad) {
            throws += 1
            throw new Error('injected: after the log row')
          }
        },
      },
    })
    const trigger = await playing(t, 10)
    const { player, session } = await playing(t, 100)
    const good = [uid(), uid(), uid()]
    const results = await s.oneBatch(trigger, [
      { op: 'bet', body: bet(session, good[0]!, '10.00') },
      { op: 'bet', body: bet(session, bad, '10.00') },
      { op: 'bet', body: bet(session, good[1]!, '10.00') },
      { op: 'bet', body: bet(session, good[2]!, '10.00') },
    ])
    expect(s.service.stats()).toMatchObject({ fallbacks: 1 })
    expect(throws).toBe(2) // once in the set-based attempt, once in its own savepoint
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.answer.balance : 'error'))).toEqual(['90.00', 'error', '80.00', '70.00'])
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(7000n)
    const claims = await t.db
      .select()
      .from(seamlessTransactions)
      .where(inArray(seamlessTransactions.txId, [...good, bad]))
    expect(claims.map((c) => c.txId).sort()).toEqual([...good].sort())
    expect(
      await t.db
        .select()
        .from(seamlessLog)
        .where(inArray(seamlessLog.txId, [...good, bad])),
    ).toHaveLength(3)
    await expectLedgerOk(t)
  })
})
