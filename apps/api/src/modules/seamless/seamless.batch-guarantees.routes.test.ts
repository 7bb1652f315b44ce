// What a batch of seamless calls must keep whatever shape it reaches the database in (issue 40 §2, ADR 096): each
// call decided as if the calls had come one after the other, by player then arrival. Every case runs on both batch
// paths (whole, and callback by callback in savepoints: ADR 011, 017) and must answer the same. Named *.routes.test.ts
// so that it also runs on PostgreSQL.
import type { SeamlessAnswer } from '@sanam/contract'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { expectLedgerOk } from '../../../test/money.ts'
import { playing } from '../../../test/seamless.ts'
import { betBody, heldBatchService, transfersOf, uid, type SeamlessBody, type SeamlessOpName } from '../../../test/seamless-batches.ts'
import { gameRounds, playerExclusions } from '../../db/schema.ts'
import { limitsRepository } from '../limits/limits.repository.ts'

const t = useTestApp({ verifyLedger: 'end' })

/** Each call's status and balance, in arrival order (a call that failed says so). */
function told(results: Array<PromiseSettledResult<{ answer: SeamlessAnswer }>>) {
  return results.map((r) => (r.status === 'fulfilled' ? `${r.value.answer.status} ${r.value.answer.balance}` : `failed: ${String(r.reason)}`))
}

type Playing = Awaited<ReturnType<typeof playing>>

const cash = async (playerId: number) => (await t.services.ledger.balances(t.db, playerId)).cash

const moved = (txIds: string[]) => transfersOf(t, txIds)

describe.each([
  ['whole', true],
  ['callback by callback', false],
])('a batch run %s', (_path, setBasedBets) => {
  /** The test's held service and the trigger player whose bet holds each batch open (set by `given`). */
  let held: { s: ReturnType<typeof heldBatchService>; trigger: { session: string } }

  /** A held service, a trigger player, and players with these cash balances (baht), each with a game session. */
  async function given<const Cash extends number[]>(...cash: Cash): Promise<{ [K in keyof Cash]: Playing }> {
    held = { s: heldBatchService(t, { lanes: 1, setBasedBets, limits: t.services.limits }), trigger: await playing(t, 10) }
    const players: Playing[] = []
    for (const baht of cash) players.push(await playing(t, baht))
    return players as { [K in keyof Cash]: Playing }
  }

  /** The calls in ONE batch behind the trigger; a batch of bets on the whole path ran whole (no fallback). */
  async function batch(calls: Array<[SeamlessOpName, SeamlessBody]>) {
    const results = await held.s.oneBatch(
      held.trigger,
      calls.map(([op, body]) => ({ op, body })),
    )
    expect(held.s.service.stats()).toMatchObject({ fallbacks: 0, ...(setBasedBets ? {} : { setBased: 0 }) })
    return results
  }

  it('keeps each player to their own running balance when their bets interleave, refusing what is short mid-batch', async () => {
    const [a, b] = await given(30, 10)
    const results = await batch([
      ['bet', betBody(a.session, uid(), '20.00')],
      ['bet', betBody(b.session, uid(), '5.00')],
      ['bet', betBody(a.session, uid(), '20.00')], // 10 left: short
      ['bet', betBody(b.session, uid(), '10.00')], // 5 left: short
      ['bet', betBody(a.session, uid(), '10.00')],
      ['bet', betBody(b.session, uid(), '5.00')],
    ])
    expect(told(results)).toEqual(['OK 10.00', 'OK 5.00', 'INSUFFICIENT_FUNDS 10.00', 'INSUFFICIENT_FUNDS 5.00', 'OK 0.00', 'OK 0.00'])
    expect([await cash(a.player.id), await cash(b.player.id)]).toEqual([0n, 0n])
    await expectLedgerOk(t)
  })

  it('refuses a bet past the daily loss limit inside a batch of good bets, deciding the rest as if it never came', async () => {
    const [limited, free] = await given(100, 100)
    await limitsRepository.apply(t.db, limited.player.id, 'LOSS_DAY', 3000n, t.clock.now())
    const txs = [uid(), uid(), uid(), uid()]
    const results = await batch([
      ['bet', betBody(limited.session, txs[0]!, '20.00')],
      ['bet', betBody(free.session, uid(), '50.00')],
      ['bet', betBody(limited.session, txs[1]!, '20.00')], // 10 of the limit left: refused
      ['bet', betBody(limited.session, txs[2]!, '10.00')], // exactly what is left
      ['bet', betBody(limited.session, txs[3]!, '0.01')], // nothing left
    ])
    expect(told(results)).toEqual(['OK 80.00', 'OK 50.00', 'LIMIT_EXCEEDED 80.00', 'OK 70.00', 'LIMIT_EXCEEDED 70.00'])
    expect((await moved(txs)).map((row) => row.amount).sort()).toEqual([1000n, 2000n])
    expect(await cash(limited.player.id)).toBe(7000n)
    await expectLedgerOk(t)
  })

  it('refuses the bets of a player whose time-out is in force, and only theirs', async () => {
    const [excluded, other] = await given(100, 100)
    // In force from now: the bet gate reads it (ADR 047) even on a game session still open.
    await t.db.insert(playerExclusions).values({
      playerId: excluded.player.id,
      kind: 'TIME_OUT',
      period: '24H',
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 86_400_000),
    })
    const refused = uid()
    const results = await batch([
      ['bet', betBody(other.session, uid(), '10.00')],
      ['bet', betBody(excluded.session, refused, '10.00')],
      ['bet', betBody(other.session, uid(), '10.00')],
    ])
    expect(told(results)).toEqual(['OK 90.00', 'PLAYER_BLOCKED 100.00', 'OK 80.00'])
    expect(await moved([refused])).toEqual([])
    expect(await cash(excluded.player.id)).toBe(10_000n)
    await expectLedgerOk(t)
  })

  it('answers a tx_id sent again in a later batch with its first answer, and moves its money once', async () => {
    const [{ player, session }] = await given(100)
    const tx = uid()
    const first = betBody(session, tx, '10.00')
    expect(told(await batch([['bet', first]]))).toEqual(['OK 90.00'])
    const results = await batch([
      ['bet', betBody(session, uid(), '5.00')],
      ['bet', first], // the same call: its first answer, verbatim
      ['bet', { ...first, amount: '20.00' }], // the same tx_id, other content: DUPLICATE at the balance now
    ])
    expect(told(results)).toEqual(['OK 85.00', 'OK 90.00', 'DUPLICATE 85.00'])
    expect(await moved([tx])).toHaveLength(1)
    expect(await cash(player.id)).toBe(8500n)
    await expectLedgerOk(t)
  })

  it('refunds a bet rolled back in its own batch once, and refuses a bet whose rollback came first in the batch', async () => {
    const [{ player, session }] = await given(100)
    const [placed, late] = [uid(), uid()]
    const round = uid()
    const results = await batch([
      ['bet', betBody(session, placed, '30.00', round)],
      ['rollback', { session_token: session, round_id: round, tx_id: uid(), ref_tx_id: placed }],
      ['rollback', { session_token: session, round_id: round, tx_id: uid(), ref_tx_id: late }], // before its bet: a tombstone
      ['bet', betBody(session, late, '10.00', round)],
      ['bet', betBody(session, uid(), '5.00')],
    ])
    expect(told(results)).toEqual(['OK 70.00', 'OK 100.00', 'OK 100.00', 'DUPLICATE 100.00', 'OK 95.00'])
    expect(await cash(player.id)).toBe(9500n)
    const [row] = await t.db
      .select()
      .from(gameRounds)
      .where(inArray(gameRounds.roundId, [round]))
    expect(row).toMatchObject({ totalBet: 0n, status: 'ROLLED_BACK' })
    await expectLedgerOk(t)
  })
})
