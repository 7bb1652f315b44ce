import { and, eq, like } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { fund, loginPlayer, postTransfer, transferBody } from '../../../test/money.ts'
import { signInOperator, type SignedInOperator } from '../../../test/operators.ts'
import { auditLog, playerSignals, riskAlerts, withdrawals } from '../../db/schema.ts'
import { riskRepository } from './risk.repository.ts'
import { DEFAULT_RISK_PARAMS } from './risk-rules.ts'

// Issue 39 §1, §2 (ADR 089) through the routes: a rule that fires at a deposit opens the player's case with the alert's
// inputs; while the case is open the player's withdrawal waits (the approvals queue shows why, a second approval is
// refused); the compliance role works the case but decides no money; closing as confirmed risk with a report needs a
// second, different operator; the report draft is CSV with Thai headings; the parameters change under two keys only.

const t = useTestApp({ config: { RISK_RULES: 'true', WITHDRAW_ONE_PENDING: 'false', BACKOFFICE_FOUR_EYES_BAHT: '1000000' } })
let compliance: SignedInOperator
let colleague: SignedInOperator
let finance: SignedInOperator
let secondFinance: SignedInOperator
beforeAll(async () => {
  compliance = await signInOperator(t, 'compliance')
  colleague = await signInOperator(t, 'compliance')
  finance = await signInOperator(t, 'finance')
  secondFinance = await signInOperator(t, 'finance')
})

const inbox = async (as: SignedInOperator) => (await t.get('/api/backoffice/risk/inbox', as.token)).json().data
const caseOf = async (playerId: number) => (await inbox(compliance)).cases.find((c: { player_id: number }) => c.player_id === playerId)

/** A player whose deposit of `amount` baht went through the bank feed, signed in. */
async function depositor(amount: number) {
  const player = await makePlayer(t.db)
  const depositId = await fund(t, player, amount)
  return { player, depositId, token: await loginPlayer(t, player) }
}

describe("R3's facts: players on one network", () => {
  it('counts an IPv4 /24 together, and another /24 or an IPv6 address apart (the indexed network expression)', async () => {
    const [a, b, c, d] = await Promise.all([makePlayer(t.db), makePlayer(t.db), makePlayer(t.db), makePlayer(t.db)])
    const seenAt = t.clock.now()
    await t.db.insert(playerSignals).values([
      { playerId: a.id, kind: 'REGISTER_ADDRESS', value: '203.0.113.7', seenAt },
      { playerId: b.id, kind: 'LOGIN_ADDRESS', value: '203.0.113.200', seenAt },
      { playerId: c.id, kind: 'REGISTER_ADDRESS', value: '203.0.11.7', seenAt },
      { playerId: c.id, kind: 'DEVICE', value: '203.0.113.9', seenAt },
      { playerId: d.id, kind: 'REGISTER_ADDRESS', value: '2001:db8::1', seenAt },
    ])
    expect(await riskRepository.registrationFacts(t.db, a.id)).toEqual({ devicePlayers: 0, networkPlayers: 2 })
    expect(await riskRepository.registrationFacts(t.db, c.id)).toEqual({ devicePlayers: 1, networkPlayers: 1 })
    expect(await riskRepository.registrationFacts(t.db, d.id)).toEqual({ devicePlayers: 0, networkPlayers: 1 })
  })
})

describe('rules at their hook points', () => {
  it('a deposit of 100,000 opens a case with the R8 alert and what it read, audited in the chain', async () => {
    const { player, depositId } = await depositor(100_000)
    const found = await caseOf(player.id)
    expect(found).toMatchObject({ status: 'OPEN', rules: ['R8'], alerts: 1, outcome: null })
    const page = (await t.get(`/api/backoffice/risk/cases/${found.id}`, compliance.token)).json().data
    expect(page.alert_list[0]).toMatchObject({
      rule: 'R8',
      event: 'DEPOSIT',
      action: 'CASE',
      reference: `deposit:${depositId}`,
      params_version: 0,
      text: 'ฝากเงินจำนวนมาก ต้องตรวจสอบเพิ่มเติม',
      inputs: { amount: '10000000', facts: expect.objectContaining({ amount: '10000000', senderIsRegistered: true }) },
    })
    // The evidence: the ledger row of the deposit.
    expect(page.ledger).toEqual([expect.objectContaining({ kind: 'deposit', amount: 100_000, direction: 'IN' })])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'risk_case'), eq(auditLog.targetId, String(found.id))))
    expect(audit.map((a) => a.action)).toEqual(['risk.case_open'])
  })

  it('a clean deposit and a withdrawal after wagering write no alert', async () => {
    const { player } = await depositor(1_000)
    expect(await t.db.select().from(riskAlerts).where(eq(riskAlerts.playerId, player.id))).toEqual([])
  })

  it('a transfer from another person’s account (R6), given to the member by two operators, is credited and opens a held case', async () => {
    const player = await makePlayer(t.db)
    const { deposit_id } = (await postTransfer(t, transferBody({ bankCode: '004', bankAccount: '7770001234' }, { amount: 700 }))).json().data
    const asked = await t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: player.mobile }, finance.token)
    expect(asked.json().data.status, asked.body).toBe('PENDING')
    const queue = (await t.get('/api/backoffice/approvals?status=PENDING', finance.token)).json().data.list
    const waiting = queue.find((a: { deposit_id: number }) => a.deposit_id === deposit_id)
    const approved = await t.post(`/api/backoffice/approvals/${waiting.id}/approve`, undefined, secondFinance.token)
    expect(approved.statusCode, approved.body).toBe(200)
    const [alert] = await t.db.select().from(riskAlerts).where(eq(riskAlerts.playerId, player.id))
    expect(alert).toMatchObject({ rule: 'R6', action: 'HOLD', reference: `deposit:${deposit_id}` })
    expect((await caseOf(player.id)).rules).toEqual(['R6'])
  })

  it('a withdrawal right after a deposit with nothing wagered: R1 holds and R10 opens the case', async () => {
    const { player, token } = await depositor(2_000)
    const res = await t.post('/api/wallet/withdraw', { amount: 1_950 }, token)
    expect(res.statusCode, res.body).toBe(200)
    const found = await caseOf(player.id)
    expect(found.rules).toEqual(['R1', 'R10'])
    const alerts = await t.db.select().from(riskAlerts).where(eq(riskAlerts.playerId, player.id))
    expect(alerts.find((a) => a.rule === 'R1')).toMatchObject({ action: 'HOLD', inputs: expect.objectContaining({ deposited: '200000', wagered: '0' }) })
  })
})

describe('an open case holds the player’s withdrawals', () => {
  it('the first approval waits with the case as its reason, a second is refused until the case is closed, then it pays', async () => {
    const { player, token } = await depositor(100_000)
    const requested = await t.post('/api/wallet/withdraw', { amount: 500 }, token)
    const id = requested.json().data.id as number
    const first = await t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'KB-1' }, finance.token)
    expect(first.statusCode, first.body).toBe(200)
    const queue = (await t.get(`/api/backoffice/approvals?status=PENDING`, finance.token)).json().data.list
    expect(queue.find((a: { withdrawal_id: number }) => a.withdrawal_id === id).reasons).toEqual([
      { code: 'RISK_CASE_OPEN', text: 'สมาชิกมีเคสตรวจสอบความเสี่ยงที่ยังเปิดอยู่ การถอนเงินต้องรอจนกว่าเคสจะปิด' },
    ])
    const riskCase = await caseOf(player.id)
    const second = await t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'KB-1' }, secondFinance.token)
    expect(second.statusCode).toBe(422)
    expect(second.json().message).toBe(`การถอนเงินของสมาชิกนี้รอผลการตรวจสอบเคสความเสี่ยง #${riskCase.id} จ่ายได้เมื่อปิดเคสแล้ว`)
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status).toBe('PENDING')

    const closed = await t.post(
      `/api/backoffice/risk/cases/${riskCase.id}/close`,
      { outcome: 'FALSE_POSITIVE', str: false, note: 'ลูกค้า VIP ยืนยันแหล่งเงินแล้ว' },
      compliance.token,
    )
    expect(closed.json()).toMatchObject({ message: 'ปิดเคสแล้ว', data: { status: 'CLOSED', outcome: 'FALSE_POSITIVE' } })
    const paid = await t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'KB-1' }, secondFinance.token)
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status).toBe('SUCCESS')
  })

  it('the compliance role works cases but decides no money, and support does not see the risk desk', async () => {
    const { token } = await depositor(100_000)
    const id = (await t.post('/api/wallet/withdraw', { amount: 500 }, token)).json().data.id as number
    expect((await t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'X' }, compliance.token)).statusCode).toBe(403)
    const support = await signInOperator(t, 'support')
    expect((await t.get('/api/backoffice/risk/inbox', support.token)).statusCode).toBe(403)
  })
})

describe('working and closing a case', () => {
  it('assignee, due date, a note; a confirmed risk with a report waits for a second, different operator; the draft is CSV in Thai', async () => {
    const { player } = await depositor(150_000)
    const { id } = await caseOf(player.id)
    const due = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString()
    const updated = await t.post(`/api/backoffice/risk/cases/${id}`, { assignee_id: compliance.id, due_at: due, status: 'INVESTIGATING' }, compliance.token)
    expect(updated.json().data).toMatchObject({ status: 'INVESTIGATING', assignee: compliance.username, due_at: due })
    const noted = await t.post(`/api/backoffice/risk/cases/${id}/notes`, { body: 'โทรสอบถามแหล่งที่มาของเงิน ลูกค้าไม่ตอบ' }, compliance.token)
    expect(noted.json().data.notes).toEqual([expect.objectContaining({ operator: compliance.username, body: 'โทรสอบถามแหล่งที่มาของเงิน ลูกค้าไม่ตอบ' })])

    const asked = await t.post(`/api/backoffice/risk/cases/${id}/close`, { outcome: 'CONFIRMED_RISK', str: true, note: 'แหล่งเงินไม่ชัดเจน' }, compliance.token)
    expect(asked.json()).toMatchObject({ message: 'บันทึกการขอปิดเคสแล้ว ผลนี้ต้องให้ผู้ใช้งานอีกคนยืนยันก่อนปิดเคส', data: { status: 'INVESTIGATING' } })
    const own = await t.post(`/api/backoffice/risk/cases/${id}/close/confirm`, undefined, compliance.token)
    expect(own.statusCode).toBe(409)
    expect(own.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    const page = (await t.get(`/api/backoffice/risk/cases/${id}`, colleague.token)).json().data
    expect(page.can_decide).toEqual({ ok: true })
    const confirmed = await t.post(`/api/backoffice/risk/cases/${id}/close/confirm`, undefined, colleague.token)
    expect(confirmed.json().data).toMatchObject({ status: 'CLOSED', outcome: 'CONFIRMED_RISK', str: true })
    expect((await t.post(`/api/backoffice/risk/cases/${id}/notes`, { body: 'เพิ่มเติม' }, compliance.token)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'เคสนี้ปิดแล้ว',
    })

    const csv = await t.get(`/api/backoffice/risk/cases/${id}/report`, compliance.token)
    expect(csv.headers['content-type']).toContain('text/csv')
    const rows = parse(csv.body, { bom: true }) as string[][]
    expect(rows[0]).toEqual(expect.arrayContaining(['ชื่อผู้ทำธุรกรรม', 'เลขที่บัญชี', 'จำนวนเงิน (บาท)', 'เหตุอันควรสงสัย', 'ผลการตรวจสอบ']))
    expect(rows[1]).toEqual(expect.arrayContaining([player.firstname, player.bankAccount, '150000.00', 'ยืนยันความเสี่ยง']))
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'risk_case'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id)
    expect(trail.map((a) => a.action)).toEqual([
      'risk.case_open',
      'risk.case_update',
      'risk.case_note',
      'risk.case_close_request',
      'risk.case_close_confirm',
      'risk.report_export',
    ])
  })

  it.each([
    [
      'a report on a false positive',
      { outcome: 'FALSE_POSITIVE', str: true, note: 'x' },
      422,
      'รายงานธุรกรรมที่มีเหตุอันควรสงสัยได้เฉพาะเคสที่ผลเป็นความเสี่ยงที่ยืนยันแล้วหรือการแจ้งเตือนที่มีประโยชน์',
    ],
    ['an unknown outcome', { outcome: 'MAYBE', str: false, note: 'x' }, 400, undefined],
    ['no reason', { outcome: 'USEFUL_ALERT', str: false, note: ' ' }, 400, undefined],
  ] as const)('refuses closing with %s, changing nothing', async (_name, body, status, message) => {
    const { player } = await depositor(120_000)
    const { id } = await caseOf(player.id)
    const res = await t.post(`/api/backoffice/risk/cases/${id}/close`, body, compliance.token)
    expect(res.statusCode).toBe(status)
    if (message) expect(res.json().message).toBe(message)
    expect((await caseOf(player.id)).status).toBe('OPEN')
  })
})

describe('the rules’ parameters under two keys', () => {
  it('one operator proposes, the same one cannot apply, a second applies; the next alert names the version', async () => {
    const body = { ...DEFAULT_RISK_PARAMS, r8_large_deposit: 5_000, reason: 'ลดเกณฑ์ฝากเงินจำนวนมากชั่วคราว' }
    const proposed = await t.post('/api/backoffice/risk/params', body, compliance.token)
    expect(proposed.statusCode, proposed.body).toBe(200)
    const version = proposed.json().data.id as number
    const { player: before } = await depositor(6_000)
    expect(await t.db.select().from(riskAlerts).where(eq(riskAlerts.playerId, before.id))).toEqual([])
    const own = await t.post(`/api/backoffice/risk/params/${version}/approve`, undefined, compliance.token)
    expect(own.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    const applied = await t.post(`/api/backoffice/risk/params/${version}/approve`, undefined, finance.token)
    expect(applied.json().data).toMatchObject({ status: 'APPLIED', r8_large_deposit: 5_000 })
    const { player } = await depositor(6_000)
    const [alert] = await t.db
      .select()
      .from(riskAlerts)
      .where(and(eq(riskAlerts.playerId, player.id), like(riskAlerts.rule, 'R8')))
    expect(alert).toMatchObject({ paramsVersion: version })
    // Back to the defaults, for the other tests of this file.
    const back = await t.post('/api/backoffice/risk/params', { ...DEFAULT_RISK_PARAMS, reason: 'กลับค่าเดิม' }, colleague.token)
    await t.post(`/api/backoffice/risk/params/${back.json().data.id}/approve`, undefined, finance.token)
  })

  it.each([
    ['a hold ratio above the review ratio', { r1_hold_ratio: 2 }, 'อัตราส่วนที่ระงับต้องไม่มากกว่าอัตราส่วนที่ให้ตรวจสอบ'],
    ['a negative amount', { r8_large_deposit: -1 }, 'จำนวนเงินต้องมากกว่า 0'],
    ['the parameters in force', {}, 'ค่าที่เสนอเหมือนค่าปัจจุบันทุกค่า'],
  ] as const)('refuses %s in Thai', async (_name, change, message) => {
    const res = await t.post('/api/backoffice/risk/params', { ...DEFAULT_RISK_PARAMS, ...change, reason: 'ทดสอบ' }, compliance.token)
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(JSON.stringify(res.json())).toContain(message)
    expect((await t.get('/api/backoffice/risk/params', compliance.token)).json().data.pending).toBeNull()
  })
})
