import { and, eq } from 'drizzle-orm'
import Fastify, { type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/database.ts'
import { makePlayer } from '../../../test/factories.ts'
import type { Database, Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { accruals, auditLog, gameRounds, operators, seamlessTransactions, walletPayouts } from '../../db/schema.ts'
import { AppError, handleError } from '../../errors.ts'
import { manualClock, type ManualClock } from '../../lib/clock.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { runJobsOnce } from '../../jobs/runner.ts'
import type { OperatorRole } from '../backoffice/backoffice-auth.service.ts'
import { createLedger, type Ledger } from '../ledger/ledger.service.ts'
import { walletRoutes } from '../wallet/wallet.routes.ts'
import { accrualJob } from './accrual.job.ts'
import { referralRoutes } from './referral.routes.ts'
import { createReferralService, type PayoutTerms, type ReferralService, type ReferralSettings } from './referral.service.ts'

// The referral routes on a Fastify instance of their own (zod compilers and the one error handler, as in app.ts), on a
// real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). Sign-in is stubbed: `Bearer player-<id>` and
// `Bearer operator-<id>-<role>`; the real hooks are tested with the auth and back-office modules.

let database: Database
let db: Db
let clock: ManualClock
let ledger: Ledger
let ownerId: number
const apps: Array<{ close(): Promise<unknown> }> = []

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
  clock = manualClock()
  ledger = createLedger({ clock })
  const [owner] = await db.insert(operators).values({ username: 'owner-referral', passwordHash: 'x', role: 'owner' }).returning()
  ownerId = owner!.id
})
afterEach(async () => {
  const result = await ledger.verify(db)
  expect(result.failures).toEqual([])
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await database.close()
})

const DEFAULTS: ReferralSettings = {
  levels: [0.03, 0.02, 0.01],
  rebateRate: 0.005,
  bonus: { min: 300, max: 1000, interval: 'DAY' },
  refund: { min: 0, max: 1000, interval: 'DAY' },
}

async function stubPlayer(req: FastifyRequest) {
  const match = /^Bearer player-(\d+)$/.exec(req.headers.authorization ?? '')
  if (!match) throw new AppError('UNAUTHORIZED')
  req.player = { playerId: Number(match[1]), sessionId: 0 }
}
const stubOperator = (roles: OperatorRole[]) =>
  async function stubOperatorHook(req: FastifyRequest) {
    const match = /^Bearer operator-(\d+)-(owner|finance|support)$/.exec(req.headers.authorization ?? '')
    if (!match) throw new AppError('UNAUTHORIZED')
    const role = match[2] as OperatorRole
    if (!roles.includes(role)) throw new AppError('FORBIDDEN')
    req.operator = { operatorId: Number(match[1]), username: 'stub', role }
  }

async function serve(overrides: { bonus?: Partial<PayoutTerms>; refund?: Partial<PayoutTerms> } = {}) {
  const settings: ReferralSettings = { ...DEFAULTS, bonus: { ...DEFAULTS.bonus, ...overrides.bonus }, refund: { ...DEFAULTS.refund, ...overrides.refund } }
  const referral = createReferralService({ db, ledger, clock, settings })
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  await app.register(
    async (api: TypedApp) => {
      walletRoutes(api, { db, requirePlayer: stubPlayer, referral })
      referralRoutes(api, { referral, requirePlayer: stubPlayer, operator: stubOperator })
    },
    { prefix: '/api' },
  )
  await app.ready()
  apps.push(app)
  return { app, referral }
}

const asPlayer = (id: number) => ({ authorization: `Bearer player-${id}` })
const asOperator = (id: number, role: OperatorRole = 'owner') => ({ authorization: `Bearer operator-${id}-${role}` })

let sequence = 0
/** One bet of `baht` at `at`, in a round of its own with the given status (SETTLED unless said). */
async function bet(playerId: number, baht: number, at: string, options: { round?: 'OPEN' | 'SETTLED' | 'CLOSED' | 'ROLLED_BACK'; status?: string } = {}) {
  const id = `${Date.now()}-${++sequence}`
  const when = new Date(at)
  const amount = BigInt(Math.round(baht * 100))
  await db.insert(gameRounds).values({ providerCode: 'pgsoft', roundId: `round-${id}`, playerId, totalBet: amount, status: options.round ?? 'SETTLED', openedAt: when, updatedAt: when })
  await db.insert(seamlessTransactions).values({
    providerCode: 'pgsoft',
    txId: `bet-${id}`,
    op: 'bet',
    playerId,
    roundId: `round-${id}`,
    amount,
    status: options.status ?? 'OK',
    fingerprint: `test|${id}`,
    response: {},
    createdAt: when,
  })
}

/** A chain A ← B ← C ← D (A is D's level-3 upline). */
async function chain() {
  const a = await makePlayer(db)
  const b = await makePlayer(db, { uplineId: a.id })
  const c = await makePlayer(db, { uplineId: b.id })
  const d = await makePlayer(db, { uplineId: c.id })
  return { a, b, c, d }
}

const wallets = async (playerId: number) => ledger.balances(db, playerId)
const accrualsOf = (day: string, sourceId: number) =>
  db
    .select({ beneficiaryId: accruals.beneficiaryId, level: accruals.level, turnover: accruals.turnover, amount: accruals.amount })
    .from(accruals)
    .where(and(eq(accruals.day, day), eq(accruals.sourceId, sourceId)))
    .orderBy(accruals.level)

const DAY = '2026-11-21'

describe('accrual of commission and rebate', () => {
  let referral: ReferralService
  let app: Awaited<ReturnType<typeof serve>>['app']
  beforeAll(async () => {
    ;({ referral, app } = await serve())
  })

  it('pays each upline level and the player its rebate, rounded down to the satang', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const { a, b, c, d } = await chain()
    await bet(d.id, 600, `${DAY}T10:00:00+07:00`)
    await bet(d.id, 400, `${DAY}T22:00:00+07:00`)
    await bet(c.id, 333.33, `${DAY}T12:00:00+07:00`)

    const res = await app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: asOperator(ownerId), payload: { day: DAY } })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ day: DAY, sources: 2 })

    // D's 1000 baht: C 3 %, B 2 %, A 1 %, D 0.5 %.
    expect(await accrualsOf(DAY, d.id)).toEqual([
      { beneficiaryId: d.id, level: 0, turnover: 100_000n, amount: 500n },
      { beneficiaryId: c.id, level: 1, turnover: 100_000n, amount: 3_000n },
      { beneficiaryId: b.id, level: 2, turnover: 100_000n, amount: 2_000n },
      { beneficiaryId: a.id, level: 3, turnover: 100_000n, amount: 1_000n },
    ])
    // C's 333.33 baht: B 999.99 → 999 satang, A 666.66 → 666, C 166.665 → 166; C has only two uplines.
    expect(await accrualsOf(DAY, c.id)).toEqual([
      { beneficiaryId: c.id, level: 0, turnover: 33_333n, amount: 166n },
      { beneficiaryId: b.id, level: 1, turnover: 33_333n, amount: 999n },
      { beneficiaryId: a.id, level: 2, turnover: 33_333n, amount: 666n },
    ])
    expect(await wallets(a.id)).toMatchObject({ referral: 1_666n, rebate: 0n, cash: 0n })
    expect(await wallets(b.id)).toMatchObject({ referral: 2_999n, rebate: 0n })
    expect(await wallets(c.id)).toMatchObject({ referral: 3_000n, rebate: 166n })
    expect(await wallets(d.id)).toMatchObject({ referral: 0n, rebate: 500n })
    expect(res.json().data).toMatchObject({ referral: 76.65, rebate: 6.66 })
  })

  it('counts only valid bets of that Bangkok day', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const { c, d } = await chain()
    await bet(d.id, 100, `${DAY}T00:00:00+07:00`) // first instant of the day
    await bet(d.id, 200, `${DAY}T23:59:59.999+07:00`) // last instant
    await bet(d.id, 1, `${DAY}T12:00:00+07:00`, { round: 'CLOSED' }) // lost, closed as stale: counts
    await bet(d.id, 1_000, `${DAY}T12:00:00+07:00`, { status: 'ROLLED_BACK' })
    await bet(d.id, 2_000, `${DAY}T12:00:00+07:00`, { round: 'ROLLED_BACK', status: 'ROLLED_BACK' })
    await bet(d.id, 3_000, `${DAY}T12:00:00+07:00`, { round: 'OPEN' })
    await bet(d.id, 4_000, `${DAY}T12:00:00+07:00`, { status: 'INSUFFICIENT_FUNDS' })
    await bet(d.id, 5_000, '2026-11-20T23:59:59+07:00') // the day before
    await bet(d.id, 6_000, '2026-11-22T00:00:00+07:00') // the day after

    await referral.accrueDay(DAY)
    const [own, level1] = await accrualsOf(DAY, d.id)
    expect(own).toMatchObject({ level: 0, turnover: 30_100n, amount: 150n })
    expect(level1).toMatchObject({ beneficiaryId: c.id, level: 1, turnover: 30_100n, amount: 903n })
  })

  it('records zero amounts without moving money, so a day stays done', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const solo = await makePlayer(db)
    await bet(solo.id, 1.99, `${DAY}T08:00:00+07:00`) // 0.5 % of 199 satang is 0.995 satang
    const first = await referral.accrueDay(DAY)
    expect(await accrualsOf(DAY, solo.id)).toEqual([{ beneficiaryId: solo.id, level: 0, turnover: 199n, amount: 0n }])
    expect(first).toMatchObject({ sources: 1, accruals: 1, transfers: 0 })
    expect(await wallets(solo.id)).toMatchObject({ rebate: 0n })
    expect(await referral.accrueDay(DAY)).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })
  })

  it('pays once when run twice, in batches, or by several runs at once', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const day = '2026-11-15'
    const { a, b, c, d } = await chain()
    const players = [a, b, c, d]
    for (const p of players) await bet(p.id, 100, `${day}T09:00:00+07:00`)
    const extra = await Promise.all(Array.from({ length: 5 }, () => makePlayer(db, { uplineId: d.id })))
    for (const p of extra) await bet(p.id, 100, `${day}T09:00:00+07:00`)

    const runs = await Promise.all([
      referral.accrueDay(day, 2),
      referral.accrueDay(day, 3),
      referral.accrueDay(day),
      app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: asOperator(ownerId), payload: { day } }).then((r) => r.json().data),
    ])
    expect(runs.reduce((n, r) => n + r.sources, 0)).toBe(9)
    expect(runs.reduce((n, r) => n + r.transfers, 0)).toBe(9 + 3 + 2 + 1 + 5 * 3)
    const again = await referral.accrueDay(day, 2)
    expect(again).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })

    // D: level 1 of five players (3 baht each) plus its own rebate (0.50).
    expect(await wallets(d.id)).toMatchObject({ referral: 1_500n, rebate: 50n })
    // A: level 1 of B, level 2 of C, level 3 of D = 3 + 2 + 1.
    expect(await wallets(a.id)).toMatchObject({ referral: 600n, rebate: 50n })
    // C: level 1 of D, level 2 of the five = 3 + 5 × 2.
    expect(await wallets(c.id)).toMatchObject({ referral: 1_300n })
  })

  it('pays once even when runs skip the lock: the accrual row is claimed before any money moves', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const day = '2026-11-14'
    const { a, d } = await chain()
    await bet(d.id, 100, `${day}T09:00:00+07:00`)
    const runs = await Promise.all(Array.from({ length: 4 }, () => inTransaction(db, (tx) => referral.accrueBatch(tx, day))))
    expect(runs.reduce((n, r) => n + r.transfers, 0)).toBe(4)
    expect(await wallets(a.id)).toMatchObject({ referral: 100n })
    expect(await wallets(d.id)).toMatchObject({ rebate: 50n })
  })

  it('refuses a day that has not ended in Bangkok, and bad input', async () => {
    clock.set(new Date('2026-11-21T16:59:59Z')) // 23:59:59 on the 21st in Bangkok
    const early = await app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: asOperator(ownerId), payload: { day: '2026-11-21' } })
    expect(early.statusCode).toBe(422)
    expect(early.json().message).toMatch(/ยังไม่สิ้นสุดวัน/)
    clock.set(new Date('2026-11-21T17:00:00Z'))
    const onTime = await app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: asOperator(ownerId), payload: { day: '2026-11-21' } })
    expect(onTime.statusCode).toBe(200)

    for (const payload of [{}, { day: '2026-02-30' }, { day: '21/11/2026' }, { day: 20261121 }, { day: '2026-11-21', extra: 1 }]) {
      const res = await app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: asOperator(ownerId), payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })

  it('is for owners only, and leaves an audit entry', async () => {
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const url = '/api/backoffice/jobs/accrue'
    expect((await app.inject({ method: 'POST', url, payload: { day: '2026-11-10' } })).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url, headers: asOperator(ownerId, 'finance'), payload: { day: '2026-11-10' } })).statusCode).toBe(403)
    expect((await app.inject({ method: 'POST', url, headers: asPlayer(1), payload: { day: '2026-11-10' } })).statusCode).toBe(401)
    const res = await app.inject({ method: 'POST', url, headers: asOperator(ownerId), payload: { day: '2026-11-10' } })
    expect(res.statusCode).toBe(200)
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.action, 'referral.accrue'), eq(auditLog.targetId, '2026-11-10')))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ operatorId: ownerId, targetType: 'accrual_day' })
  })
})

describe('the daily accrual job', () => {
  it('accrues yesterday once its rounds are over, then costs nothing; catches up missed days', async () => {
    const { referral } = await serve()
    const job = accrualJob({ referral, clock, settleMinutes: 60 })
    const p = await makePlayer(db)
    const up = await makePlayer(db)
    const q = await makePlayer(db, { uplineId: up.id })
    await bet(p.id, 100, '2026-10-30T23:59:00+07:00')
    await bet(q.id, 100, '2026-10-31T23:59:00+07:00')

    // 1 November, 01:04 Bangkok: yesterday waits for the stale-round cut-off (60 + 5 minutes); the day before, which
    // no run accrued yet, is caught up.
    clock.set(new Date('2026-11-01T01:04:59+07:00'))
    expect(await runJobsOnce(db, [job])).toEqual({ 'accrue-referral': 1 })
    expect(await wallets(p.id)).toMatchObject({ rebate: 50n })
    expect(await accrualsOf('2026-10-31', q.id)).toEqual([])

    clock.set(new Date('2026-11-01T01:05:00+07:00'))
    expect(await runJobsOnce(db, [job])).toEqual({ 'accrue-referral': 2 })
    expect(await wallets(up.id)).toMatchObject({ referral: 300n })
    for (let minute = 0; minute < 3; minute++) {
      clock.advance(60_000)
      expect(await runJobsOnce(db, [job])).toEqual({ 'accrue-referral': 0 })
    }
    expect(await wallets(up.id)).toMatchObject({ referral: 300n })
  })
})

describe('GET /api/wallet/v2/balance', () => {
  it('shows both wallets with their terms, ever earned, and today’s valid turnover in Bangkok', async () => {
    const { app, referral } = await serve({ refund: { min: 0, max: 500, interval: 'WEEKEN' } })
    clock.set(new Date('2026-11-22T03:00:00Z'))
    const { b, c, d } = await chain()
    await bet(d.id, 20_000, `${DAY}T20:00:00+07:00`)
    await referral.accrueDay(DAY)

    // Sunday 22 November, 10:00 Bangkok: one bet yesterday, two valid today, one open, one rolled back.
    await bet(c.id, 50, '2026-11-21T23:59:59+07:00')
    await bet(c.id, 120.5, '2026-11-22T00:00:00+07:00')
    await bet(c.id, 10, '2026-11-22T09:59:00+07:00')
    await bet(c.id, 70, '2026-11-22T09:00:00+07:00', { round: 'OPEN' })
    await bet(c.id, 80, '2026-11-22T09:00:00+07:00', { status: 'ROLLED_BACK' })

    const res = await app.inject({ method: 'GET', url: '/api/wallet/v2/balance', headers: asPlayer(c.id) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      success: true,
      data: {
        balance: 0,
        bonus: { total: 600, remaining: 600, options: { min: 300, max: 1000, interval: 'DAY' } },
        refund: { total: 0, remaining: 0, options: { min: 0, max: 500, interval: 'WEEKEN' } },
        turnover: 130.5,
      },
    })

    // After a move, "total" still counts what was moved; "remaining" does not.
    expect((await app.inject({ method: 'POST', url: '/api/wallet/transfer/bonus', headers: asPlayer(b.id) })).statusCode).toBe(200)
    const after = (await app.inject({ method: 'GET', url: '/api/wallet/v2/balance', headers: asPlayer(b.id) })).json().data
    expect(after).toMatchObject({ balance: 400, bonus: { total: 400, remaining: 0 } })
    expect((await app.inject({ method: 'GET', url: '/api/wallet/v2/balance' })).statusCode).toBe(401)
  })
})

/** A player whose referral and rebate wallets hold the given baht (accrued from a downline's bets on `day`). */
async function earner(referralBaht: number, rebateBaht = 0, day = '2026-11-01') {
  const upline = await makePlayer(db)
  if (referralBaht > 0) {
    const downline = await makePlayer(db, { uplineId: upline.id })
    await bet(downline.id, referralBaht / 0.03, `${day}T12:00:00+07:00`)
  }
  if (rebateBaht > 0) await bet(upline.id, rebateBaht / 0.005, `${day}T12:00:00+07:00`)
  const referral = createReferralService({ db, ledger, clock, settings: DEFAULTS })
  const saved = clock.now()
  clock.set(new Date('2026-11-02T00:00:00+07:00'))
  await referral.accrueDay(day)
  clock.set(saved)
  return upline
}

describe('POST /api/wallet/transfer/bonus and /refund', () => {
  const transfer = (app: Awaited<ReturnType<typeof serve>>['app'], playerId: number, wallet: 'bonus' | 'refund' = 'bonus') =>
    app.inject({ method: 'POST', url: `/api/wallet/transfer/${wallet}`, headers: asPlayer(playerId) })

  it('moves the remaining amount to cash, at most max, once per Bangkok day (DAY)', async () => {
    const { app } = await serve()
    const p = await earner(1_500)
    clock.set(new Date('2026-11-21T23:59:58+07:00'))
    const res = await transfer(app, p.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { amount: 1000, remaining: 500 }, message: 'โอนเข้ากระเป๋าหลักสำเร็จ' })
    expect(await wallets(p.id)).toMatchObject({ cash: 100_000n, referral: 50_000n })

    clock.set(new Date('2026-11-21T23:59:59+07:00'))
    const again = await transfer(app, p.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT', message: 'วันนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันพรุ่งนี้' })

    clock.set(new Date('2026-11-22T00:00:00+07:00'))
    const nextDay = await transfer(app, p.id)
    expect(nextDay.statusCode).toBe(200)
    expect(nextDay.json().data).toEqual({ amount: 500, remaining: 0 })
    expect(await wallets(p.id)).toMatchObject({ cash: 150_000n, referral: 0n })
    expect(await db.select({ period: walletPayouts.period }).from(walletPayouts).where(eq(walletPayouts.playerId, p.id)).orderBy(walletPayouts.id)).toEqual([
      { period: '2026-11-21' },
      { period: '2026-11-22' },
    ])
  })

  it('refuses below the minimum and with nothing to move, changing nothing', async () => {
    const { app } = await serve()
    clock.set(new Date('2026-11-21T12:00:00+07:00'))
    const low = await earner(299.99)
    const below = await transfer(app, low.id)
    expect(below.statusCode).toBe(422)
    expect(below.json().message).toBe('ยอดขั้นต่ำในการโอนคือ 300 บาท')
    expect(await wallets(low.id)).toMatchObject({ cash: 0n, referral: 29_999n })

    const none = await transfer(app, (await makePlayer(db)).id)
    expect(none.statusCode).toBe(422)
    expect(none.json().message).toBe('ไม่มียอดที่สามารถโอนได้')
    const noRefund = await transfer(app, low.id, 'refund')
    expect(noRefund.statusCode).toBe(422)
    expect(noRefund.json().message).toBe('ไม่มียอดที่สามารถโอนได้')
    expect(await db.select().from(walletPayouts).where(eq(walletPayouts.playerId, low.id))).toEqual([])

    // Exactly the minimum is enough.
    const exact = await earner(300)
    expect((await transfer(app, exact.id)).statusCode).toBe(200)
  })

  it('moves the refund wallet on its own terms (min 0, max 1000)', async () => {
    const { app } = await serve()
    clock.set(new Date('2026-11-21T12:00:00+07:00'))
    const p = await earner(0, 0.01)
    const res = await transfer(app, p.id, 'refund')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ amount: 0.01, remaining: 0 })
    expect(await wallets(p.id)).toMatchObject({ cash: 1n, rebate: 0n })
    // The bonus wallet has its own period.
    expect((await transfer(app, p.id, 'bonus')).json().message).toBe('ไม่มียอดที่สามารถโอนได้')
  })

  it('WEEKEN: Fridays only, from 00:00 Bangkok time, once', async () => {
    const { app } = await serve({ bonus: { interval: 'WEEKEN' } })
    const p = await earner(900)
    clock.set(new Date('2026-11-19T23:59:59+07:00')) // Thursday
    const thursday = await transfer(app, p.id)
    expect(thursday.statusCode).toBe(422)
    expect(thursday.json().message).toBe('โอนเข้ากระเป๋าหลักได้เฉพาะวันศุกร์เท่านั้น')

    clock.set(new Date('2026-11-20T00:00:00+07:00')) // Friday (still Thursday in UTC)
    expect((await transfer(app, p.id)).statusCode).toBe(200)
    clock.set(new Date('2026-11-20T23:59:59+07:00'))
    const twice = await transfer(app, p.id)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('สัปดาห์นี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันศุกร์หน้า')
    clock.set(new Date('2026-11-21T00:00:00+07:00')) // Saturday
    expect((await transfer(app, p.id)).statusCode).toBe(422)
    expect(await wallets(p.id)).toMatchObject({ cash: 90_000n, referral: 0n })
  })

  it('MONTH: the 1st only, from 00:00 Bangkok time, once', async () => {
    const { app } = await serve({ bonus: { interval: 'MONTH' } })
    const p = await earner(2_400)
    clock.set(new Date('2026-11-30T23:59:59+07:00'))
    const last = await transfer(app, p.id)
    expect(last.statusCode).toBe(422)
    expect(last.json().message).toBe('โอนเข้ากระเป๋าหลักได้เฉพาะวันที่ 1 ของทุกเดือนเท่านั้น')

    clock.set(new Date('2026-12-01T00:00:00+07:00')) // still 30 November in UTC
    expect((await transfer(app, p.id)).json()).toMatchObject({ success: true, data: { amount: 1000, remaining: 1400 } })
    clock.set(new Date('2026-12-01T23:59:59+07:00'))
    const twice = await transfer(app, p.id)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('เดือนนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันที่ 1 ของเดือนหน้า')
    clock.set(new Date('2027-01-01T00:00:00+07:00'))
    expect((await transfer(app, p.id)).json().data).toEqual({ amount: 1000, remaining: 400 })
  })

  it('moves money once when ten requests arrive together; the others get 409', async () => {
    const { app } = await serve()
    clock.set(new Date('2026-11-21T12:00:00+07:00'))
    const p = await earner(800, 12)
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => transfer(app, p.id, i % 2 === 0 ? 'bonus' : 'refund')))
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409])
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('CONFLICT')
    expect(await wallets(p.id)).toMatchObject({ cash: 81_200n, referral: 0n, rebate: 0n })
    expect(await db.select().from(walletPayouts).where(eq(walletPayouts.playerId, p.id))).toHaveLength(2)
  })

  it('needs a signed-in player', async () => {
    const { app } = await serve()
    const res = await app.inject({ method: 'POST', url: '/api/wallet/transfer/bonus' })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/invites', () => {
  it('answers the invite code, the level rates and level-1 downlines, masked, newest first, ten a page', async () => {
    const { app } = await serve()
    const me = await makePlayer(db)
    const downlines = []
    for (let i = 0; i < 12; i++) {
      downlines.push(await makePlayer(db, { uplineId: me.id, mobile: `0891234${String(i).padStart(3, '0')}`, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }))
    }
    await makePlayer(db, { uplineId: downlines[0]!.id }) // level 2: not listed

    const first = await app.inject({ method: 'GET', url: '/api/invites', headers: asPlayer(me.id) })
    expect(first.statusCode).toBe(200)
    const data = first.json().data
    expect(data).toMatchObject({ invite_code: me.inviteCode, percentage: { level1: 0.03, level2: 0.02, level3: 0.01 }, page: 0, size: 10, total: 12 })
    expect(data.downlines).toHaveLength(10)
    expect(data.downlines[0]).toEqual({ username: '089-xxx-4011', created_at: '2026-11-01T00:11:00.000Z' })
    expect(JSON.stringify(data)).not.toContain('0891234')

    const second = (await app.inject({ method: 'GET', url: '/api/invites?page=1', headers: asPlayer(me.id) })).json().data
    expect(second.downlines.map((d: { username: string }) => d.username)).toEqual(['089-xxx-4001', '089-xxx-4000'])
    expect((await app.inject({ method: 'GET', url: '/api/invites?page=9', headers: asPlayer(me.id) })).json().data).toMatchObject({ downlines: [], total: 12 })
  })

  it('refuses a bad page and a missing sign-in', async () => {
    const { app } = await serve()
    const me = await makePlayer(db)
    for (const q of ['page=-1', 'page=abc', 'page=1.5', 'other=1']) {
      const res = await app.inject({ method: 'GET', url: `/api/invites?${q}`, headers: asPlayer(me.id) })
      expect(res.statusCode, q).toBe(400)
    }
    expect((await app.inject({ method: 'GET', url: '/api/invites' })).statusCode).toBe(401)
  })
})
