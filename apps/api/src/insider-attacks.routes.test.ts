import { randomUUID } from 'node:crypto'
import { PlanValues } from '@sanam/contract'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_CONFIG, useTestApp, type TestApp } from '../test/app.ts'
import { makePlayer, uniqueBankAccount, uniqueMobile } from '../test/factories.ts'
import { balanceOf, bankSignature, loginPlayer, postTransfer, transferBody, transfersWhere } from '../test/money.ts'
import {
  enrolOperator,
  nextOperatorCode,
  oneTimePasswordSentTo,
  operatorLogin,
  renewOperatorPassword,
  signInOperator,
  type TestOperator,
} from '../test/operators.ts'
import { transfers } from './db/schema.ts'
import { systemClock } from './lib/clock.ts'
import { consoleSmsSender } from './modules/sms/console-sms.ts'

// Issue 34 §1 and §8 (ADR 070): one dishonest owner on a real-money install (production mode, its two owners named at
// set-up, each receiving its first password on its own phone) tries to be the two operators a four-eyes decision
// needs. Every attack is judged by its outcome: balances, payouts, what players are shown.

const HOUR = 3_600_000
const t = useTestApp({
  config: PRODUCTION_CONFIG,
  // The gateway's side of the SMS: what each phone received (a real install sends them over HTTP).
  deps: { sms: consoleSmsSender({ clock: systemClock, log: () => undefined }) },
  verifyLedger: 'end',
})

/** A set-up owner (BACKOFFICE_OWNERS) takes its first password from its phone, chooses its own and enrols. */
async function setUpOwner(app: TestApp, index: number) {
  const owner = app.config.backofficeOwners[index]!
  const op: TestOperator = { id: 0, username: owner.username, password: oneTimePasswordSentTo(app, owner.phone) }
  const renewed = await renewOperatorPassword(app, op, `${owner.username}-own-password`)
  expect(renewed.statusCode, renewed.body).toBe(200)
  op.password = `${owner.username}-own-password`
  await enrolOperator(app, op, renewed.json().data.token)
  return { ...op, token: renewed.json().data.token as string }
}

/** An operator onboarded from the one-time password its phone received, signed in again later with a fresh code. */
async function takeOver(app: TestApp, username: string, phone: string) {
  const op: TestOperator = { id: 0, username, password: oneTimePasswordSentTo(app, phone) }
  const renewed = await renewOperatorPassword(app, op, `${username}-own-password`)
  expect(renewed.statusCode, renewed.body).toBe(200)
  op.password = `${username}-own-password`
  await enrolOperator(app, op, renewed.json().data.token)
  return op
}
const signIn = async (app: TestApp, op: TestOperator) => {
  const res = await operatorLogin(app, op, nextOperatorCode(app, op.username, op.secret))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

describe('one owner is never two operators (production mode)', () => {
  it('the owner’s own accounts move no money together, pay no one, redirect no deposit and change no money setting', async () => {
    await t.services.operators.setUp(t.config.backofficeOwners.map((owner) => ({ ...owner, role: 'owner' as const })))
    const ownerA = await setUpOwner(t, 0)
    const ownerB = await setUpOwner(t, 1)

    // Owner A alone makes two finance operators, on phones A holds: nothing exists until a second owner approves.
    const aPhones = [uniqueMobile(), uniqueMobile()]
    const proposals = []
    for (const [i, phone] of aPhones.entries()) {
      const res = await t.post('/api/backoffice/operators', { username: `finance-a${i}`, role: 'finance', phone }, ownerA.token)
      expect(res.json().data, res.body).toMatchObject({ operator: null, request: { kind: 'create', phone } })
      proposals.push(res.json().data.request.id as number)
    }
    const listed = (await t.get('/api/backoffice/operators', ownerA.token)).json().data.list as { username: string }[]
    expect(listed.map((o) => o.username)).not.toContain('finance-a0')
    expect(t.outbox.outbox(aPhones[0]!), 'no password before the second owner').toHaveLength(0)
    // A cannot approve its own proposals.
    expect((await t.post(`/api/backoffice/operators/requests/${proposals[0]}/approve`, undefined, ownerA.token)).json().code).toBe('OPERATOR_REQUEST_OWN')

    // Owner B is deceived and approves both; B's own colleague joins the desk, approved by A.
    for (const id of proposals) expect((await t.post(`/api/backoffice/operators/requests/${id}/approve`, undefined, ownerB.token)).statusCode).toBe(200)
    const colleaguePhone = uniqueMobile()
    const colleagueRequest = (await t.post('/api/backoffice/operators', { username: 'finance-b', role: 'finance', phone: colleaguePhone }, ownerB.token)).json()
      .data.request.id
    expect((await t.post(`/api/backoffice/operators/requests/${colleagueRequest}/approve`, undefined, ownerA.token)).statusCode).toBe(200)
    const [a0, a1] = [await takeOver(t, 'finance-a0', aPhones[0]!), await takeOver(t, 'finance-a1', aPhones[1]!)]
    const colleague = await takeOver(t, 'finance-b', colleaguePhone)

    // A day later, however long A waits.
    t.clock.advance(24 * HOUR + 60_000)
    const [first, second, honest] = [await signIn(t, a0), await signIn(t, a1), await signIn(t, colleague)]

    // 1. A 60,000 payout: A's second account cannot complete it.
    const player = await makePlayer(t.db)
    const deposit = transferBody(player, { amount: 60_000 })
    const funded = await postTransfer(t, deposit, bankSignature(t, JSON.stringify(deposit), { secret: t.config.bankWebhookSecret }))
    expect(funded.json().data.status, funded.body).toBe('MATCHED')
    const playerToken = await loginPlayer(t, player)
    const withdrawal = (await t.post('/api/wallet/withdraw', { amount: 60_000 }, playerToken)).json().data.id as number
    const approveWithdrawal = (token: string) => t.post(`/api/backoffice/withdrawals/${withdrawal}/approve`, { payout_ref: 'KBANK-PAY-1' }, token)
    expect((await approveWithdrawal(first)).json().data).toMatchObject({ status: 'PENDING', needs_second_approval: true })
    expect((await approveWithdrawal(second)).json().code).toBe('FOUR_EYES_RELATED_OPERATOR')
    const payouts = () => transfersWhere(t, and(eq(transfers.reference, `withdrawal:${withdrawal}`), eq(transfers.kind, 'withdraw_payout')))
    expect(await payouts()).toHaveLength(0)

    // 2. A manual deposit of 1,000,000 with an invented reference: waits, and A's second account cannot confirm it.
    const target = await makePlayer(t.db)
    const targetToken = await loginPlayer(t, target)
    const claim = await t.post(
      '/api/backoffice/deposits/manual',
      { mobile: target.mobile, amount: 1_000_000, bank_ref: 'KBANK-INVENTED-1', note: 'สลิป' },
      first,
    )
    const approval = claim.json().data.approval.id as number
    expect((await t.post(`/api/backoffice/approvals/${approval}/approve`, undefined, second)).json().code).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await balanceOf(t, targetToken)).toBe(0)

    // 3. The pay-in account players see, swapped for A's mule: never activated.
    const shownBefore = (await t.get('/api/wallet/deposit/bank', targetToken)).json().data
    const mule = await t.post(
      '/api/backoffice/payin-accounts',
      { bank_code: '004', account_number: '9990001112', account_name: 'Attacker Mule', promptpay_type: null, promptpay_id: null },
      first,
    )
    expect((await t.post(`/api/backoffice/payin-accounts/${mule.json().data.id}/activate`, undefined, second)).json().code).toBe('FOUR_EYES_RELATED_OPERATOR')
    const shownAfter = (await t.get('/api/wallet/deposit/bank', targetToken)).json().data
    expect(shownAfter).toEqual(shownBefore)
    expect(JSON.stringify(shownAfter)).not.toContain('Attacker Mule')

    // 4. The four-eyes threshold raised to 10,000,000: not applied, so one account alone still credits nothing.
    const plan = (await t.get('/api/backoffice/plan', first)).json().data.current
    const values = Object.fromEntries(PlanValues.keyof().options.map((key) => [key, plan[key]]))
    const raise = await t.post('/api/backoffice/plan/proposals', { ...values, four_eyes_above: 10_000_000, reason: 'ปรับเกณฑ์' }, first)
    expect((await t.post(`/api/backoffice/plan/proposals/${raise.json().data.id}/approve`, undefined, second)).json().code).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect((await t.get('/api/backoffice/plan', first)).json().data.current.four_eyes_above).toBe(plan.four_eyes_above)
    const alone = await t.post(
      '/api/backoffice/members/' + target.id + '/adjustments',
      { request_id: randomUUID(), direction: 'CREDIT', amount: 1_000_000, reason: 'ชดเชย' },
      first,
    )
    expect(alone.json().data.status, alone.body).toBe('PENDING')
    expect(await balanceOf(t, targetToken)).toBe(0)

    // The desk still works with a second person: B's colleague completes the payout, once.
    expect((await approveWithdrawal(honest)).json().data.status).toBe('SUCCESS')
    expect(await payouts()).toHaveLength(1)
  })
})

describe('the accomplice from the queue (production mode)', () => {
  it('a stranger’s transfer given to a member who registered afterwards with its account and name waits for a second operator; support sees the sender masked', async () => {
    const [finance, colleague, support] = [await signInOperator(t, 'finance'), await signInOperator(t, 'finance'), await signInOperator(t, 'support')]
    // A stranger's 15,000 that matches no member waits in the unmatched queue.
    const stranger = { bankCode: '014', bankAccount: uniqueBankAccount() }
    const body = transferBody(stranger, { amount: 15_000, from_name: 'นาย มานะ รักเงิน' })
    const arrived = await postTransfer(t, body, bankSignature(t, JSON.stringify(body), { secret: t.config.bankWebhookSecret }))
    expect(arrived.json().data.status, arrived.body).toBe('UNMATCHED')
    const depositId = arrived.json().data.deposit_id as number
    const queued = async (token: string) =>
      ((await t.get('/api/backoffice/deposits/unmatched', token)).json().data.list as { id: number; from_account: string; from_name: string }[]).find(
        (d) => d.id === depositId,
      )!
    // Support sees what a statement shows; finance, who decides money, the whole sender.
    expect(await queued(support.token)).toMatchObject({ from_account: `xxx-x-x${stranger.bankAccount.slice(5, 9)}-x`, from_name: 'นาย มานะ ร' })
    expect(await queued(finance.token)).toMatchObject({ from_account: stranger.bankAccount, from_name: 'นาย มานะ รักเงิน' })

    // An accomplice registers afterwards with that account and name: the sender now "matches".
    t.clock.advance(60_000)
    const accomplice = await makePlayer(t.db, {
      bankCode: '014',
      bankAccount: stranger.bankAccount,
      firstname: 'มานะ',
      surname: 'รักเงิน',
      createdAt: t.clock.now(),
    })
    const assigned = await t.post(`/api/backoffice/deposits/${depositId}/assign`, { mobile: accomplice.mobile }, finance.token)
    expect(assigned.json().data, assigned.body).toMatchObject({
      status: 'PENDING',
      approval: { reasons: [{ code: 'MEMBER_AFTER_TRANSFER', text: expect.any(String) }] },
    })
    const accompliceToken = await loginPlayer(t, accomplice)
    expect(await balanceOf(t, accompliceToken)).toBe(0)
    // It takes a second person, who may also refuse it.
    const approval = assigned.json().data.approval.id as number
    expect((await t.post(`/api/backoffice/approvals/${approval}/approve`, undefined, finance.token)).json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect(await balanceOf(t, accompliceToken)).toBe(0)
    expect((await t.post(`/api/backoffice/approvals/${approval}/reject`, { reason: 'บัญชีสมัครหลังเงินเข้า' }, colleague.token)).statusCode).toBe(200)
    expect(await balanceOf(t, accompliceToken)).toBe(0)
  })
})
