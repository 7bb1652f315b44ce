// A rollback takes back the turnover its bet added (issue 10, point 4): the active promotion's progress and the valid
// turnover the referral and rebate accrual counts. Bets go through both batch paths of ADR 011 (set-based and
// callback by callback); rollbacks always run callback by callback. Named *.routes.test.ts so it runs on PostgreSQL too.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { expectLedgerOk, postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { launch } from '../../../test/seamless.ts'
import { betBody, heldBatchService, uid } from '../../../test/seamless-batches.ts'
import { playerPromotions } from '../../db/schema.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import { referralRepository } from '../referral/referral.repository.ts'

const t = useTestApp({ verifyLedger: 'end' })

/** A player who took a promotion (turnover 10 × the deposit) with a 1000 baht deposit, and a game session. */
async function promoted() {
  const { token, ...player } = await signedInPlayer(t)
  const promotion = await makePromotion(t.db, { rules: [{ type: 'TURNOVER_BY_MUTIPLE', value: 10 }] })
  const bill = await t.post('/api/wallet/deposit/draft_bill', { amount: 1000, promotion: promotion.id }, token)
  expect(bill.statusCode, bill.body).toBe(200)
  expect((await postTransfer(t, transferBody(player, { amount: 1000 }))).json().data.status).toBe('MATCHED')
  return { player, session: await launch(t, token, 'pgsoft', 'fortune_ox') }
}

async function turnover(playerId: number): Promise<bigint> {
  const [row] = await t.db.select().from(playerPromotions).where(eq(playerPromotions.playerId, playerId))
  return row!.turnoverCurrent
}

/** The day's valid turnover the accrual job would pay commission and rebate on, for this player (satang). */
async function validTurnover(playerId: number): Promise<bigint> {
  const day = bangkokDay(t.clock.now())
  const sources = await referralRepository.unaccruedTurnover(t.db, { day, ...bangkokDayRange(day), limit: 1_000_000 })
  return sources.find((s) => s.playerId === playerId)?.turnover ?? 0n
}

describe.each([
  ['set-based', true],
  ['per-callback', false],
])('a rollback of a bet made on the %s path', (_path, setBasedBets) => {
  it('takes the bet out of the promotion turnover and out of the valid turnover, once', async () => {
    const { player, session } = await promoted()
    const s = heldBatchService(t, { lanes: 1, setBasedBets })
    const [roundA, roundB] = [uid(), uid()]
    const [betA, betB] = [uid(), uid()]
    expect((await s.call('bet', betBody(session, betA, '30.00', roundA))).answer.status).toBe('OK')
    expect((await s.call('bet', betBody(session, betB, '20.00', roundB))).answer.status).toBe('OK')
    expect(s.service.stats().setBased).toBe(setBasedBets ? 2 : 0)
    expect(await turnover(player.id)).toBe(5_000n)

    const rollback = { session_token: session, round_id: roundA, tx_id: uid(), ref_tx_id: betA }
    expect((await s.call('rollback', rollback)).answer.status).toBe('OK')
    expect(await turnover(player.id)).toBe(2_000n)
    // A replayed rollback, and a second rollback of the same bet, take nothing more.
    await s.call('rollback', rollback)
    await s.call('rollback', { ...rollback, tx_id: uid() })
    expect(await turnover(player.id)).toBe(2_000n)

    // Both rounds over: only the bet that stands is valid turnover for commission and rebate.
    await s.call('win', { session_token: session, round_id: roundA, tx_id: uid(), amount: '0.00', game_code: 'fortune_ox' })
    await s.call('win', { session_token: session, round_id: roundB, tx_id: uid(), amount: '0.00', game_code: 'fortune_ox' })
    expect(await validTurnover(player.id)).toBe(2_000n)
    await expectLedgerOk(t)
  })
})

it('a rollback of a bet placed before the promotion started takes nothing from it', async () => {
  const { token, ...player } = await signedInPlayer(t)
  expect((await postTransfer(t, transferBody(player, { amount: 100 }))).json().data.status).toBe('MATCHED')
  const session = await launch(t, token, 'pgsoft', 'fortune_ox')
  const s = heldBatchService(t, { lanes: 1 })
  const early = uid()
  expect((await s.call('bet', betBody(session, early, '40.00'))).answer.status).toBe('OK')
  t.clock.advance(1000)

  const promotion = await makePromotion(t.db, {
    rules: [
      { type: 'TURNOVER_BY_MUTIPLE', value: 10 },
      { type: 'OLD_MEMBER', value: 1 },
    ],
  })
  expect((await t.post('/api/wallet/deposit/draft_bill', { amount: 500, promotion: promotion.id }, token)).statusCode).toBe(200)
  expect((await postTransfer(t, transferBody(player, { amount: 500 }))).json().data.status).toBe('MATCHED')
  t.clock.advance(1000)
  expect((await s.call('bet', betBody(session, uid(), '25.00'))).answer.status).toBe('OK')
  expect(await turnover(player.id)).toBe(2_500n)

  expect((await s.call('rollback', { session_token: session, tx_id: uid(), ref_tx_id: early })).answer.status).toBe('OK')
  expect(await turnover(player.id)).toBe(2_500n)
  await expectLedgerOk(t)
})
