import { randomUUID } from 'node:crypto'
import type { CanDecide } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { fund, loginPlayer } from '../../../test/money.ts'
import {
  adminToken,
  nextOperatorCode,
  onboardOperator,
  operatorLogin,
  signInOperator,
  type SignedInOperator,
  type TestOperator,
} from '../../../test/operators.ts'

// Issue 36 §6, ADR 075: the desk's rules are visible. Each waiting item of a queue says whether the signed-in
// operator may decide it now (`can_decide`), computed by the one money policy the decision asks, so the list and the
// decision never disagree: its own proposal, a related operator's, or its own first 24 hours, each with the action
// named and the time it ends.

const THRESHOLD = 1_000
const t = useTestApp({ config: { BACKOFFICE_FOUR_EYES_BAHT: String(THRESHOLD), WITHDRAW_ONE_PENDING: 'false' } })
const HOUR = 3_600_000
/** Each test onboards several operators through the owners' routes (one-time passwords, TOTP): slow on a busy machine. */
const SLOW = { timeout: 180_000 }
/** An instant as the refusals say it: Bangkok time, Buddhist era. */
const thaiTime = (iso: string) => new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(new Date(iso))

const signInAgain = async (op: TestOperator): Promise<SignedInOperator> => {
  const res = await operatorLogin(t, op, nextOperatorCode(t, op.username, op.secret))
  if (res.statusCode !== 200) throw new Error(res.body)
  return { id: op.id, username: op.username, token: res.json().data.token }
}

/**
 * A desk of finance operators: `proposer` and `related`, both proposed by one owner (one person, ADR 070) and a day
 * old; `fresh`, made just now by the other owner (it decides money from `freshFrom`); `seasoned`, unrelated to anyone.
 */
async function desk() {
  const otherOwner = await signInOperator(t, 'owner')
  const proposer = await onboardOperator(t, await adminToken(t), 'finance', { approverToken: otherOwner.token })
  const related = await onboardOperator(t, await adminToken(t), 'finance', { approverToken: otherOwner.token })
  t.clock.advance(25 * HOUR)
  const owner = await adminToken(t)
  const fresh = await onboardOperator(t, (await signInOperator(t, 'owner', { username: otherOwner.username })).token, 'finance', { approverToken: owner })
  return {
    owner,
    proposer: await signInAgain(proposer.op),
    related: await signInAgain(related.op),
    fresh: { id: fresh.op.id, username: fresh.op.username, token: fresh.token },
    freshFrom: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    seasoned: await signInOperator(t, 'finance'),
  }
}
type Desk = Awaited<ReturnType<typeof desk>>

/**
 * What each of the desk says of one waiting item, and then what deciding it answers: a refusal in the list's words, or
 * the decision made (by `seasoned`, last).
 */
async function expectListAgreesWithDecision(
  d: Desk,
  seen: (as: SignedInOperator) => Promise<CanDecide | undefined>,
  decide: (as: SignedInOperator) => Promise<{ statusCode: number; body: string; json(): { message: string } }>,
) {
  for (const who of [d.proposer, d.related, d.fresh, d.seasoned]) {
    const said = await seen(who)
    const res = await decide(who)
    if (said?.ok) expect(res.statusCode, `${who.username}: ${res.body}`).toBe(200)
    else {
      expect(res.statusCode, who.username).toBeGreaterThanOrEqual(400)
      expect(res.json().message, who.username).toBe(said?.reason)
    }
  }
}

describe('who may decide a waiting item, before clicking', () => {
  it('the approvals queue: not the proposer, not one person with it, not in its first 24 hours; the decision answers the same', SLOW, async () => {
    const d = await desk()
    const player = await makePlayer(t.db)
    const asked = await t.post(
      `/api/backoffice/members/${player.id}/adjustments`,
      { request_id: randomUUID(), direction: 'CREDIT', amount: 5_000, reason: 'ชดเชยระบบขัดข้อง' },
      d.proposer.token,
    )
    expect(asked.json().data, asked.body).toMatchObject({ status: 'PENDING' })
    const id: number = asked.json().data.id
    const seen = async (as: SignedInOperator): Promise<CanDecide | undefined> =>
      ((await t.get('/api/backoffice/approvals?status=PENDING', as.token)).json().data.list as Array<{ id: number; can_decide?: CanDecide }>).find(
        (a) => a.id === id,
      )?.can_decide

    expect(await seen(d.proposer)).toEqual({ ok: false, reason: 'คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติรายการเงินเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ' })
    expect(await seen(d.related), 'one person for good: no end').toEqual({
      ok: false,
      reason: `คุณกับ ${d.proposer.username} ผู้เสนอ อาจเป็นคนเดียวกัน (สร้าง เปลี่ยนเบอร์ รีเซ็ต หรือเปลี่ยนบทบาทให้กัน) จึงอนุมัติรายการเงินรายการนี้ไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ ${d.proposer.username} และไม่เกี่ยวข้องกับ ${d.proposer.username}`,
    })
    expect(await seen(d.fresh)).toEqual({
      ok: false,
      reason: `บัญชีของคุณเพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยังอนุมัติรายการเงินไม่ได้จนถึง ${thaiTime(d.freshFrom)}`,
      until: d.freshFrom,
    })
    expect(await seen(d.seasoned)).toEqual({ ok: true })
    // A decided action says nothing about deciding it.
    await expectListAgreesWithDecision(d, seen, (as) => t.post(`/api/backoffice/approvals/${id}/approve`, undefined, as.token))
    const decided = (await t.get('/api/backoffice/approvals?status=APPLIED', d.seasoned.token)).json().data.list.find((a: { id: number }) => a.id === id)
    expect(decided).not.toHaveProperty('can_decide')
  })

  it('the withdrawals queue: the first approval waits out the 24 hours; the second is neither the first approver nor one person with it', SLOW, async () => {
    const d = await desk()
    const player = await makePlayer(t.db)
    await fund(t, player, 3_000)
    const withdrawn = await t.post('/api/wallet/withdraw', { amount: 2_000 }, await loginPlayer(t, player))
    const id: number = withdrawn.json().data.id
    const seen = async (as: SignedInOperator): Promise<CanDecide | undefined> =>
      ((await t.get('/api/backoffice/withdrawals?status=PENDING', as.token)).json().data.list as Array<{ id: number; can_decide?: CanDecide }>).find(
        (w) => w.id === id,
      )?.can_decide
    const approve = (as: SignedInOperator) => t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'PAY-1' }, as.token)

    expect(await seen(d.fresh)).toEqual({
      ok: false,
      reason: `บัญชีของคุณเพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยังอนุมัติการจ่ายเงินถอนไม่ได้จนถึง ${thaiTime(d.freshFrom)}`,
      until: d.freshFrom,
    })
    expect((await approve(d.fresh)).json().message).toBe((await seen(d.fresh))?.reason)
    expect(await seen(d.proposer)).toEqual({ ok: true })
    expect((await approve(d.proposer)).statusCode).toBe(200)

    expect(await seen(d.proposer)).toEqual({ ok: false, reason: 'คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติการจ่ายเงินถอนเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ' })
    expect((await seen(d.related))?.reason).toContain(`คุณกับ ${d.proposer.username} ผู้เสนอ`)
    await expectListAgreesWithDecision(d, seen, approve)
  })

  it('promotions, the plan, pay-in accounts and site content name their own action', SLOW, async () => {
    const d = await desk()
    const promotion = await t.post(
      '/api/backoffice/promotions',
      { title: 'โปรทดสอบ', image: '/media/site/logo.svg', credit_given_type: 'FIXED', credit_given: 100, rules: [], starts_at: null, ends_at: null },
      d.proposer.token,
    )
    expect(promotion.statusCode, promotion.body).toBe(200)
    const versionId: number = promotion.json().data.id
    const promotionSeen = async (as: SignedInOperator) =>
      ((await t.get('/api/backoffice/promotions', as.token)).json().data.list as Array<{ pending: { id: number; can_decide?: CanDecide } | null }>).find(
        (p) => p.pending?.id === versionId,
      )?.pending?.can_decide
    expect(await promotionSeen(d.proposer)).toEqual({ ok: false, reason: 'คุณเป็นผู้เสนอรายการนี้เอง จึงเผยแพร่โปรโมชั่นเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ' })
    expect((await promotionSeen(d.fresh))?.reason).toMatch(/จึงยังเผยแพร่โปรโมชั่นไม่ได้จนถึง /)
    await expectListAgreesWithDecision(d, promotionSeen, (as) => t.post(`/api/backoffice/promotion-versions/${versionId}/publish`, undefined, as.token))

    const { current } = (await t.get('/api/backoffice/plan', d.proposer.token)).json().data
    const {
      id: _id,
      status: _s,
      reason: _r,
      proposed_by: _p,
      proposed_by_id: _pi,
      created_at: _c,
      decided_by: _d,
      decided_at: _da,
      reject_reason: _rr,
      effective_from: _e,
      ...values
    } = current
    const plan = await t.post('/api/backoffice/plan/proposals', { ...values, rebate_percent: 0.7, reason: 'ปรับตามนโยบาย' }, d.proposer.token)
    expect(plan.statusCode, plan.body).toBe(200)
    const planSeen = async (as: SignedInOperator) => (await t.get('/api/backoffice/plan', as.token)).json().data.pending?.can_decide as CanDecide | undefined
    expect((await planSeen(d.related))?.reason).toContain('จึงอนุมัติแผนค่าแนะนำและวงเงินรายการนี้ไม่ได้')
    await expectListAgreesWithDecision(d, planSeen, (as) => t.post(`/api/backoffice/plan/proposals/${plan.json().data.id}/approve`, undefined, as.token))

    const account = await t.post(
      '/api/backoffice/payin-accounts',
      { bank_code: '004', account_number: String(Date.now()).slice(-10), account_name: 'บจก. สนาม สาขาสาม', promptpay_type: null, promptpay_id: null },
      d.proposer.token,
    )
    expect(account.statusCode, account.body).toBe(200)
    const payinSeen = async (as: SignedInOperator) =>
      ((await t.get('/api/backoffice/payin-accounts', as.token)).json().data as Array<{ id: number; can_decide?: CanDecide }>).find(
        (a) => a.id === account.json().data.id,
      )?.can_decide
    expect((await payinSeen(d.proposer))?.reason).toBe('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติบัญชีรับเงินฝากเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ')
    await expectListAgreesWithDecision(d, payinSeen, (as) => t.post(`/api/backoffice/payin-accounts/${account.json().data.id}/activate`, undefined, as.token))

    const { updated_at: _u, pending: _pending, history: _history, theme, ...settings } = (await t.get('/api/backoffice/site', d.owner)).json().data
    const saved = await t.post(
      '/api/backoffice/site',
      { ...settings, theme: { primary: theme.primary, background: theme.background }, title: 'สนามใหม่' },
      d.owner,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const siteSeen = async (as: SignedInOperator) => (await t.get('/api/backoffice/site', as.token)).json().data.pending?.can_decide as CanDecide | undefined
    expect((await siteSeen(d.fresh))?.reason).toMatch(/จึงยังอนุมัติการเปลี่ยนแปลงเนื้อหาเว็บไซต์ไม่ได้จนถึง /)
    expect(await siteSeen(d.seasoned)).toEqual({ ok: true })
    await expectListAgreesWithDecision(d, siteSeen, (as) =>
      t.post(`/api/backoffice/site/versions/${saved.json().data.pending.id}/approve`, undefined, as.token),
    )
  })
})

describe('the operators page', () => {
  it('says from when each operator decides money, and whom it may be one person with', SLOW, async () => {
    const d = await desk()
    const list = (await t.get('/api/backoffice/operators', d.owner)).json().data.list as Array<{
      id: number
      decides_money_from: string
      related: Array<{ id: number; username: string; until: string | null }>
    }>
    const of = (id: number) => list.find((o) => o.id === id)!
    expect(of(d.fresh.id).decides_money_from).toBe(d.freshFrom)
    expect(Date.parse(of(d.seasoned.id).decides_money_from)).toBeLessThanOrEqual(t.clock.now().getTime())
    expect(of(d.proposer.id).related).toContainEqual({ id: d.related.id, username: d.related.username, until: null })
    expect(of(d.seasoned.id).related).toEqual([])
  })

  it('a change waiting for a second owner: not its proposer, not an owner in its first 24 hours; approving answers the same', SLOW, async () => {
    const proposer = await signInOperator(t, 'owner')
    const second = await signInOperator(t, 'owner')
    const newOwner = await onboardOperator(t, proposer.token, 'owner', { approverToken: second.token })
    const proposed = await t.post(
      '/api/backoffice/operators',
      { username: `fin-${randomUUID().slice(0, 6)}`, role: 'finance', phone: '0891234567' },
      proposer.token,
    )
    const id: number = proposed.json().data.request.id
    const seen = async (as: SignedInOperator) =>
      ((await t.get('/api/backoffice/operators/requests', as.token)).json().data.list as Array<{ id: number; can_decide?: CanDecide }>).find((r) => r.id === id)
        ?.can_decide
    const fresh = { id: newOwner.op.id, username: newOwner.op.username, token: newOwner.token }
    const until = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString()

    expect(await seen(proposer)).toEqual({
      ok: false,
      reason: 'คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติคำขอเปลี่ยนแปลงผู้ใช้งานเองไม่ได้ รอเจ้าของระบบอีกคนที่ไม่ใช่ผู้เสนอ',
    })
    expect(await seen(fresh)).toEqual({
      ok: false,
      reason: `บัญชีของคุณเพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยังอนุมัติคำขอเปลี่ยนแปลงผู้ใช้งานไม่ได้จนถึง ${thaiTime(until)}`,
      until,
    })
    expect(await seen(second)).toEqual({ ok: true })
    for (const who of [proposer, fresh, second]) {
      const said = await seen(who)
      const res = await t.post(`/api/backoffice/operators/requests/${id}/approve`, undefined, who.token)
      if (said?.ok) expect(res.statusCode, res.body).toBe(200)
      else expect(res.json().message).toBe(said?.reason)
    }
  })
})
