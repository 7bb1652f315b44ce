import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type TestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { bearer, fund, loginPlayer, signedInPlayer } from '../../../test/money.ts'
import { accrualsOf, accrue, chain, earner, member, play, referralOptions, STALE_MINUTES, summaryOf, transfer, walletsOf } from '../../../test/referral.ts'
import { signInOperator } from '../../../test/operators.ts'
import { auditLog, walletPayouts } from '../../db/schema.ts'
import { inTransaction } from '../../db/transaction.ts'
import { runJobsOnce, standardJobs } from '../../jobs/runner.ts'

// The referral and rebate routes through the whole app: real player and operator sign-in, bets as signed seamless
// callbacks, the owner's accrual endpoint, the daily job as the server runs it. Settings other than the defaults
// (levels 3/2/1 %, rebate 0.5 %, bonus 300-1000 baht daily, refund 0-1000 baht daily) come in through config.
// Each describe block has an app (and database) of its own; the ledger must verify after every test.

const UNAUTHORIZED = { success: false, code: 'UNAUTHORIZED', message: 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง' }
const FORBIDDEN = { success: false, code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์ทำรายการนี้' }
const NOTHING_TO_MOVE = 'ไม่มียอดที่สามารถโอนได้'
const THAI = /[\u0E00-\u0E7F]/

/** 10:00 on Sunday 22 November 2026 in Bangkok: every day up to the 21st is over. */
const MORNING_AFTER = '2026-11-22T03:00:00Z'

/** An owner signed in at the current clock (an operator session lasts 12 hours, and tests move the clock by days). */
const asOwner = async (t: TestApp) => bearer((await signInOperator(t)).token)

const payoutPeriods = (t: TestApp, playerId: number) =>
  t.db
    .select({ wallet: walletPayouts.wallet, period: walletPayouts.period })
    .from(walletPayouts)
    .where(eq(walletPayouts.playerId, playerId))
    .orderBy(walletPayouts.id)

describe('accrual of commission and rebate', () => {
  const t = useTestApp(referralOptions())

  it('pays each upline level and the player its rebate, rounded down to the satang', async () => {
    const day = '2026-11-17'
    const { a, b, c, d } = await chain(t)
    await play(t, d, 600, `${day}T10:00:00+07:00`)
    await play(t, d, 400, `${day}T22:00:00+07:00`)
    await play(t, c, 333.33, `${day}T12:00:00+07:00`)

    t.clock.set(new Date(MORNING_AFTER))
    const res = await accrue(t, day, await asOwner(t))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: { day, sources: 2, accruals: 7, transfers: 7, referral: 76.65, rebate: 6.66 },
      message: 'คำนวณค่าแนะนำและยอดคืนเรียบร้อย',
    })

    // D's 1000 baht: C 3 %, B 2 %, A 1 %, D 0.5 %.
    expect(await accrualsOf(t, day, d.id)).toEqual([
      { beneficiaryId: d.id, level: 0, turnover: 100_000n, amount: 500n },
      { beneficiaryId: c.id, level: 1, turnover: 100_000n, amount: 3_000n },
      { beneficiaryId: b.id, level: 2, turnover: 100_000n, amount: 2_000n },
      { beneficiaryId: a.id, level: 3, turnover: 100_000n, amount: 1_000n },
    ])
    // C's 333.33 baht: B 999.99 → 999 satang, A 666.66 → 666, C 166.665 → 166; C has only two uplines.
    expect(await accrualsOf(t, day, c.id)).toEqual([
      { beneficiaryId: c.id, level: 0, turnover: 33_333n, amount: 166n },
      { beneficiaryId: b.id, level: 1, turnover: 33_333n, amount: 999n },
      { beneficiaryId: a.id, level: 2, turnover: 33_333n, amount: 666n },
    ])
    // What each player sees (their bets were lost, so cash is back to nothing).
    expect(await walletsOf(t, a)).toEqual({ cash: 0, bonus: 16.66, refund: 0 })
    expect(await walletsOf(t, b)).toEqual({ cash: 0, bonus: 29.99, refund: 0 })
    expect(await walletsOf(t, c)).toEqual({ cash: 0, bonus: 30, refund: 1.66 })
    expect(await walletsOf(t, d)).toEqual({ cash: 0, bonus: 0, refund: 5 })
  })

  // satangToBaht once computed whole + cents / 100, and 166 satang went out as 1.6600000000000001.
  it('answers a 1.66 baht rebate as exactly 1.66', async () => {
    const day = '2026-11-08'
    const p = await member(t)
    await play(t, p, 332, `${day}T12:00:00+07:00`) // 0.5 % of 332 baht = 166 satang
    t.clock.set(new Date(MORNING_AFTER))
    await accrue(t, day, await asOwner(t))
    const res = await t.get('/api/wallet/v2/balance', p.token)
    expect(res.json().data.refund).toMatchObject({ total: 1.66, remaining: 1.66 })
  })

  it('counts only valid bets of that Bangkok day', async () => {
    const day = '2026-11-21'
    const { c, d } = await chain(t)
    await play(t, d, 5_000, '2026-11-20T23:59:59+07:00') // the day before
    await play(t, d, 100, `${day}T00:00:00+07:00`) // first instant of the day
    await play(t, d, 1, `${day}T10:00:00+07:00`, 'open') // lost, closed as stale below: counts
    t.clock.set(new Date(`${day}T11:30:00+07:00`))
    expect(await t.services.seamless.closeStaleRounds(STALE_MINUTES)).toBeGreaterThanOrEqual(1)
    await play(t, d, 1_000, `${day}T12:00:00+07:00`, 'rolled-back-after-win')
    await play(t, d, 2_000, `${day}T12:00:00+07:00`, 'rolled-back')
    await play(t, d, 3_000, `${day}T12:00:00+07:00`, 'open') // still open when the day is accrued
    await play(t, d, 4_000, `${day}T12:00:00+07:00`, 'refused')
    await play(t, d, 200, `${day}T23:59:59.999+07:00`) // last instant
    await play(t, d, 6_000, '2026-11-22T00:00:00+07:00') // the day after

    t.clock.set(new Date(MORNING_AFTER))
    const res = await accrue(t, day, await asOwner(t))
    expect(res.json().data).toMatchObject({ sources: 1, accruals: 4 })
    const [own, level1] = await accrualsOf(t, day, d.id)
    expect(own).toMatchObject({ level: 0, turnover: 30_100n, amount: 150n })
    expect(level1).toMatchObject({ beneficiaryId: c.id, level: 1, turnover: 30_100n, amount: 903n })
    // C sees 3 % of 301 baht; D its 0.5 %, the two rolled-back stakes back in cash plus the 1 baht win, and the day
    // after's 6000 baht as today's turnover.
    expect(await walletsOf(t, c)).toEqual({ cash: 0, bonus: 9.03, refund: 0 })
    expect(await summaryOf(t, d)).toMatchObject({ balance: 3_001, refund: { total: 1.5, remaining: 1.5 }, turnover: 6_000 })
  })

  it('records zero amounts without moving money, so a day stays done', async () => {
    const day = '2026-11-19'
    const solo = await member(t)
    await play(t, solo, 1.99, `${day}T08:00:00+07:00`) // 0.5 % of 199 satang is 0.995 satang

    t.clock.set(new Date(MORNING_AFTER))
    const owner = await asOwner(t)
    const first = await accrue(t, day, owner)
    expect(first.json().data).toEqual({ day, sources: 1, accruals: 1, transfers: 0, referral: 0, rebate: 0 })
    expect(await accrualsOf(t, day, solo.id)).toEqual([{ beneficiaryId: solo.id, level: 0, turnover: 199n, amount: 0n }])
    expect((await summaryOf(t, solo)).refund).toMatchObject({ total: 0, remaining: 0 })
    const second = await accrue(t, day, owner)
    expect(second.json().data).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })
  })

  it('pays once when run twice, in batches, or by several runs at once', async () => {
    const day = '2026-11-15'
    const { a, b, c, d } = await chain(t)
    for (const p of [a, b, c, d]) await play(t, p, 100, `${day}T09:00:00+07:00`)
    const extra = []
    for (let i = 0; i < 5; i++) extra.push(await member(t, { uplineId: d.id }))
    for (const p of extra) await play(t, p, 100, `${day}T09:00:00+07:00`)

    t.clock.set(new Date(MORNING_AFTER))
    const owner = await asOwner(t)
    // The app's own service in small batches beside the owner's endpoint, all at once: they share the accrual lock.
    const runs = await Promise.all([
      t.services.referral.accrueDay(day, 2),
      t.services.referral.accrueDay(day, 3),
      t.services.referral.accrueDay(day),
      accrue(t, day, owner).then((r) => r.json().data as { sources: number; transfers: number }),
    ])
    expect(runs.reduce((n, r) => n + r.sources, 0)).toBe(9)
    expect(runs.reduce((n, r) => n + r.transfers, 0)).toBe(9 + 3 + 2 + 1 + 5 * 3)
    expect(await t.services.referral.accrueDay(day, 2)).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })
    expect((await accrue(t, day, owner)).json().data).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })

    // D: level 1 of five players (3 baht each) plus its own rebate (0.50).
    expect(await walletsOf(t, d)).toEqual({ cash: 0, bonus: 15, refund: 0.5 })
    // A: level 1 of B, level 2 of C, level 3 of D = 3 + 2 + 1.
    expect(await walletsOf(t, a)).toEqual({ cash: 0, bonus: 6, refund: 0.5 })
    // C: level 1 of D, level 2 of the five = 3 + 5 × 2.
    expect(await walletsOf(t, c)).toMatchObject({ bonus: 13 })
  })

  it('pays once even when runs skip the lock: the accrual row is claimed before any money moves', async () => {
    const day = '2026-11-14'
    const { a, d } = await chain(t)
    await play(t, d, 100, `${day}T09:00:00+07:00`)
    t.clock.set(new Date(MORNING_AFTER))
    const runs = await Promise.all(Array.from({ length: 4 }, () => inTransaction(t.db, (tx) => t.services.referral.accrueBatch(tx, day))))
    expect(runs.reduce((n, r) => n + r.transfers, 0)).toBe(4)
    expect(await walletsOf(t, a)).toMatchObject({ bonus: 1 })
    expect(await walletsOf(t, d)).toMatchObject({ refund: 0.5 })
  })

  it('refuses a day that has not ended in Bangkok, and bad input', async () => {
    const day = '2026-11-12'
    t.clock.set(new Date('2026-11-12T16:59:59Z')) // 23:59:59 on the 12th in Bangkok
    const owner = await asOwner(t)
    const early = await accrue(t, day, owner)
    expect(early.statusCode).toBe(422)
    expect(early.json()).toMatchObject({ success: false, code: 'RULE_REFUSED', message: 'ยังไม่สิ้นสุดวันดังกล่าว (ตามเวลาประเทศไทย) คำนวณได้ตั้งแต่วันถัดไป' })
    t.clock.set(new Date('2026-11-12T17:00:00Z'))
    expect((await accrue(t, day, owner)).statusCode).toBe(200)
    // Only the run that was allowed is on record.
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'referral.accrue'), eq(auditLog.targetId, day))),
    ).toHaveLength(1)

    // Year 0 (found by the fuzzer: PostgreSQL has no such date) and other years no business day lies in.
    for (const payload of [
      {},
      { day: '2026-02-30' },
      { day: '21/11/2026' },
      { day: 20261121 },
      { day: '2026-11-12', extra: 1 },
      { day: '0000-01-24' },
      { day: '1999-12-31' },
      { day: '9999-01-01' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/jobs/accrue', headers: owner, payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringMatching(THAI) })
    }
  })

  it('is for owners only, and leaves an audit entry', async () => {
    const day = '2026-11-10'
    t.clock.set(new Date(MORNING_AFTER))
    const player = await member(t)
    const finance = await signInOperator(t, 'finance')
    const support = await signInOperator(t, 'support')
    const owner = await signInOperator(t, 'owner')

    const none = await accrue(t, day)
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual(UNAUTHORIZED)
    for (const other of [finance, support]) {
      const res = await accrue(t, day, bearer(other.token))
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual(FORBIDDEN)
    }
    // A player's session is not an operator's.
    const asPlayer = await accrue(t, day, bearer(player.token))
    expect(asPlayer.statusCode).toBe(401)
    expect(asPlayer.json()).toEqual(UNAUTHORIZED)

    const res = await accrue(t, day, bearer(owner.token))
    expect(res.statusCode).toBe(200)
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.accrue'), eq(auditLog.targetId, day)))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ operatorId: owner.id, targetType: 'accrual_day', after: res.json().data })
  })
})

describe('the daily accrual job', () => {
  const t = useTestApp(referralOptions())

  it('accrues yesterday once its rounds are over, then costs nothing; catches up missed days', async () => {
    // The jobs exactly as the server starts them, on the app's clock and services.
    const jobs = standardJobs({
      clock: t.clock,
      deposits: t.services.deposits,
      seamless: t.services.seamless,
      referral: t.services.referral,
      roundStaleMinutes: STALE_MINUTES,
      database: t.database.kind,
    })
    const p = await member(t)
    const up = await member(t)
    const q = await member(t, { uplineId: up.id })
    await play(t, p, 100, '2026-10-30T23:59:00+07:00')
    await play(t, q, 100, '2026-10-31T23:59:00+07:00')

    // 1 November, 01:04 Bangkok: yesterday waits for the stale-round cut-off (60 + 5 minutes); the day before, which
    // no run accrued yet, is caught up.
    t.clock.set(new Date('2026-11-01T01:04:59+07:00'))
    expect((await runJobsOnce(t.db, jobs))['accrue-referral']).toBe(1)
    expect(await walletsOf(t, p)).toMatchObject({ refund: 0.5 })
    expect(await accrualsOf(t, '2026-10-31', q.id)).toEqual([])
    expect(await walletsOf(t, up)).toMatchObject({ bonus: 0 })

    t.clock.set(new Date('2026-11-01T01:05:00+07:00'))
    expect((await runJobsOnce(t.db, jobs))['accrue-referral']).toBe(2)
    expect(await walletsOf(t, up)).toMatchObject({ bonus: 3 })
    expect(await walletsOf(t, q)).toMatchObject({ refund: 0.5 })
    for (let minute = 0; minute < 3; minute++) {
      t.clock.advance(60_000)
      expect((await runJobsOnce(t.db, jobs))['accrue-referral']).toBe(0)
    }
    expect(await walletsOf(t, up)).toMatchObject({ bonus: 3 })
  })
})

describe('GET /api/wallet/v2/balance', () => {
  // Refund terms other than the defaults, through config, to see that the response carries the configured ones.
  const t = useTestApp(referralOptions({ REFUND_MAX: '500', REFUND_INTERVAL: 'WEEKEN' }))

  it('shows both wallets with their terms, ever earned, and today’s valid turnover in Bangkok', async () => {
    const { b, c, d } = await chain(t)
    await play(t, d, 20_000, '2026-11-21T20:00:00+07:00')
    // Sunday 22 November, 10:00 Bangkok: one bet yesterday, two valid today, one open, one rolled back.
    await play(t, c, 50, '2026-11-21T23:59:59+07:00')
    await play(t, c, 120.5, '2026-11-22T00:00:00+07:00')
    await play(t, c, 70, '2026-11-22T09:00:00+07:00', 'open')
    await play(t, c, 80, '2026-11-22T09:00:00+07:00', 'rolled-back')
    await play(t, c, 10, '2026-11-22T09:59:00+07:00')
    t.clock.set(new Date(MORNING_AFTER))
    expect((await accrue(t, '2026-11-21', await asOwner(t))).statusCode).toBe(200)

    const res = await t.get('/api/wallet/v2/balance', c.token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    // C: 3 % of D's 20 000 baht; 0.5 % of its own 50 baht yesterday; the rolled-back 80 baht came back to cash.
    expect(res.json()).toEqual({
      success: true,
      data: {
        balance: 80,
        bonus: { total: 600, remaining: 600, options: { min: 300, max: 1000, interval: 'DAY' } },
        refund: { total: 0.25, remaining: 0.25, options: { min: 0, max: 500, interval: 'WEEKEN' } },
        turnover: 130.5,
      },
    })
    // The configured interval is enforced too, not only shown: Sunday is not a Friday.
    const refund = await transfer(t, c, 'refund')
    expect(refund.statusCode).toBe(422)
    expect(refund.json().message).toBe('โอนเข้ากระเป๋าหลักได้เฉพาะวันศุกร์เท่านั้น')

    // After a move, "total" still counts what was moved; "remaining" does not. B: 2 % of 20 000 + 3 % of 50.
    const move = await transfer(t, b)
    expect(move.statusCode).toBe(200)
    expect(move.json().data).toEqual({ amount: 401.5, remaining: 0 })
    expect(await summaryOf(t, b)).toMatchObject({ balance: 401.5, bonus: { total: 401.5, remaining: 0 } })

    const anonymous = await t.get('/api/wallet/v2/balance')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual(UNAUTHORIZED)
  })

  it('answers reads that arrive together each with its own wallets, and a read after a deposit with the deposit', async () => {
    const [rich, poor, fresh] = [await signedInPlayer(t, {}, { cash: 1_234.5 }), await signedInPlayer(t, {}, { cash: 1 }), await signedInPlayer(t)]
    const readers = [rich, poor, rich, fresh, poor, fresh, rich]
    const answers = await Promise.all(readers.map((p) => summaryOf(t, p)))
    expect(answers.map((a) => a.balance)).toEqual([1_234.5, 1, 1_234.5, 0, 1, 0, 1_234.5])
    expect(answers.every((a) => a.turnover === 0 && a.bonus.total === 0)).toBe(true)

    await fund(t, fresh, 50)
    const after = await Promise.all([fresh, rich].map((p) => summaryOf(t, p)))
    expect(after.map((a) => a.balance)).toEqual([50, 1_234.5])
  })
})

describe('POST /api/wallet/transfer/bonus and /refund', () => {
  describe('with the default terms', () => {
    const t = useTestApp(referralOptions())

    it('moves the remaining amount to cash, at most max, once per Bangkok day (DAY)', async () => {
      const p = await earner(t, 1_500)
      t.clock.set(new Date('2026-11-21T23:59:58+07:00'))
      const res = await transfer(t, p)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, data: { amount: 1000, remaining: 500 }, message: 'โอนเข้ากระเป๋าหลักสำเร็จ' })
      expect(await walletsOf(t, p)).toEqual({ cash: 1000, bonus: 500, refund: 0 })

      t.clock.set(new Date('2026-11-21T23:59:59+07:00'))
      const again = await transfer(t, p)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ success: false, code: 'CONFLICT', message: 'วันนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันพรุ่งนี้' })
      expect(await walletsOf(t, p)).toEqual({ cash: 1000, bonus: 500, refund: 0 })

      t.clock.set(new Date('2026-11-22T00:00:00+07:00'))
      const nextDay = await transfer(t, p)
      expect(nextDay.statusCode).toBe(200)
      expect(nextDay.json().data).toEqual({ amount: 500, remaining: 0 })
      expect(await walletsOf(t, p)).toEqual({ cash: 1500, bonus: 0, refund: 0 })
      expect(await payoutPeriods(t, p.id)).toEqual([
        { wallet: 'bonus', period: '2026-11-21' },
        { wallet: 'bonus', period: '2026-11-22' },
      ])
    })

    it('refuses below the minimum and with nothing to move, changing nothing', async () => {
      t.clock.set(new Date('2026-11-21T12:00:00+07:00'))
      const low = await earner(t, 299.99)
      const below = await transfer(t, low)
      expect(below.statusCode).toBe(422)
      expect(below.json()).toEqual({ success: false, code: 'RULE_REFUSED', message: 'ยอดขั้นต่ำในการโอนคือ 300 บาท' })
      expect(await walletsOf(t, low)).toEqual({ cash: 0, bonus: 299.99, refund: 0 })

      const none = await transfer(t, await member(t))
      expect(none.statusCode).toBe(422)
      expect(none.json().message).toBe(NOTHING_TO_MOVE)
      const noRefund = await transfer(t, low, 'refund')
      expect(noRefund.statusCode).toBe(422)
      expect(noRefund.json().message).toBe(NOTHING_TO_MOVE)
      expect(await payoutPeriods(t, low.id)).toEqual([])

      // Exactly the minimum is enough.
      const exact = await earner(t, 300)
      expect((await transfer(t, exact)).statusCode).toBe(200)
      expect(await walletsOf(t, exact)).toEqual({ cash: 300, bonus: 0, refund: 0 })
    })

    it('moves the refund wallet on its own terms (min 0, max 1000)', async () => {
      t.clock.set(new Date('2026-11-21T12:00:00+07:00'))
      const p = await earner(t, 0, 0.01)
      const res = await transfer(t, p, 'refund')
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({ amount: 0.01, remaining: 0 })
      expect(await walletsOf(t, p)).toEqual({ cash: 0.01, bonus: 0, refund: 0 })
      // The bonus wallet has its own period: moving the refund did not use it up, it is simply empty.
      expect((await transfer(t, p, 'bonus')).json().message).toBe(NOTHING_TO_MOVE)
    })

    it('moves money once when ten requests arrive together; the others get 409', async () => {
      t.clock.set(new Date('2026-11-21T12:00:00+07:00'))
      const p = await earner(t, 800, 12)
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => transfer(t, p, i % 2 === 0 ? 'bonus' : 'refund')))
      const bodies = results.map((r) => r.body).join('\n')
      const moved = results.filter((r) => r.statusCode === 200).map((r) => r.json().data)
      expect(
        moved.sort((x, y) => x.amount - y.amount),
        bodies,
      ).toEqual([
        { amount: 12, remaining: 0 },
        { amount: 800, remaining: 0 },
      ])
      const refused = results.filter((r) => r.statusCode !== 200).map((r) => r.json())
      const alreadyDone = { success: false, code: 'CONFLICT', message: 'วันนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันพรุ่งนี้' }
      // The moves take turns on the player's row, so every loser is told it was already done (on PostgreSQL too).
      expect(refused, bodies).toEqual(Array.from({ length: 8 }, () => alreadyDone))
      expect(await walletsOf(t, p)).toEqual({ cash: 812, bonus: 0, refund: 0 })
      expect(await payoutPeriods(t, p.id)).toHaveLength(2)
    })

    it('needs a signed-in player', async () => {
      for (const wallet of ['bonus', 'refund']) {
        const res = await t.post(`/api/wallet/transfer/${wallet}`)
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual(UNAUTHORIZED)
      }
    })
  })

  describe('WEEKEN', () => {
    const t = useTestApp(referralOptions({ BONUS_INTERVAL: 'WEEKEN' }))

    it('Fridays only, from 00:00 Bangkok time, once', async () => {
      const p = await earner(t, 900)
      t.clock.set(new Date('2026-11-19T23:59:59+07:00')) // Thursday
      const thursday = await transfer(t, p)
      expect(thursday.statusCode).toBe(422)
      expect(thursday.json().message).toBe('โอนเข้ากระเป๋าหลักได้เฉพาะวันศุกร์เท่านั้น')

      t.clock.set(new Date('2026-11-20T00:00:00+07:00')) // Friday (still Thursday in UTC)
      expect((await transfer(t, p)).statusCode).toBe(200)
      t.clock.set(new Date('2026-11-20T23:59:59+07:00'))
      const twice = await transfer(t, p)
      expect(twice.statusCode).toBe(409)
      expect(twice.json().message).toBe('สัปดาห์นี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันศุกร์หน้า')
      t.clock.set(new Date('2026-11-21T00:00:00+07:00')) // Saturday
      expect((await transfer(t, p)).statusCode).toBe(422)
      expect(await walletsOf(t, p)).toEqual({ cash: 900, bonus: 0, refund: 0 })
    })
  })

  describe('MONTH', () => {
    const t = useTestApp(referralOptions({ BONUS_INTERVAL: 'MONTH' }))

    it('the 1st only, from 00:00 Bangkok time, once', async () => {
      const p = await earner(t, 2_400)
      t.clock.set(new Date('2026-11-30T23:59:59+07:00'))
      const last = await transfer(t, p)
      expect(last.statusCode).toBe(422)
      expect(last.json().message).toBe('โอนเข้ากระเป๋าหลักได้เฉพาะวันที่ 1 ของทุกเดือนเท่านั้น')

      t.clock.set(new Date('2026-12-01T00:00:00+07:00')) // still 30 November in UTC
      expect((await transfer(t, p)).json()).toMatchObject({ success: true, data: { amount: 1000, remaining: 1400 } })
      t.clock.set(new Date('2026-12-01T23:59:59+07:00'))
      const twice = await transfer(t, p)
      expect(twice.statusCode).toBe(409)
      expect(twice.json().message).toBe('เดือนนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันที่ 1 ของเดือนหน้า')
      t.clock.set(new Date('2027-01-01T00:00:00+07:00'))
      expect((await transfer(t, p)).json().data).toEqual({ amount: 1000, remaining: 400 })
      expect(await walletsOf(t, p)).toEqual({ cash: 2000, bonus: 400, refund: 0 })
    })
  })
})

describe('GET /api/invites', () => {
  const t = useTestApp(referralOptions())

  it('answers the invite code, the level rates and level-1 downlines, masked, newest first, ten a page', async () => {
    const me = await member(t)
    const downlines = []
    for (let i = 0; i < 12; i++) {
      downlines.push(
        await makePlayer(t.db, { uplineId: me.id, mobile: `0891234${String(i).padStart(3, '0')}`, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }),
      )
    }
    await makePlayer(t.db, { uplineId: downlines[0]!.id }) // level 2: not listed

    const first = await t.get('/api/invites', me.token)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    const data = first.json().data
    expect(data).toMatchObject({ invite_code: me.inviteCode, percentage: { level1: 0.03, level2: 0.02, level3: 0.01 }, page: 0, size: 10, total: 12 })
    expect(data.downlines).toHaveLength(10)
    expect(data.downlines[0]).toEqual({ username: '089-xxx-4011', created_at: '2026-11-01T00:11:00.000Z' })
    expect(JSON.stringify(data)).not.toContain('0891234')

    const second = (await t.get('/api/invites?page=1', me.token)).json().data
    expect(second.downlines.map((d: { username: string }) => d.username)).toEqual(['089-xxx-4001', '089-xxx-4000'])
    const beyond = (await t.get('/api/invites?page=9', me.token)).json().data
    expect(beyond).toMatchObject({ downlines: [], total: 12 })
  })

  it('refuses a bad page and a missing sign-in', async () => {
    const me = await member(t)
    for (const q of ['page=-1', 'page=abc', 'page=1.5', 'other=1']) {
      const res = await t.get(`/api/invites?${q}`, me.token)
      expect(res.statusCode, q).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringMatching(THAI) })
    }
    const anonymous = await t.get('/api/invites')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual(UNAUTHORIZED)
  })
})

describe('GET /api/invites/upline (ADR 073)', () => {
  const t = useTestApp(referralOptions({ RATE_REGISTER_PER_IP_PER_HOUR: '8' }))

  it('answers a visitor the upline of a link as a masked mobile, never the number; an unknown id is 404; bad ones 400', async () => {
    const upline = await makePlayer(t.db, { mobile: '0812345678' })
    const shown = await t.get(`/api/invites/upline?upid=${upline.id}`)
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toEqual({ success: true, data: { upline: 'xxx-xxx-5678' } })
    expect(shown.body).not.toContain('081')
    expect(shown.body).not.toContain(upline.firstname)

    const unknown = await t.get('/api/invites/upline?upid=999999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'ไม่พบผู้แนะนำจากลิงก์นี้' })
    for (const q of ['', 'upid=', 'upid=abc', 'upid=-1', 'upid=1234567890123456', 'u=1']) {
      const res = await t.get(`/api/invites/upline?${q}`)
      expect(res.statusCode, q).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringMatching(THAI) })
    }
  })

  it('is counted per address: going through ids is stopped', async () => {
    const upline = await makePlayer(t.db, {})
    const answers = []
    for (let i = 0; i < 9; i++) answers.push((await t.request('GET', `/api/invites/upline?upid=${upline.id}`, { address: '203.0.113.9' })).statusCode)
    expect(answers).toEqual([...Array<number>(8).fill(200), 429])
  })
})

describe('sign-in on the referral routes', () => {
  const t = useTestApp(referralOptions())
  const playerRoutes = [
    { method: 'GET', url: '/api/invites' },
    { method: 'GET', url: '/api/wallet/v2/balance' },
    { method: 'POST', url: '/api/wallet/transfer/bonus' },
    { method: 'POST', url: '/api/wallet/transfer/refund' },
  ] as const

  it('answers 401 in Thai without a token, with a made-up one, and with a logged-out one; the money stays put', async () => {
    t.clock.set(new Date('2026-11-21T12:00:00+07:00'))
    const p = await earner(t, 400, 4)
    expect((await t.post('/api/auth/logout', undefined, p.token)).statusCode).toBe(200)

    const attempts: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a made-up token', bearer('not-a-real-session-token')],
      ['another scheme', { authorization: `Basic ${p.token}` }],
      ['a logged-out token', bearer(p.token)],
    ]
    for (const route of playerRoutes) {
      for (const [name, headers] of attempts) {
        const res = await t.app.inject({ ...route, headers })
        expect(res.statusCode, `${route.url} with ${name}`).toBe(401)
        expect(res.json(), `${route.url} with ${name}`).toEqual(UNAUTHORIZED)
      }
    }

    // Signed in again, the player finds both wallets untouched and today's moves still open.
    const again = { token: await loginPlayer(t, p) }
    expect(await walletsOf(t, again)).toEqual({ cash: 0, bonus: 400, refund: 4 })
    expect((await transfer(t, again, 'bonus')).json().data).toEqual({ amount: 400, remaining: 0 })
    expect((await transfer(t, again, 'refund')).json().data).toEqual({ amount: 4, remaining: 0 })
    expect(await walletsOf(t, again)).toEqual({ cash: 404, bonus: 0, refund: 0 })
    // The old session stays ended.
    expect((await transfer(t, p)).statusCode).toBe(401)
  })

  it('runs an accrual only for a live owner session; a refused request accrues nothing', async () => {
    const day = '2026-11-05'
    const { c, d } = await chain(t)
    await play(t, d, 100, `${day}T12:00:00+07:00`)
    t.clock.set(new Date(MORNING_AFTER))
    const owner = await signInOperator(t)
    const player = await member(t)

    // An operator session ends after 12 hours (BACKOFFICE_SESSION_HOURS).
    t.clock.advance(12 * 3_600_000)
    const attempts: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['a made-up token', bearer('not-a-real-session-token')],
      ["a player's token", bearer(player.token)],
      ['an expired owner session', bearer(owner.token)],
    ]
    for (const [name, headers] of attempts) {
      const res = await accrue(t, day, headers)
      expect(res.statusCode, name).toBe(401)
      expect(res.json(), name).toEqual(UNAUTHORIZED)
    }
    expect(await accrualsOf(t, day, d.id)).toEqual([])
    expect(await walletsOf(t, c)).toMatchObject({ bonus: 0 })

    const res = await accrue(t, day, await asOwner(t))
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ sources: 1, referral: 6, rebate: 0.5 })
    expect(await walletsOf(t, c)).toMatchObject({ bonus: 3 })
  })
})

describe("one player cannot reach another's referral money", () => {
  const t = useTestApp(referralOptions())

  it('ids of another player in the body or query change nothing: each player sees and moves only their own', async () => {
    t.clock.set(new Date('2026-11-21T12:00:00+07:00'))
    const victim = await earner(t, 500, 5)
    await makePlayer(t.db, { uplineId: victim.id }) // a downline the intruder must not see
    const intruder = await member(t)
    const ids = { player_id: victim.id, playerId: victim.id, user_id: victim.id, id: victim.id, upline_id: victim.id }
    const query = `player_id=${victim.id}&user_id=${victim.id}`

    // Moves name the victim in the body and in the query; the intruder's own (empty) wallets are what is moved.
    for (const wallet of ['bonus', 'refund']) {
      for (const url of [`/api/wallet/transfer/${wallet}`, `/api/wallet/transfer/${wallet}?${query}`]) {
        const res = await t.app.inject({ method: 'POST', url, headers: bearer(intruder.token), payload: ids })
        expect(res.statusCode, url).toBe(422)
        expect(res.json().message, url).toBe(NOTHING_TO_MOVE)
      }
    }

    // The balance shows the intruder's own wallets whatever the query says.
    const own = await summaryOf(t, intruder)
    const asked = await t.get(`/api/wallet/v2/balance?${query}`, intruder.token)
    expect(asked.statusCode).toBe(200)
    expect(asked.json().data).toEqual(own)
    expect(own).toMatchObject({ balance: 0, bonus: { total: 0 }, refund: { total: 0 } })

    // The invite list takes no player id at all, and shows the intruder's own code and (no) downlines.
    const invitesAsked = await t.get(`/api/invites?${query}`, intruder.token)
    expect(invitesAsked.statusCode).toBe(400)
    const invites = (await t.get('/api/invites', intruder.token)).json().data
    expect(invites).toMatchObject({ invite_code: intruder.inviteCode, downlines: [], total: 0 })
    expect(JSON.stringify(invites)).not.toContain(victim.inviteCode)

    // The victim's money is where it was, and today's moves are still theirs to make.
    expect(await walletsOf(t, victim)).toEqual({ cash: 0, bonus: 500, refund: 5 })
    expect(await payoutPeriods(t, victim.id)).toEqual([])
    expect((await transfer(t, victim, 'bonus')).json().data).toEqual({ amount: 500, remaining: 0 })
    expect((await transfer(t, victim, 'refund')).json().data).toEqual({ amount: 5, remaining: 0 })
    expect(await walletsOf(t, victim)).toEqual({ cash: 505, bonus: 0, refund: 0 })
    expect(await walletsOf(t, intruder)).toEqual({ cash: 0, bonus: 0, refund: 0 })
  })
})
