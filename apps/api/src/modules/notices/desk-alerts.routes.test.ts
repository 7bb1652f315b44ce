import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../../db/rows.ts'
import { useTestApp } from '../../../test/app.ts'
import { fakePayoutBankCore, inProcessPayoutBank } from '../../../test/fakes/payout-bank.ts'
import { postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { alertsOf, outboxMessagesOf } from '../../../test/notices.ts'
import { lineConfig } from '../../../test/line.ts'
import { signInOperator } from '../../../test/operators.ts'
import { runJobsOnce } from '../../jobs/runner.ts'
import { testJobs } from '../../../test/jobs.ts'
import { inTransaction } from '../../db/transaction.ts'
import { deskAlertsRepository } from './desk-alerts.repository.ts'
import { operatorAlerts } from '../../db/schema.ts'
import { registerBody } from '../../../test/factories.ts'
import { CONNECTION_FAILURES, fakeSmsGateway, type GatewayAnswer } from '../../../test/fakes/sms-gateway.ts'
import thaiBulkSms from '../sms/fixtures/thaibulksms.json' with { type: 'json' }

// Issue 38 §4, ADR 087: each desk alert is written once per subject, says what to do and links to its screen, is listed
// to the roles that can act on it (read or unread per operator), and goes to the desk's LINE group when one is set.

const GROUP = `C${'a1'.repeat(16)}`
const quota = { used: 0, quota: 1_000 }
/** How LINE answers the watch's quota reading: at once, unless a test makes it hang. */
let readQuota = async () => quota
const bank = fakePayoutBankCore()
/** Players whose deposit's notice fails (the LINE look-up throws): their credit's transaction rolls back whole. */
const noticeFailsFor = new Set<number>()
/** ThaiBulkSMS on 127.0.0.1 (ADR 083's fake): it takes the codes this file sends and tells the credit left. */
let smsGateway: Awaited<ReturnType<typeof fakeSmsGateway>>
beforeAll(async () => {
  smsGateway = await fakeSmsGateway([thaiBulkSms.sent])
})
afterAll(() => smsGateway.close())
const t = useTestApp(() => ({
  // LINE on (a group needs the channel); no LINE answers here: the group's messages are read from the outbox, unsent.
  config: {
    WITHDRAW_ONE_PENDING: 'false',
    DESK_ALERT_WITHDRAWAL_MINUTES: '15',
    ...lineConfig({ url: 'http://127.0.0.1:9', accountLinkUrl: 'http://127.0.0.1:9/accountLink' }),
    LINE_DESK_GROUP_ID: GROUP,
    SMS_PROVIDER: 'thaibulksms',
    SMS_THAIBULKSMS_URL: smsGateway.url,
    SMS_THAIBULKSMS_KEY: 'tbs-key',
    SMS_THAIBULKSMS_SECRET: 'tbs-secret',
    // Long enough for a loaded machine (the fake answers in this process); the one that never answers waits it out.
    SMS_HTTP_TIMEOUT_MS: '2000',
    SMS_CREDIT_ALERT_BELOW: '500',
    SMS_CREDIT_CHECK_MINUTES: '15',
  },
  deps: {
    payoutBank: inProcessPayoutBank(bank),
    lineQuota: { lineQuota: () => readQuota() },
    // No player here links LINE (null, as the LINE module answers); one the test names makes its credit fail.
    lineAddress: {
      lineUserQuery(playerId) {
        if (noticeFailsFor.has(playerId)) throw new Error('the notice failed: the credit rolls back')
        return null
      },
    },
  },
}))
type Operator = { id: number; token: string }
let finance: Operator
let colleague: Operator
let support: Operator
let owner: Operator
beforeAll(async () => {
  finance = await signInOperator(t, 'finance')
  colleague = await signInOperator(t, 'finance')
  support = await signInOperator(t, 'support')
  owner = await signInOperator(t, 'owner')
})

const watch = () => runJobsOnce(t.db, testJobs(t, { deskAlerts: t.services.deskAlerts }))
const listOf = async (as: Operator) => (await t.get('/api/backoffice/alerts', as.token)).json().data as { unread: number; list: Array<Record<string, unknown>> }
const groupMessages = () => outboxMessagesOf(t.db, [GROUP])

async function waitingWithdrawal(amount: number) {
  const player = await signedInPlayer(t, {}, { cash: amount + 100 })
  bank.addAccount(player.bankCode, player.bankAccount, `นาย ${player.firstname} ${player.surname}`)
  const res = await t.post('/api/wallet/withdraw', { amount }, player.token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}

describe('a withdrawal waiting too long', () => {
  it('is one alert once it waited past the setting, to finance only, with what to do and its screen, and once to the LINE group', async () => {
    const id = await waitingWithdrawal(700)
    t.clock.advance(14 * 60_000)
    expect((await watch())['desk-alerts']).toBe(0)
    t.clock.advance(2 * 60_000)
    expect((await watch())['desk-alerts']).toBeGreaterThanOrEqual(1)
    await watch()
    expect(await alertsOf(t.db, 'WITHDRAWAL_WAITING')).toEqual([{ subject: `withdrawal:${id}`, params: { id, amount: '70000', minutes: 15 } }])

    const seen = await listOf(finance)
    expect(seen.list.find((a) => a.kind === 'WITHDRAWAL_WAITING')).toMatchObject({
      title: `รายการถอน #${id} ยอด 700 บาท รอเกิน 15 นาที`,
      todo: 'ตรวจสอบและอนุมัติหรือปฏิเสธที่หน้ารายการถอน',
      link: '/withdrawals',
      read: false,
    })
    expect((await listOf(support)).list.some((a) => a.kind === 'WITHDRAWAL_WAITING')).toBe(false)
    expect((await listOf(owner)).list.some((a) => a.kind === 'WITHDRAWAL_WAITING')).toBe(false)
    expect((await groupMessages()).filter((m) => m.template === 'DESK_ALERT')).toHaveLength(1)
  })

  it('is read or unread per operator; one the role cannot see, or none, is 404', async () => {
    const before = await listOf(finance)
    const alert = before.list.find((a) => a.kind === 'WITHDRAWAL_WAITING')!
    const read = await t.post(`/api/backoffice/alerts/${alert.id}/read`, undefined, finance.token)
    expect(read.statusCode, read.body).toBe(200)
    expect((await t.post(`/api/backoffice/alerts/${alert.id}/read`, undefined, finance.token)).statusCode).toBe(200)
    const after = await listOf(finance)
    expect(after.unread).toBe(before.unread - 1)
    expect(after.list.find((a) => a.id === alert.id)?.read).toBe(true)
    expect((await listOf(colleague)).list.find((a) => a.id === alert.id)?.read).toBe(false)
    expect((await t.post(`/api/backoffice/alerts/${alert.id}/read`, undefined, support.token)).statusCode).toBe(404)
    expect((await t.post('/api/backoffice/alerts/999999/read', undefined, finance.token)).statusCode).toBe(404)
    expect((await t.get('/api/backoffice/alerts')).statusCode).toBe(401)
  })
})

describe('alerts raised in their event', () => {
  it('a payout whose outcome is unknown: one alert in the transaction that marked it, linking to the payouts', async () => {
    const id = await waitingWithdrawal(400)
    bank.fail('confirm', 'lost')
    expect((await t.post(`/api/backoffice/withdrawals/${id}/approve`, {}, finance.token)).json().data.status).toBe('OUTCOME_UNKNOWN')
    expect(await alertsOf(t.db, 'PAYOUT_UNKNOWN')).toEqual([{ subject: `withdrawal:${id}`, params: { id, amount: '40000' } }])
    expect((await listOf(colleague)).list.find((a) => a.kind === 'PAYOUT_UNKNOWN')).toMatchObject({ link: '/payouts' })
    bank.reset()
  })

  it('a deposit exception (a transfer past the player’s own limit): one alert in the credit’s transaction, before any watch', async () => {
    const player = await signedInPlayer(t)
    expect((await t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_DAY', value: 100 }, player.token)).statusCode).toBe(200)
    const before = (await groupMessages()).length
    const credited = (await postTransfer(t, transferBody(player, { amount: 300 }))).json().data
    expect(credited.status).toBe('MATCHED')
    const [exception] = rowsOf<{ id: number }>(await t.db.execute(sql`select id::int as id from deposit_exceptions where deposit_id = ${credited.deposit_id}`))
    // No job has run: the alert was written with the exception, and its LINE message to the desk's group with it.
    expect(await alertsOf(t.db, 'DEPOSIT_EXCEPTION')).toEqual([
      { subject: `deposit-exception:${exception!.id}`, params: { id: exception!.id, amount: '30000' } },
    ])
    expect((await groupMessages()).length).toBe(before + 1)
    expect((await listOf(finance)).list.find((a) => a.kind === 'DEPOSIT_EXCEPTION')).toMatchObject({ link: '/exceptions', read: false })
    // The watch no longer looks at exceptions: nothing more.
    await watch()
    expect(await alertsOf(t.db, 'DEPOSIT_EXCEPTION')).toHaveLength(1)
  })

  it('a feed transfer that contradicts a record: one alert with its exception, however often the bank sends it again', async () => {
    const player = await signedInPlayer(t)
    const first = transferBody(player, { amount: 200 })
    expect((await postTransfer(t, first)).json().data.status).toBe('MATCHED')
    const before = await alertsOf(t.db, 'DEPOSIT_EXCEPTION')
    const differing = { ...first, amount: 250 }
    const answered = (await postTransfer(t, differing)).json().data
    expect(answered.status).toBe('EXCEPTION')
    expect((await postTransfer(t, differing)).json().data).toMatchObject({ status: 'EXCEPTION', exception_id: answered.exception_id })
    expect(await alertsOf(t.db, 'DEPOSIT_EXCEPTION')).toEqual([
      ...before,
      { subject: `deposit-exception:${answered.exception_id}`, params: { id: answered.exception_id, amount: '25000' } },
    ])
  })

  it('an intake that rolls back after opening its exception leaves no alert and no message to the group', async () => {
    const player = await signedInPlayer(t)
    expect((await t.post('/api/responsible-play/limits', { kind: 'DEPOSIT_DAY', value: 100 }, player.token)).statusCode).toBe(200)
    const exceptions = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from deposit_exceptions`))[0]!.n
    const [alerts, opened, messages] = [await alertsOf(t.db, 'DEPOSIT_EXCEPTION'), await exceptions(), (await groupMessages()).length]
    // The credit opens the exception (past the limit), then its notice fails: the whole transaction is undone.
    noticeFailsFor.add(player.id)
    const failed = await postTransfer(t, transferBody(player, { amount: 300 }))
    noticeFailsFor.delete(player.id)
    expect(failed.statusCode).toBe(500)
    expect(rowsOf(await t.db.execute(sql`select id from deposits where player_id = ${player.id}`))).toEqual([])
    expect(await exceptions()).toBe(opened)
    expect(await alertsOf(t.db, 'DEPOSIT_EXCEPTION')).toEqual(alerts)
    expect((await groupMessages()).length).toBe(messages)
  })

  it('a failover: one alert per switch however many processes notice it, to the owner and finance', async () => {
    await t.services.deskAlerts.failover('10.0.0.1:5432', '10.0.0.2:5432')
    await t.services.deskAlerts.failover('10.0.0.1:5432', '10.0.0.2:5432')
    expect(await alertsOf(t.db, 'FAILOVER')).toHaveLength(1)
    expect((await listOf(owner)).list.find((a) => a.kind === 'FAILOVER')).toMatchObject({
      title: 'ฐานข้อมูลหลักเปลี่ยนจาก 10.0.0.1:5432 เป็น 10.0.0.2:5432',
      link: '/dashboard',
    })
    expect((await listOf(support)).list.some((a) => a.kind === 'FAILOVER')).toBe(false)
  })
})

describe("the outbox's channel alerts", () => {
  it('no SMS credit: listed to the owner with its screen, and passed once to the LINE group', async () => {
    const before = (await groupMessages()).length
    await inTransaction(t.db, async (tx) => {
      const raised = await deskAlertsRepository.raiseAlert(tx, { kind: 'SMS_NO_CREDIT', channel: 'sms', details: 'code 400', at: t.clock.now() })
      await t.services.deskAlerts.channelAlertRaised(tx, { id: raised!.id, kind: 'SMS_NO_CREDIT' })
      await t.services.deskAlerts.channelAlertRaised(tx, { id: raised!.id, kind: 'SMS_NO_CREDIT' })
    })
    expect((await groupMessages()).length).toBe(before + 1)
    expect((await listOf(owner)).list.find((a) => a.kind === 'SMS_NO_CREDIT')).toMatchObject({
      title: 'เครดิต SMS หมด ระบบส่ง OTP และข้อความไม่ได้',
      link: '/outbox',
    })
    expect((await listOf(finance)).list.some((a) => a.kind === 'SMS_NO_CREDIT')).toBe(false)
  })
})

describe('watched figures', () => {
  it('the LINE quota: nothing under 80 %, one alert at 80 % for the month, to the owner', async () => {
    quota.used = 799
    await watch()
    expect(await alertsOf(t.db, 'LINE_QUOTA')).toEqual([])
    quota.used = 800
    await watch()
    quota.used = 900
    await watch()
    expect(await alertsOf(t.db, 'LINE_QUOTA')).toHaveLength(1)
    expect((await listOf(owner)).list.find((a) => a.kind === 'LINE_QUOTA')).toMatchObject({ link: '/outbox' })
    expect((await listOf(finance)).list.some((a) => a.kind === 'LINE_QUOTA')).toBe(false)
  })

  it("yesterday's reconciliation with a difference (a transfer no one could be credited) is one alert after 01:00", async () => {
    const stranger = { bankCode: '004', bankAccount: '9990001112' }
    expect((await postTransfer(t, transferBody(stranger, { amount: 250 }))).json().data.status).toBe('UNMATCHED')
    const now = t.clock.now()
    // To 02:00 Bangkok (19:00 UTC) of the next day.
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (now.getUTCHours() >= 17 ? 1 : 0), 19))
    t.clock.set(next)
    await watch()
    await watch()
    const raised = await alertsOf(t.db, 'RECONCILIATION_DIFFERENCE')
    expect(raised).toHaveLength(1)
    expect(raised[0]!.params).toMatchObject({ count: expect.any(Number) })
  })
})

describe('a vendor that hangs holds no transaction (on PGlite, the one connection every request needs)', () => {
  it("a player's balance answers while the SMS gateway does not answer the credit reading", async () => {
    t.clock.advance(15 * 60_000) // the reading is due
    const player = await signedInPlayer(t, {}, { cash: 100 })
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      const gaveUp = () => warn.mock.calls.some((call) => call[1] === 'the SMS credit could not be read')
      smsGateway.answerWith([{ fail: 'hang' }])
      const before = smsGateway.received.length
      const job = runJobsOnce(t.db, testJobs(t, { smsCredit: t.services.deskAlerts }))
      await vi.waitFor(() => expect(smsGateway.received.length).toBe(before + 1), { timeout: 10_000 })
      const balance = await t.get('/api/wallet/v2/balance', player.token)
      // Answered before the reading gave up (SMS_HTTP_TIMEOUT_MS, 2 s): the reading held no transaction meanwhile.
      expect([balance.statusCode, gaveUp()]).toEqual([200, false])
      expect((await job)['sms-credit']).toBe(0)
      expect(gaveUp()).toBe(true)
    } finally {
      warn.mockRestore()
      smsGateway.answerWith([thaiBulkSms.sent])
    }
  })

  it("a player's balance answers while LINE does not answer the quota reading", async () => {
    const player = await signedInPlayer(t, {}, { cash: 100 })
    let answer!: () => void
    readQuota = () => new Promise((resolve) => (answer = () => resolve(quota)))
    try {
      const job = watch()
      await vi.waitFor(() => expect(answer).toBeDefined())
      const answered: number[] = []
      void t.get('/api/wallet/v2/balance', player.token).then((res) => answered.push(res.statusCode))
      // LINE answers only once the balance has (or after 5 s, failing): the watch must not hold the database meanwhile.
      await vi.waitFor(() => expect(answered).toEqual([200]), { timeout: 5_000 }).finally(() => answer())
      await job
    } finally {
      readQuota = async () => quota
    }
  })
})

describe('the SMS credit (ThaiBulkSMS tells it; read every SMS_CREDIT_CHECK_MINUTES)', () => {
  const credit = (left: number): GatewayAnswer => ({ status: 200, body: { remaining_credit: left } })
  /** Moves past the reading's interval, answers the next reading with `answer`, runs the `sms-credit` job. */
  async function readCredit(answer: GatewayAnswer) {
    t.clock.advance(15 * 60_000)
    smsGateway.answerWith([answer])
    const before = smsGateway.received.length
    const done = await runJobsOnce(t.db, testJobs(t, { smsCredit: t.services.deskAlerts }))
    expect(smsGateway.received.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /credit'])
    return done['sms-credit']
  }
  /** The SMS credit alerts, oldest first: which channel raised each, its figures, whether it is still open. */
  const creditAlerts = async () =>
    (await t.db.select().from(operatorAlerts).orderBy(operatorAlerts.id))
      .filter((a) => a.kind === 'SMS_NO_CREDIT')
      .map((a) => ({ channel: a.channel, params: a.params, open: a.resolvedAt === null }))
  const openOnes = async () => (await creditAlerts()).filter((a) => a.open)
  // Signed in afresh: each reading moves the clock past an operator's idle time.
  const ownersAlert = async () => (await listOf(await signInOperator(t, 'owner'))).list.find((a) => a.kind === 'SMS_NO_CREDIT' && a.read === false)

  it('at or above the threshold raises nothing (and closes what an earlier test left open)', async () => {
    expect(await readCredit(credit(500))).toBe(0)
    expect(await openOnes()).toEqual([])
  })

  it('below the threshold: one alert to the owner saying to top up, linking to the outbox, once to the LINE group', async () => {
    const messages = (await groupMessages()).length
    expect(await readCredit(credit(120))).toBe(1)
    expect(await openOnes()).toEqual([{ channel: 'sms-credit', params: { credit: 120, threshold: 500 }, open: true }])
    expect(await ownersAlert()).toMatchObject({
      title: 'เครดิต SMS เหลือ 120 ต่ำกว่าเกณฑ์แจ้งเตือน 500 เมื่อหมดระบบจะส่ง OTP และข้อความไม่ได้',
      todo: 'เติมเครดิตที่บัญชีผู้ให้บริการ SMS ก่อนเครดิตหมด',
      link: '/outbox',
    })
    expect((await listOf(await signInOperator(t, 'finance'))).list.some((a) => a.kind === 'SMS_NO_CREDIT')).toBe(false)
    expect((await groupMessages()).length).toBe(messages + 1)

    // Read again, lower still: the same episode, still one alert and one message.
    expect(await readCredit(credit(90))).toBe(0)
    expect(await openOnes()).toHaveLength(1)
    expect((await groupMessages()).length).toBe(messages + 1)
  })

  it('is read once per interval, however often the jobs run', async () => {
    const before = smsGateway.received.length
    await runJobsOnce(t.db, testJobs(t, { smsCredit: t.services.deskAlerts }))
    t.clock.advance(14 * 60_000)
    await runJobsOnce(t.db, testJobs(t, { smsCredit: t.services.deskAlerts }))
    expect(smsGateway.received.length).toBe(before)
  })

  it('back at the threshold: resolved; below again later: a new alert', async () => {
    expect(await readCredit(credit(2_000))).toBe(0)
    expect(await openOnes()).toEqual([])
    expect(await readCredit(credit(499))).toBe(1)
    expect(await openOnes()).toEqual([{ channel: 'sms-credit', params: { credit: 499, threshold: 500 }, open: true }])
    expect(await readCredit(credit(500))).toBe(0)
    expect(await openOnes()).toEqual([])
  })

  it("is raised and closed whatever LINE's own quota alert says, and leaves that one open", async () => {
    await deskAlertsRepository.raiseAlert(t.db, { kind: 'LINE_QUOTA', channel: 'line', details: 'monthly limit', at: t.clock.now() })
    expect(await readCredit(credit(100))).toBe(1)
    expect(await readCredit(credit(900))).toBe(0)
    expect(await openOnes()).toEqual([])
    expect((await t.services.outbox.today()).alerts.map((a) => [a.kind, a.channel])).toEqual([['LINE_QUOTA', 'line']])
    await deskAlertsRepository.resolveAlerts(t.db, ['LINE_QUOTA'], 'line', t.clock.now())
  })

  it.each<[string, GatewayAnswer]>([
    ['down (503)', thaiBulkSms.down],
    ['refusing our key', thaiBulkSms.unauthorized],
    ['answering a page', { status: 200, body: '<html>maintenance</html>' }],
    ['answering no figure', { status: 200, body: { remaining_credit: null } }],
    ...CONNECTION_FAILURES.map(([title, fail]): [string, GatewayAnswer] => [title, { fail }]),
  ])('a reading that fails (the gateway %s) raises nothing, crashes nothing and is logged without the key', async (_title, answer) => {
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      expect(await readCredit(answer)).toBe(0)
      expect(await openOnes()).toEqual([])
      const logged = warn.mock.calls.filter((call) => call[1] === 'the SMS credit could not be read')
      expect(logged).toHaveLength(1)
      expect(logged[0]![0]).toMatchObject({ gateway: 'thaibulksms' })
      const told = JSON.stringify(logged)
      for (const secret of ['tbs-secret', Buffer.from('tbs-key:tbs-secret').toString('base64')]) expect(told).not.toContain(secret)
    } finally {
      warn.mockRestore()
    }
  })

  it('a send refused for credit is the same alert, one with a low reading, closed by a reading at the threshold', async () => {
    const messages = (await groupMessages()).length
    smsGateway.answerWith([thaiBulkSms.noCredit])
    const refused = await t.post('/api/auth/register', registerBody())
    expect(refused.statusCode, refused.body).toBe(503)
    expect(await openOnes()).toEqual([{ channel: 'sms', params: null, open: true }])
    expect(await ownersAlert()).toMatchObject({ title: 'เครดิต SMS หมด ระบบส่ง OTP และข้อความไม่ได้', link: '/outbox' })
    expect((await groupMessages()).length).toBe(messages + 1)

    expect(await readCredit(credit(0))).toBe(0)
    expect(await openOnes()).toHaveLength(1)
    expect(await readCredit(credit(800))).toBe(0)
    expect(await openOnes()).toEqual([])
    expect((await groupMessages()).length).toBe(messages + 1)
  })
})
