import { randomUUID } from 'node:crypto'
import type { CareMarker, CareTaskDetail, CareTaskSummary } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditLog, declinedDeposits, slipChecks } from '../../db/schema.ts'
import { tryAdvisoryLock } from '../../db/transaction.ts'
import { DECLINED_KEPT_DAYS, DECLINED_PER_DAY } from '../deposits/deposits.service.ts'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, fund, loginPlayer, signedInPlayer, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { launch, sendMoney } from '../../../test/seamless.ts'
import { CARE_MARKERS_LOCK, LAG_MS } from './care-tasks.service.ts'

const t = useTestApp({ verifyLedger: 'end' })
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The markers job, as the runner runs it (its own transaction), once the events are older than its lag. */
async function runMarkers() {
  t.clock.advance(LAG_MS + 1000)
  return t.db.transaction((tx) => t.services.careTasks.evaluate(tx))
}
/** Every care task of a player (open and closed), through the back-office. */
async function tasksOf(playerId: number, marker?: CareMarker): Promise<CareTaskSummary[]> {
  const support = await signInOperator(t, 'support')
  const out: CareTaskSummary[] = []
  for (const status of ['OPEN', 'CLOSED']) {
    const res = await t.get(`/api/backoffice/care-tasks?status=${status}`, support.token)
    expect(res.statusCode).toBe(200)
    out.push(...(res.json().data.list as CareTaskSummary[]))
  }
  return out.filter((task) => task.player_id === playerId && (!marker || task.marker === marker))
}
/** A little later: events and job runs never share an instant. */
const tick = (ms = 1000) => t.clock.advance(ms)

async function player(cash = 0) {
  const p = await signedInPlayer(t, {}, { cash })
  tick()
  return p
}
async function bet(session: string, amount: number) {
  const res = await sendMoney(t, 'bet', { session, round: randomUUID(), tx: randomUUID(), amount: amount.toFixed(2) })
  expect(res.json().status).toBe('OK')
}
/** Bets `amount` (in bets of at most 20,000) after a fresh sign-in and launch. */
async function lose(p: SignedInPlayer, amount: number) {
  p.token = await loginPlayer(t, p)
  const session = await launch(t, p.token)
  for (let left = amount; left > 0; left -= 20_000) await bet(session, Math.min(left, 20_000))
}

describe('net deposits over 30 days (default 5,000 baht)', () => {
  it('fires at the threshold, not below, and once while its task is open', async () => {
    const below = await player()
    const at = await player()
    await fund(t, below, 4_999.99)
    await fund(t, at, 5_000)
    expect(await runMarkers()).toBeGreaterThanOrEqual(1)
    expect(await tasksOf(below.id, 'NET_DEPOSITS_30D')).toEqual([])
    const [task] = await tasksOf(at.id, 'NET_DEPOSITS_30D')
    expect(task).toMatchObject({ status: 'OPEN', marker_text: 'ยอดฝากสุทธิ 30 วันถึงเกณฑ์', facts: { deposits: 5000, withdrawals: 0, net: 5000, threshold: 5000 } })

    tick()
    await fund(t, at, 100)
    await runMarkers()
    expect(await tasksOf(at.id, 'NET_DEPOSITS_30D')).toHaveLength(1)
  })
})

describe('net loss (24 hours: 40,000; 90 days: 80,000)', () => {
  it('24 hours: fires at 40,000, not at 39,999.99', async () => {
    const p = await player(50_000)
    await lose(p, 39_999.99)
    await runMarkers()
    expect(await tasksOf(p.id, 'NET_LOSS_24H')).toEqual([])
    tick()
    await lose(p, 0.01)
    await runMarkers()
    expect((await tasksOf(p.id, 'NET_LOSS_24H'))[0]?.facts).toMatchObject({ net_loss: 40_000, threshold: 40_000 })
  })

  it('90 days: fires at 80,000 lost over days with no 24 hours at 40,000', async () => {
    const p = await player(90_000)
    for (const amount of [30_000, 30_000, 19_999.99]) {
      await lose(p, amount)
      t.clock.advance(DAY + HOUR)
    }
    await runMarkers()
    expect(await tasksOf(p.id, 'NET_LOSS_90D')).toEqual([])
    await lose(p, 0.01)
    await runMarkers()
    expect((await tasksOf(p.id, 'NET_LOSS_90D'))[0]?.facts).toMatchObject({ net_loss: 80_000 })
    expect(await tasksOf(p.id, 'NET_LOSS_24H')).toEqual([])
  })
})

describe('deposits between 00:00 and 05:00 Bangkok time on three nights of seven', () => {
  /** The clock at `hour`:`minute` Bangkok time, `days` days after the next Bangkok midnight. */
  function bangkokAt(days: number, hour: number, minute = 0) {
    const next = new Date(t.clock.now())
    next.setUTCHours(17, 0, 0, 0)
    if (next <= t.clock.now()) next.setUTCDate(next.getUTCDate() + 1)
    t.clock.set(new Date(next.getTime() + days * DAY + hour * HOUR + minute * 60_000))
  }

  it('two nights and a deposit at 05:00 do not fire; a third night does', async () => {
    const p = await player()
    bangkokAt(0, 1)
    await fund(t, p, 100)
    bangkokAt(1, 4, 59)
    await fund(t, p, 100)
    bangkokAt(0, 5) // the same day, 05:00: not a night deposit
    await fund(t, p, 100)
    await runMarkers()
    expect(await tasksOf(p.id, 'NIGHT_DEPOSITS')).toEqual([])
    bangkokAt(2, 0)
    await fund(t, p, 100)
    await runMarkers()
    expect((await tasksOf(p.id, 'NIGHT_DEPOSITS'))[0]?.facts).toMatchObject({ nights: 3 })
  })
})

describe('a withdrawal returned to the player, then played', () => {
  it('fires when a bet follows the refusal, not before', async () => {
    const p = await player(2_000)
    const asked = await t.post('/api/wallet/withdraw', { amount: 1_000 }, p.token)
    expect(asked.statusCode).toBe(200)
    const id = (await t.get('/api/backoffice/withdrawals', (await signInOperator(t, 'finance')).token))
      .json()
      .data.list.find((w: { mobile: string }) => w.mobile === p.mobile).id
    const finance = await signInOperator(t, 'finance')
    expect((await t.post(`/api/backoffice/withdrawals/${id}/reject`, { reason: 'ชื่อบัญชีไม่ตรง' }, finance.token)).statusCode).toBe(200)
    tick()
    await runMarkers()
    expect(await tasksOf(p.id, 'PLAY_AFTER_CANCELLED_WITHDRAWAL')).toEqual([])
    tick()
    await lose(p, 500)
    await runMarkers()
    expect((await tasksOf(p.id, 'PLAY_AFTER_CANCELLED_WITHDRAWAL'))[0]?.facts).toMatchObject({ withdrawal_id: id, amount: 1_000 })
  })
})

describe('three declined deposits in 24 hours', () => {
  const refuse = (playerId: number) =>
    t.db.insert(slipChecks).values({
      playerId,
      slipKey: `004:${randomUUID()}`,
      payload: 'x',
      verifier: 'demo',
      status: 'REFUSED',
      reason: 'NOT_FOUND',
      createdAt: t.clock.now(),
    })

  it('two do not fire; a third within 24 hours does; one 25 hours old does not count', async () => {
    const p = await player()
    await refuse(p.id)
    t.clock.advance(DAY + HOUR)
    await refuse(p.id)
    tick()
    await refuse(p.id)
    await runMarkers()
    expect(await tasksOf(p.id, 'DECLINED_DEPOSITS')).toEqual([])
    tick()
    await refuse(p.id)
    await runMarkers()
    expect((await tasksOf(p.id, 'DECLINED_DEPOSITS'))[0]?.facts).toMatchObject({ declined: 3 })
  })
})

describe('deposit attempts refused before a bill count as declined deposits', () => {
  const setLimit = (p: SignedInPlayer, value: number) => t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_DAY', value }, p.token)
  const bill = (p: SignedInPlayer, amount: number) => t.post('/api/wallet/deposit/draft_bill', { amount, promotion: null }, p.token)
  const declinedOf = (playerId: number) => t.db.select().from(declinedDeposits).where(eq(declinedDeposits.playerId, playerId))

  it('three refused by a limit open the care task, two do not; a refusal changes no money and makes no bill', async () => {
    const p = await player(500)
    expect((await setLimit(p, 1_000)).statusCode).toBe(200)
    for (let i = 0; i < 2; i++) {
      const refused = await bill(p, 2_000 + i)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().code).toBe('LIMIT_EXCEEDED')
      tick()
    }
    expect(await balanceOf(t, p.token)).toBe(500)
    expect((await t.get('/api/wallet/deposit/draft_bill', p.token)).json().data).toBeNull()
    expect((await declinedOf(p.id)).map((d) => ({ reason: d.reason, amount: d.amount }))).toEqual([
      { reason: 'LIMIT_EXCEEDED', amount: 200_000n },
      { reason: 'LIMIT_EXCEEDED', amount: 200_100n },
    ])
    await runMarkers()
    expect(await tasksOf(p.id, 'DECLINED_DEPOSITS')).toEqual([])

    expect((await bill(p, 5_000)).statusCode).toBe(422)
    await runMarkers()
    expect((await tasksOf(p.id, 'DECLINED_DEPOSITS'))[0]?.facts).toMatchObject({ declined: 3, attempts: 3, slips: 0 })
    expect(await balanceOf(t, p.token)).toBe(500)
    expect((await t.get('/api/wallet/deposit/draft_bill', p.token)).json().data).toBeNull()
    // A bill within the limit is still made and not recorded as declined.
    expect((await bill(p, 500)).statusCode).toBe(200)
    expect(await declinedOf(p.id)).toHaveLength(3)
  })

  it('a flood of refusals keeps at most DECLINED_PER_DAY a day; the draft-bill job prunes them after DECLINED_KEPT_DAYS', async () => {
    const p = await player()
    expect((await setLimit(p, 1_000)).statusCode).toBe(200)
    for (let i = 0; i < DECLINED_PER_DAY + 5; i++) expect((await bill(p, 2_000)).statusCode).toBe(422)
    expect(await declinedOf(p.id)).toHaveLength(DECLINED_PER_DAY)
    t.clock.advance(DECLINED_KEPT_DAYS * DAY + HOUR)
    await t.db.transaction((tx) => t.services.deposits.expireDraftBills(tx))
    expect(await declinedOf(p.id)).toEqual([])
  })
})

describe('a limit increase asked within 24 hours of hitting a limit', () => {
  const setLimit = (p: SignedInPlayer, value: number) => t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_DAY', value }, p.token)

  it('fires after the day limit was reached, not when it was not', async () => {
    const hit = await player()
    const short = await player()
    for (const p of [hit, short]) expect((await setLimit(p, 1_000)).statusCode).toBe(200)
    await fund(t, hit, 1_000)
    await fund(t, short, 999)
    tick()
    for (const p of [hit, short]) expect((await setLimit(p, 3_000)).json().data.limits[0].pending.value).toBe(3_000)
    await runMarkers()
    expect(await tasksOf(short.id, 'LIMIT_RAISED_AFTER_HIT')).toEqual([])
    expect((await tasksOf(hit.id, 'LIMIT_RAISED_AFTER_HIT'))[0]?.facts).toMatchObject({ limit: 'DEPOSIT_DAY', value: 1_000, asked: '3000', hit: 'DEPOSIT_DAY' })
  })

  it('fires after a deposit refused by the limit, before its bill', async () => {
    const refused = await player()
    const under = await player()
    for (const p of [refused, under]) {
      expect((await setLimit(p, 1_000)).statusCode).toBe(200)
      await fund(t, p, 500)
    }
    const bill = await t.post('/api/wallet/deposit/draft_bill', { amount: 600, promotion: null }, refused.token)
    expect(bill.json().code).toBe('LIMIT_EXCEEDED')
    tick()
    for (const p of [refused, under]) expect((await setLimit(p, 3_000)).json().data.limits[0].pending.value).toBe(3_000)
    await runMarkers()
    expect(await tasksOf(under.id, 'LIMIT_RAISED_AFTER_HIT')).toEqual([])
    expect((await tasksOf(refused.id, 'LIMIT_RAISED_AFTER_HIT'))[0]?.facts).toMatchObject({ limit: 'DEPOSIT_DAY', hit: 'DEPOSIT_REFUSED' })
  })

  it('fires after a bet refused by the daily loss limit', async () => {
    const p = await player(1_000)
    await t.post('/api/responsible-play/limits', { kind: 'LOSS_DAY', value: 100 }, p.token)
    const session = await launch(t, p.token)
    await bet(session, 100)
    const refused = await sendMoney(t, 'bet', { session, round: randomUUID(), tx: randomUUID(), amount: '10.00' })
    expect(refused.json().status).toBe('LIMIT_EXCEEDED')
    tick(HOUR)
    p.token = await loginPlayer(t, p)
    await t.post('/api/responsible-play/limits', { kind: 'LOSS_DAY', value: 500 }, p.token)
    await runMarkers()
    expect((await tasksOf(p.id, 'LIMIT_RAISED_AFTER_HIT'))[0]?.facts).toMatchObject({ limit: 'LOSS_DAY', hit: 'LOSS_DAY' })
  })
})

/** A player whose deposits of 6,000 baht opened a net-deposits task, that task, and a support operator to work it. */
async function netDepositsTask() {
  const p = await player()
  await fund(t, p, 6_000)
  await runMarkers()
  const [task] = await tasksOf(p.id, 'NET_DEPOSITS_30D')
  expect(task).toBeDefined()
  return { p, task: task!, support: await signInOperator(t, 'support') }
}

describe('working a care task in the back-office', () => {
  it('an operator records an interaction (audited), closes the task; the marker seen again later opens a new one', async () => {
    const { p, task, support } = await netDepositsTask()
    const page = await t.get(`/api/backoffice/care-tasks/${task.id}`, support.token)
    expect(page.json().data).toMatchObject({ id: task.id, name: 'สมชาย ทดสอบ', interaction_list: [] })

    const happened = new Date(t.clock.now().getTime() - 10 * 60_000).toISOString()
    const body = { channel: 'PHONE', note: 'โทรคุยเรื่องวงเงินฝาก ผู้เล่นจะตั้งวงเงินรายวัน', happened_at: happened, close: false }
    const noted = await t.post(`/api/backoffice/care-tasks/${task.id}/interactions`, body, support.token)
    expect(noted.statusCode).toBe(200)
    expect(noted.json().message).toBe('บันทึกการดูแลแล้ว')
    expect((noted.json().data as CareTaskDetail).interaction_list).toEqual([
      expect.objectContaining({ channel: 'PHONE', note: body.note, happened_at: happened, operator: support.username }),
    ])
    const closed = await t.post(`/api/backoffice/care-tasks/${task.id}/interactions`, { ...body, note: 'ตั้งวงเงินแล้ว ปิดงาน', close: true }, support.token)
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', closed_by: support.username, interactions: 2 })
    // A closed task takes nothing more.
    expect((await t.post(`/api/backoffice/care-tasks/${task.id}/interactions`, body, support.token)).statusCode).toBe(409)

    const owner = await signInOperator(t, 'owner')
    const audit = (await t.get(`/api/backoffice/audit?target_type=care_task&target_id=${task.id}`, owner.token)).json().data.list as Array<{ action: string }>
    expect(audit.map((a) => a.action).sort()).toEqual(['care.close', 'care.interaction'])

    // The same deposits seen again by the next run do not reopen it; a new deposit later does.
    tick()
    await runMarkers()
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toHaveLength(1)
    t.clock.advance(10 * 60_000)
    await fund(t, p, 100)
    await runMarkers()
    expect((await tasksOf(p.id, 'NET_DEPOSITS_30D')).map((x) => x.status).sort()).toEqual(['CLOSED', 'OPEN'])
  })

  it('refuses bad input with a Thai message and changes nothing', async () => {
    const { p, task, support } = await netDepositsTask()
    const now = t.clock.now().toISOString()
    for (const bad of [
      { channel: 'FAX', note: 'x', happened_at: now, close: false },
      { channel: 'PHONE', note: '   ', happened_at: now, close: false },
      { channel: 'PHONE', note: 'x'.repeat(2001), happened_at: now, close: false },
      { channel: 'PHONE', note: 'x', happened_at: 'yesterday', close: false },
      { channel: 'PHONE', note: 'x', happened_at: new Date(t.clock.now().getTime() + HOUR).toISOString(), close: false },
      { channel: 'PHONE', note: 'x', happened_at: now },
    ]) {
      const res = await t.post(`/api/backoffice/care-tasks/${task.id}/interactions`, bad, support.token)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
    }
    expect((await t.get(`/api/backoffice/care-tasks/${task.id}`, support.token)).json().data.interaction_list).toEqual([])
    expect((await t.get('/api/backoffice/care-tasks/999999999', support.token)).statusCode).toBe(404)
    expect((await t.get('/api/backoffice/care-tasks?status=DONE', support.token)).statusCode).toBe(400)
    expect((await t.get('/api/backoffice/care-tasks')).statusCode).toBe(401)
    expect((await t.get('/api/backoffice/care-tasks', p.token)).statusCode).toBe(401)
  })
})

describe('the markers checked now by an operator (POST /api/backoffice/jobs/care-markers)', () => {
  const check = (token?: string) => t.post('/api/backoffice/jobs/care-markers', undefined, token)
  const evaluations = () =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'care.evaluate'), eq(auditLog.targetId, 'care-markers')))

  it('opens the task the job would, audited with the number opened; a second check opens none', async () => {
    const p = await player()
    await fund(t, p, 6_000)
    t.clock.advance(LAG_MS + 1000)
    const owner = await signInOperator(t, 'owner')
    const before = (await evaluations()).length

    const first = await check(owner.token)
    expect(first.statusCode).toBe(200)
    const opened = first.json().data.opened as number
    // At least this player's task (a task of an earlier test's events may open with it).
    expect(opened).toBeGreaterThanOrEqual(1)
    expect(first.json().message).toBe(`เปิดงานดูแลใหม่ ${opened} งาน`)
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toEqual([
      expect.objectContaining({ status: 'OPEN', facts: expect.objectContaining({ deposits: 6_000, net: 6_000 }) }),
    ])

    tick()
    const second = await check(owner.token)
    expect(second.json()).toMatchObject({ success: true, data: { opened: 0 }, message: 'ไม่มีงานดูแลใหม่' })
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toHaveLength(1)

    const entries = (await evaluations()).slice(before)
    expect(entries).toHaveLength(2)
    expect(entries.map((e) => ({ operatorId: e.operatorId, targetType: e.targetType, after: e.after }))).toEqual([
      { operatorId: owner.id, targetType: 'job', after: { opened } },
      { operatorId: owner.id, targetType: 'job', after: { opened: 0 } },
    ])
  })

  it('is for those who run jobs (owners): 401 without an operator session, 403 for the other roles; nothing evaluated', async () => {
    const p = await player()
    await fund(t, p, 6_000)
    t.clock.advance(LAG_MS + 1000)
    const before = (await evaluations()).length
    expect((await check()).statusCode).toBe(401)
    expect((await check(p.token)).statusCode).toBe(401)
    for (const role of ['finance', 'support', 'compliance'] as const) {
      const res = await check((await signInOperator(t, role)).token)
      expect(res.statusCode, role).toBe(403)
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์ทำรายการนี้' })
    }
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toEqual([])
    expect(await evaluations()).toHaveLength(before)
  })

  // Two transactions at once need two connections: the embedded database has one, on which the job and a check take turns.
  it.runIf(process.env.SANAM_TEST_DB === 'postgres')('answers 409 in Thai while the job holds its lock, evaluating nothing; then runs', async () => {
    const p = await player()
    await fund(t, p, 6_000)
    t.clock.advance(LAG_MS + 1000)
    const owner = await signInOperator(t, 'owner')
    const before = (await evaluations()).length
    // The scheduled job's transaction, as the runner holds it (jobs/runner.ts).
    await t.db.transaction(async (job) => {
      expect(await tryAdvisoryLock(job, CARE_MARKERS_LOCK)).toBe(true)
      const busy = await check(owner.token)
      expect(busy.statusCode).toBe(409)
      expect(busy.json()).toMatchObject({ success: false, code: 'CONFLICT', message: 'ระบบกำลังตรวจสัญญาณอยู่ กรุณาลองอีกครั้งในอีกสักครู่' })
    })
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toEqual([])
    expect(await evaluations()).toHaveLength(before)

    const after = await check(owner.token)
    expect(after.statusCode).toBe(200)
    expect(await tasksOf(p.id, 'NET_DEPOSITS_30D')).toHaveLength(1)
  })
})
