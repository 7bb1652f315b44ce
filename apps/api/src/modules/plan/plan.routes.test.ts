import { randomUUID } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { PlanValues } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { type TestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { bearer, loginPlayer } from '../../../test/money.ts'
import { signInOperator, type SignedInOperator } from '../../../test/operators.ts'
import { accrualsOf, accrue, chain, play, referralOptions } from '../../../test/referral.ts'
import { buildApp } from '../../app.ts'
import { testConfig } from '../../config.ts'
import { auditLog, planVersions } from '../../db/schema.ts'
import { memoryRateLimiter } from '../../lib/rate-limiter.ts'
import { PLAN_CHANGED_CHANNEL } from './plan.service.ts'

// Issue 20 §4, ADR 044: the referral plan and limits live in the database. One operator proposes, a second finance
// operator applies; every change is audited with before and after; readers see it at once, in every process; turnover
// played before a change keeps the rates it was played under.

const THAI = /[\u0E00-\u0E7F]/

const overview = async (t: TestApp, as: SignedInOperator) => (await t.get('/api/backoffice/plan', as.token)).json().data
/** Every value of the plan in force, changed by `changes`, with a reason: a whole proposal. */
async function proposalFrom(t: TestApp, as: SignedInOperator, changes: Partial<PlanValues>) {
  const { current } = await overview(t, as)
  const values = Object.fromEntries(PlanValues.keyof().options.map((key) => [key, current[key]]))
  return { ...values, ...changes, reason: 'ปรับตามนโยบายเดือนธันวาคม' }
}
const propose = (t: TestApp, as: SignedInOperator, body: object) => t.post('/api/backoffice/plan/proposals', body, as.token)
const approve = (t: TestApp, as: SignedInOperator, id: number) => t.post(`/api/backoffice/plan/proposals/${id}/approve`, undefined, as.token)
const reject = (t: TestApp, as: SignedInOperator, id: number) => t.post(`/api/backoffice/plan/proposals/${id}/reject`, { reason: 'ยังไม่ถึงเวลา' }, as.token)

/** Proposes `changes` as one finance operator and applies them as a second: answers the applied version. */
async function change(t: TestApp, changes: Partial<PlanValues>) {
  const [author, second] = [await signInOperator(t, 'finance'), await signInOperator(t, 'finance')]
  const proposed = await propose(t, author, await proposalFrom(t, author, changes))
  expect(proposed.statusCode, proposed.body).toBe(200)
  const applied = await approve(t, second, proposed.json().data.id)
  expect(applied.statusCode, applied.body).toBe(200)
  return applied.json().data
}

describe('the plan editor', () => {
  const t = useTestApp({ config: { DEPOSIT_MIN_AMOUNT: '150', REFERRAL_LEVEL1: '0.035' } })

  it('starts from the environment: the first version, proposed by no one, in force since ever', async () => {
    const support = await signInOperator(t, 'support')
    const { current, pending, history } = await overview(t, support)
    expect(current).toMatchObject({
      status: 'APPLIED',
      proposed_by: null,
      level1_percent: 3.5,
      level2_percent: 2,
      rebate_percent: 0.5,
      deposit_min: 150,
      four_eyes_above: 20_000,
    })
    expect(current.effective_from).toBe(new Date(0).toISOString())
    expect(pending).toBeNull()
    expect(history).toHaveLength(1)
  })

  it('refuses bad values in Thai and changes nothing', async () => {
    const finance = await signInOperator(t, 'finance')
    const good = await proposalFrom(t, finance, { level1_percent: 4 })
    const bad: object[] = [
      { ...good, level1_percent: 3.555 },
      { ...good, level1_percent: 101 },
      { ...good, rebate_percent: -1 },
      { ...good, level2_percent: '2' },
      { ...good, level1_percent: 60, level2_percent: 30, level3_percent: 20 },
      { ...good, bonus_min: 2000, bonus_max: 1000 },
      { ...good, deposit_min: 0 },
      { ...good, withdraw_min: 10.005 },
      { ...good, four_eyes_above: 1e12 },
      { ...good, bonus_interval: 'YEAR' },
      { ...good, reason: '' },
      { ...good, extra: 1 },
      {},
    ]
    for (const body of bad) {
      const res = await propose(t, finance, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toMatch(THAI)
    }
    const unchanged = await propose(t, finance, { ...good, level1_percent: 3.5 })
    expect(unchanged.statusCode).toBe(422)
    expect(await t.db.select().from(planVersions)).toHaveLength(1)
  })

  it('takes two different finance operators: the author cannot apply, support cannot propose, an owner proposes but never applies', async () => {
    const [author, second, support, owner] = [
      await signInOperator(t, 'finance'),
      await signInOperator(t, 'finance'),
      await signInOperator(t, 'support'),
      await signInOperator(t, 'owner'),
    ]
    const body = await proposalFrom(t, author, { level1_percent: 4, rebate_percent: 0.75 })
    expect((await propose(t, support, body)).statusCode).toBe(403)

    const proposed = await propose(t, author, body)
    expect(proposed.statusCode).toBe(200)
    expect(proposed.json()).toMatchObject({
      message: expect.stringMatching(THAI),
      data: { status: 'PENDING', proposed_by: author.username, level1_percent: 4 },
    })
    const id = proposed.json().data.id
    // One proposal waits at a time.
    expect((await propose(t, second, await proposalFrom(t, second, { level2_percent: 1 }))).statusCode).toBe(409)

    const own = await approve(t, author, id)
    expect(own.statusCode).toBe(409)
    expect(own.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect((await approve(t, support, id)).statusCode).toBe(403)
    expect((await approve(t, owner, id)).statusCode).toBe(403)
    expect((await overview(t, support)).current.level1_percent).toBe(3.5)

    const applied = await approve(t, second, id)
    expect(applied.statusCode).toBe(200)
    expect(applied.json().data).toMatchObject({ status: 'APPLIED', decided_by: second.username, effective_from: t.clock.now().toISOString() })
    const now = await overview(t, support)
    expect(now.current).toMatchObject({ id, level1_percent: 4, rebate_percent: 0.75 })
    expect(now.pending).toBeNull()
    // Approving it again, or approving what no longer waits, is a conflict; an unknown id is not found.
    expect((await approve(t, second, id)).statusCode).toBe(409)
    expect((await approve(t, second, 999_999)).statusCode).toBe(404)

    // The player app's referral page shows the new rate.
    const player = await makePlayer(t.db)
    const invite = await t.get('/api/invites?page=0', await loginPlayer(t, player))
    expect(invite.json().data.percentage).toEqual({ level1: 0.04, level2: 0.02, level3: 0.01 })

    // Audit: the proposal and the application, each with the values before and after.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'plan.%'), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id))
    expect(entries.map((e) => [e.action, e.operatorId])).toEqual([
      ['plan.propose', author.id],
      ['plan.apply', second.id],
    ])
    expect(entries[1]!.before).toMatchObject({ level1_percent: 3.5, rebate_percent: 0.5 })
    expect(entries[1]!.after).toMatchObject({ version: id, level1_percent: 4, rebate_percent: 0.75 })
  })

  it('lets a proposal be turned down, after which it can no longer be applied', async () => {
    const [author, second] = [await signInOperator(t, 'finance'), await signInOperator(t, 'finance')]
    const id = (await propose(t, author, await proposalFrom(t, author, { level3_percent: 5 }))).json().data.id
    const rejected = await reject(t, second, id)
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', reject_reason: 'ยังไม่ถึงเวลา' })
    expect((await approve(t, second, id)).statusCode).toBe(409)
    expect((await overview(t, second)).current.level3_percent).toBe(1)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.reject'), eq(auditLog.targetId, String(id))))
    expect(entry).toMatchObject({ operatorId: second.id, before: { status: 'PENDING' }, after: { status: 'REJECTED' } })
  })

  it('applies the deposit and withdrawal minimums and the four-eyes threshold at once', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const adjust = async (as: SignedInOperator, amount: number) =>
      (
        await t.post(`/api/backoffice/members/${player.id}/adjustments`, { request_id: randomUUID(), direction: 'CREDIT', amount, reason: 'ชดเชย' }, as.token)
      ).json().data
    expect((await adjust(await signInOperator(t, 'finance'), 15_000)).status).toBe('APPLIED')

    await change(t, { deposit_min: 500, withdraw_min: 300, four_eyes_above: 10_000 })
    expect((await t.get('/api/wallet/deposit/config', token)).json().data).toEqual({ min_amount: 500 })
    const below = await t.post('/api/wallet/deposit/draft_bill', { amount: 200, promotion: null }, token)
    expect(below.statusCode).toBe(422)
    expect(below.json().message).toContain('500')
    expect((await t.get('/api/wallet/withdraw', token)).json().data.min_withdraw).toBe(300)
    // The money desk holds what one operator applied alone before.
    const held = await adjust(await signInOperator(t, 'finance'), 15_000)
    expect(held).toMatchObject({ status: 'PENDING', reasons: [{ code: 'ABOVE_THRESHOLD', text: expect.stringContaining('10,000') }] })
  })
})

describe('accrual under a plan change', () => {
  const t = useTestApp(referralOptions())

  it('pays turnover played before a change at the old rates and after it at the new ones, though accrued after the change', async () => {
    const day = '2026-11-17'
    const { b, c, d } = await chain(t)
    await play(t, d, 1000, `${day}T10:00:00+07:00`)
    // At noon the plan changes: level 1 from 3 % to 5 %, the rebate from 0.5 % to 1 %.
    t.clock.set(new Date(`${day}T12:00:00+07:00`))
    await change(t, { level1_percent: 5, rebate_percent: 1 })
    await play(t, d, 2000, `${day}T14:00:00+07:00`)

    t.clock.set(new Date('2026-11-18T03:00:00Z'))
    expect((await accrue(t, day, bearer((await signInOperator(t)).token))).statusCode).toBe(200)
    expect(await accrualsOf(t, day, d.id)).toEqual([
      // 1000 × 0.5 % + 2000 × 1 %
      { beneficiaryId: d.id, level: 0, turnover: 300_000n, amount: 500n + 2_000n },
      // 1000 × 3 % + 2000 × 5 %
      { beneficiaryId: c.id, level: 1, turnover: 300_000n, amount: 3_000n + 10_000n },
      // level 2 unchanged: 2 % of all of it
      { beneficiaryId: b.id, level: 2, turnover: 300_000n, amount: 6_000n },
      expect.objectContaining({ level: 3, amount: 3_000n }),
    ])
  })
})

describe.runIf(process.env.SANAM_TEST_DB === 'postgres')('a plan change across processes (PostgreSQL)', () => {
  const t = useTestApp()

  it('a second API process on the same database sees an applied change without a restart', async () => {
    const b = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, limiter: memoryRateLimiter(t.clock), logger: false })
    await b.app.ready()
    try {
      expect(b.sessions.listener?.online).toBe(true)
      const token = await loginPlayer(t, await makePlayer(t.db))
      const config = async () => (await b.app.inject({ method: 'GET', url: '/api/wallet/deposit/config', headers: bearer(token) })).json().data
      // B reads the plan once and keeps it.
      expect(await config()).toEqual({ min_amount: 100 })

      const heard = b.sessions.listener!.next('notified')
      const applied = await change(t, { deposit_min: 250 })
      expect(await heard).toEqual({ type: 'notified', channel: PLAN_CHANGED_CHANNEL, detail: { versionId: applied.id } })
      expect(await config()).toEqual({ min_amount: 250 })
    } finally {
      await b.app.close()
    }
  })
})
