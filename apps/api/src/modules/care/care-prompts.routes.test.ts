import type { CarePrompt } from '@sanam/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { careAnswers } from '../../db/schema.ts'
import { useTestApp } from '../../../test/app.ts'
import { fund, loginPlayer, signedInPlayer, type SignedInPlayer } from '../../../test/money.ts'
import { addMonths } from './prompt-rules.ts'

const t = useTestApp({ verifyLedger: 'end' })

const promptOf = async (p: SignedInPlayer) => {
  const res = await t.get('/api/responsible-play/prompt', p.token)
  expect(res.statusCode).toBe(200)
  return (res.json().data as CarePrompt).prompt
}
const answer = (p: SignedInPlayer, body: Record<string, unknown>) => t.post('/api/responsible-play/prompt/answer', body, p.token)
const answersOf = (p: SignedInPlayer) => t.db.select().from(careAnswers).where(eq(careAnswers.playerId, p.id))
/** A player who registers now. */
const newPlayer = () => signedInPlayer(t, { createdAt: t.clock.now() })
/** The clock moved to `to`, and the player signed in again. */
async function moveTo(p: SignedInPlayer, to: Date) {
  t.clock.set(to)
  p.token = await loginPlayer(t, p)
}

describe('the deposit-limit prompt at registration', () => {
  it('is shown to a new player; a decline without the second confirmation records nothing; with it, the time is kept and it is not shown again', async () => {
    const p = await newPlayer()
    expect(await promptOf(p)).toMatchObject({ kind: 'DEPOSIT_LIMIT', figures: null })

    const first = await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'DECLINED' })
    expect(first.statusCode).toBe(400)
    expect(first.json().message).toMatch(/[\u0E00-\u0E7F]/)
    expect(await answersOf(p)).toEqual([])
    expect((await promptOf(p))?.kind).toBe('DEPOSIT_LIMIT')

    const declined = await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'DECLINED', confirmed: true })
    expect(declined.statusCode).toBe(200)
    expect(declined.json().message).toContain('ไม่ต้องการตั้งวงเงินฝาก')
    expect(declined.json().data.prompt).toBeNull()
    expect(await answersOf(p)).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT_LIMIT', answer: 'DECLINED', answeredAt: t.clock.now(), confirmedAt: t.clock.now() }),
    ])
    expect(await promptOf(p)).toBeNull()
    // Answered once per period: a second answer is refused and nothing more is kept.
    expect((await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'DECLINED', confirmed: true })).statusCode).toBe(422)
    expect(await answersOf(p)).toHaveLength(1)
  })

  it('"limit set" counts only once a deposit limit is in force (set through the limits flow)', async () => {
    const p = await newPlayer()
    const early = await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'LIMIT_SET' })
    expect(early.statusCode).toBe(422)
    expect(early.json().message).toBe('ยังไม่ได้ตั้งวงเงินฝาก กรุณาตั้งวงเงินก่อน')
    expect((await t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_WEEK', value: 2000 }, p.token)).statusCode).toBe(200)
    const set = await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'LIMIT_SET' })
    expect(set.statusCode).toBe(200)
    expect(await answersOf(p)).toEqual([expect.objectContaining({ answer: 'LIMIT_SET', answeredAt: t.clock.now(), confirmedAt: null })])
  })

  it('is not shown to a player who already deposited (the yearly prompt covers them)', async () => {
    const p = await newPlayer()
    await fund(t, p, 100)
    expect(await promptOf(p)).toBeNull()
  })
})

describe('the yearly prompt to players without a limit', () => {
  it('comes back 12 months after the decline, not a day earlier, and once', async () => {
    const p = await newPlayer()
    const start = t.clock.now()
    await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'DECLINED', confirmed: true })
    await moveTo(p, new Date(addMonths(start, 12).getTime() - 24 * 3_600_000))
    expect(await promptOf(p)).toBeNull()
    await moveTo(p, addMonths(start, 12))
    expect(await promptOf(p)).toMatchObject({ kind: 'YEARLY_LIMIT', period: addMonths(start, 12).toISOString() })
    expect((await answer(p, { kind: 'YEARLY_LIMIT', answer: 'DECLINED', confirmed: true })).statusCode).toBe(200)
    await moveTo(p, addMonths(start, 18))
    expect(await promptOf(p)).toBeNull()
  })
})

describe('the account-and-spending review', () => {
  it('every 6 months to an active player, with their own figures; every 3 when chosen; not to one idle for a year', async () => {
    const p = await newPlayer()
    const start = t.clock.now()
    await t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_DAY', value: 5000 }, p.token)
    await answer(p, { kind: 'DEPOSIT_LIMIT', answer: 'LIMIT_SET' })
    await fund(t, p, 1500)
    await fund(t, p, 500)

    await moveTo(p, new Date(addMonths(start, 6).getTime() - 60_000))
    expect(await promptOf(p)).toBeNull()
    await moveTo(p, addMonths(start, 6))
    const review = await promptOf(p)
    expect(review).toMatchObject({
      kind: 'ACCOUNT_REVIEW',
      from: start.toISOString(),
      every_months: 6,
      figures: { deposits: 2000, withdrawals: 0, net: 2000, game_result: 0, days_played: 0, time_played_minutes: null },
    })
    for (const bad of [
      { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED' },
      { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: 2 },
      { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: '3' },
      { kind: 'ACCOUNT_REVIEW', answer: 'DECLINED', confirmed: true },
      { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: 3, extra: 1 },
    ]) {
      const res = await answer(p, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
    }
    expect((await answer(p, { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: 3 })).json().data.prompt).toBeNull()
    const read = t.clock.now()

    // Active again, then offered 3 months after the review was read.
    await fund(t, p, 100)
    await moveTo(p, new Date(addMonths(read, 3).getTime() - 60_000))
    expect(await promptOf(p)).toBeNull()
    await moveTo(p, addMonths(read, 3))
    expect(await promptOf(p)).toMatchObject({ kind: 'ACCOUNT_REVIEW', every_months: 3, figures: { deposits: 100 } })

    // Idle for more than 12 months: no review.
    await moveTo(p, addMonths(read, 13))
    expect(await promptOf(p)).toBeNull()
  })

  it('is refused when it is not due, and without a session', async () => {
    const p = await newPlayer()
    expect((await answer(p, { kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: 6 })).statusCode).toBe(422)
    expect((await t.get('/api/responsible-play/prompt')).statusCode).toBe(401)
    expect((await t.post('/api/responsible-play/prompt/answer', { kind: 'DEPOSIT_LIMIT', answer: 'LIMIT_SET' })).statusCode).toBe(401)
  })
})
