import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { msg } from '@sanam/contract'
import { DEMO_BANK_NOTIFICATION_SECRET, DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'
import { PRODUCTION_CONFIG, useTestApp, type TestApp } from '../../../test/app.ts'
import { balanceOf, postTransfer, signedInPlayer, transferBody, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { bankNotifications, deposits } from '../../db/schema.ts'
import { FIXTURES, PAY_IN } from './notification-fixtures.ts'

const PATH = '/api/bank/notifications'

function post(t: TestApp, body: unknown, headers?: Record<string, string> | null) {
  const raw = JSON.stringify(body)
  const signed =
    headers === undefined ? signatureHeaders(DEMO_BANK_NOTIFICATION_SECRET, { method: 'POST', path: PATH, body: raw, now: t.clock.now() }) : (headers ?? {})
  return t.request('POST', PATH, { headers: { 'content-type': 'application/json', ...signed }, payload: raw })
}

/** Bangkok wall time `HH:MM` on 29 Nov 2026 as an instant. */
const at = (hhmm: string, seconds = 0) => new Date(`2026-11-29T${hhmm}:${String(seconds).padStart(2, '0')}+07:00`)

/** Krungsri's incoming wording with its sender: the one bank text that names a sender account and a name. */
function krungsri(amount: string, senderLastSix: string, hhmm: string) {
  return `เงินเข้าบ/ชXXX1234X ${amount} บ. จาก KBANK X${senderLastSix} นาย สมชาย ใ 29/11/69 @${hhmm} ใช้ได้ 21,500.00 บ.`
}

/** A notification as a forwarder posts it, received by the phone `delay` seconds after the text's minute. */
const forwarded = (text: string, hhmm: string, delay = 20, sender = 'Krungsri') => ({ text, sender, received_at: at(hhmm, delay).toISOString() })

/** A player whose KBank account ends in a six-digit run no other player of this file has, named as Krungsri shows. */
let nextSix = 100_000
async function krungsriSender(t: TestApp): Promise<SignedInPlayer & { six: string }> {
  const six = String(++nextSix)
  const player = await signedInPlayer(t, { bankCode: '004', bankAccount: `0123${six}`, firstname: 'สมชาย', surname: 'ใจดี' })
  return { ...player, six }
}

/** The feed's report of the same transfer: the full account and name, the second the bank booked it. */
const feedOf = (player: SignedInPlayer, amount: number, when: Date, overrides: Record<string, unknown> = {}) =>
  transferBody(player, {
    to_account: PAY_IN.krungsri,
    from_name: 'นาย สมชาย ใจดี',
    amount,
    occurred_at: when.toISOString(),
    ...overrides,
  })

const notificationRow = async (t: TestApp, id: number) => (await t.db.select().from(bankNotifications).where(eq(bankNotifications.id, id)))[0]!
const depositRow = async (t: TestApp, id: number) => (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!

async function seedPayInAccounts(t: TestApp) {
  const accounts = [
    ['004', PAY_IN.kbank],
    ['025', PAY_IN.krungsri],
    ['014', PAY_IN.scb],
  ] as const
  for (const [bank_code, account_number] of accounts) {
    await t.services.payin.seedApproved({ bank_code, account_number, account_name: 'บริษัท สนาม จำกัด', promptpay_type: null, promptpay_id: null })
  }
}

describe('POST /api/bank/notifications', () => {
  const t = useTestApp({ verifyLedger: 'each' })
  beforeAll(async () => {
    await seedPayInAccounts(t)
    t.clock.set(at('09:16'))
  })

  it.each([
    ['no signature', null],
    ['the bank feed’s secret', 'feed'],
  ])('refuses a notification with %s and stores nothing', async (_name, signature) => {
    const body = forwarded(`ไม่มีลายเซ็น ${randomUUID()}`, '09:15')
    const raw = JSON.stringify(body)
    const headers = signature === 'feed' ? signatureHeaders(DEMO_BANK_WEBHOOK_SECRET, { method: 'POST', path: PATH, body: raw, now: t.clock.now() }) : null
    const res = await post(t, body, headers)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('BAD_SIGNATURE')
    expect(await t.db.select().from(bankNotifications).where(eq(bankNotifications.text, body.text))).toHaveLength(0)
  })

  it('refuses a notification signed more than five minutes ago and stores nothing', async () => {
    const body = forwarded(`เก่า ${randomUUID()}`, '09:15')
    const raw = JSON.stringify(body)
    const stale = signatureHeaders(DEMO_BANK_NOTIFICATION_SECRET, {
      method: 'POST',
      path: PATH,
      body: raw,
      now: new Date(t.clock.now().getTime() - 6 * 60_000),
    })
    const res = await post(t, body, stale)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('SIGNATURE_EXPIRED')
    expect(await t.db.select().from(bankNotifications).where(eq(bankNotifications.text, body.text))).toHaveLength(0)
  })

  it('refuses a body without a text or a time in Thai, storing nothing', async () => {
    const res = await post(t, { sender: 'Krungsri', received_at: 'yesterday' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/text|received_at/)
  })

  it('credits an incoming transfer that names its sender, once, however often it is forwarded', async () => {
    const player = await krungsriSender(t)
    const body = forwarded(krungsri('1,234.50', player.six, '09:15'), '09:15')
    const first = await post(t, body)
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({ status: 'CREDITED', replay: false })
    const again = await post(t, body)
    expect(again.json().data).toEqual({ ...first.json().data, replay: true })
    // The phone's received time as epoch milliseconds (as forwarder apps send it) is the same notification.
    const epoch = await post(t, { ...body, received_at: Date.parse(body.received_at) })
    expect(epoch.json().data).toEqual({ ...first.json().data, replay: true })
    expect(await balanceOf(t, player.token)).toBe(1234.5)
    const deposit = await depositRow(t, first.json().data.deposit_id)
    expect(deposit).toMatchObject({
      source: 'NOTIFICATION',
      status: 'MATCHED',
      playerId: player.id,
      toAccount: PAY_IN.krungsri,
      amount: 123_450n,
      feedAt: null,
    })
    expect(await t.db.select().from(bankNotifications).where(eq(bankNotifications.text, body.text))).toHaveLength(1)
  })

  it('keeps outgoing money, one-time codes, adverts and unreadable texts, lists them, and credits none', async () => {
    const texts = [FIXTURES.krungsri[3]!, FIXTURES.krungsri[5]!, FIXTURES.bangkokBank[4]!, FIXTURES.kbank[8]!]
    const answers: Array<{ id: number; status: string; deposit_id: number | null }> = []
    for (const [i, fixture] of texts.entries())
      answers.push((await post(t, { text: fixture.text, sender: fixture.sender, received_at: at('09:15', i).toISOString() })).json().data)
    expect(answers.map((a) => a.status)).toEqual(['OUTGOING', 'IGNORED', 'IGNORED', 'UNPARSED'])
    expect(answers.every((a) => a.deposit_id === null)).toBe(true)
    const { token } = await signInOperator(t, 'support')
    const list = (await t.get('/api/backoffice/bank-notifications', token)).json().data
    const shown = list.list.filter((n: { id: number }) => answers.some((a) => a.id === n.id))
    expect(shown.map((n: { status: string }) => n.status).sort()).toEqual(['IGNORED', 'IGNORED', 'OUTGOING', 'UNPARSED'])
    expect(shown.find((n: { status: string }) => n.status === 'OUTGOING')).toMatchObject({ kind: 'OUTGOING', amount: 2000, bank_code: '025' })
    const unparsed = (await t.get('/api/backoffice/bank-notifications?status=UNPARSED', token)).json().data
    expect(unparsed.list.every((n: { status: string }) => n.status === 'UNPARSED')).toBe(true)
  })

  it('keeps an incoming text without a sender account as INCOMPLETE: nothing reaches deposits', async () => {
    const fixture = FIXTURES.krungsri[1]!
    const res = await post(t, { text: fixture.text, sender: fixture.sender, received_at: at('09:15', 40).toISOString() })
    expect(res.json().data).toMatchObject({ status: 'INCOMPLETE', deposit_id: null })
    expect((await notificationRow(t, res.json().data.id)).note).toBe(msg('NOTIFICATION_NO_SENDER'))
  })

  it('does not credit a transfer to an account that is not ours, or not the one the forwarding phone names', async () => {
    const player = await krungsriSender(t)
    const text = krungsri('300.00', player.six, '09:15')
    const other = await post(t, { ...forwarded(text.replace('XXX1234X', 'XXX9876X'), '09:15') })
    expect(other.json().data).toMatchObject({ status: 'INCOMPLETE', deposit_id: null })
    expect((await notificationRow(t, other.json().data.id)).note).toBe(msg('NOTIFICATION_UNKNOWN_PAY_IN'))
    const named = await post(t, { ...forwarded(text, '09:15', 41), pay_in_account: PAY_IN.kbank })
    expect(named.json().data.status).toBe('INCOMPLETE')
    expect(await balanceOf(t, player.token)).toBe(0)
  })

  it('does not believe a text dated in the future', async () => {
    const player = await krungsriSender(t)
    const res = await post(t, forwarded(krungsri('300.00', player.six, '09:45'), '09:15'))
    expect(res.json().data.status).toBe('INCOMPLETE')
    expect(await balanceOf(t, player.token)).toBe(0)
  })

  describe('one transfer, two sources, one credit', () => {
    it('a notification, then the feed: the feed attaches to it (DUPLICATE) and writes its reference and facts', async () => {
      const player = await krungsriSender(t)
      const notified = (await post(t, forwarded(krungsri('700.00', player.six, '09:15'), '09:15'))).json().data
      expect(notified.status).toBe('CREDITED')
      const feed = feedOf(player, 700, at('09:15', 12))
      const res = await postTransfer(t, feed)
      expect(res.json().data).toEqual({ status: 'DUPLICATE', deposit_id: notified.deposit_id })
      // The feed's replay finds the same deposit by its reference.
      expect((await postTransfer(t, feed)).json().data).toMatchObject({ deposit_id: notified.deposit_id })
      expect(await balanceOf(t, player.token)).toBe(700)
      expect(await depositRow(t, notified.deposit_id)).toMatchObject({
        externalId: feed.external_id,
        fromAccount: player.bankAccount,
        fromName: 'นาย สมชาย ใจดี',
      })
    })

    it('the feed, then a notification: the notification is MATCHED_EXISTING on the feed’s deposit', async () => {
      const player = await krungsriSender(t)
      const fed = (await postTransfer(t, feedOf(player, 800, at('09:15', 5)))).json().data
      expect(fed.status).toBe('MATCHED')
      const res = await post(t, forwarded(krungsri('800.00', player.six, '09:15'), '09:15'))
      expect(res.json().data).toMatchObject({ status: 'MATCHED_EXISTING', deposit_id: fed.deposit_id })
      expect(await balanceOf(t, player.token)).toBe(800)
      expect((await depositRow(t, fed.deposit_id)).notificationAt).not.toBeNull()
    })

    it('a notification that could not say whose it was (KBank shows no name) is credited when the feed completes it', async () => {
      const player = await signedInPlayer(t, { bankCode: '004', bankAccount: '0654321987' })
      const text = '29/11/69 09:15 บชX123456X รับโอนจากX654321X 450.00บ คงเหลือ25,480.50บ'
      const notified = (await post(t, forwarded(text, '09:15', 20, 'KBank'))).json().data
      expect(notified.status).toBe('UNMATCHED')
      expect((await notificationRow(t, notified.id)).note).toBe(msg('UNMATCHED_MASKED_NO_NAME'))
      expect(await balanceOf(t, player.token)).toBe(0)
      const feed = transferBody(player, { to_account: PAY_IN.kbank, from_name: 'นาย สมชาย ทดสอบ', amount: 450, occurred_at: at('09:15', 30).toISOString() })
      expect((await postTransfer(t, feed)).json().data).toEqual({ status: 'MATCHED', deposit_id: notified.deposit_id })
      expect(await balanceOf(t, player.token)).toBe(450)
      // The desk shows where the notification's deposit stands now, credited by the feed's facts.
      const { token } = await signInOperator(t, 'support')
      const listed = (await t.get('/api/backoffice/bank-notifications?status=UNMATCHED', token)).json().data.list
      expect(listed.find((n: { id: number }) => n.id === notified.id)).toMatchObject({ deposit_id: notified.deposit_id, deposit_status: 'MATCHED' })
    })

    it('a notification and the feed of one transfer at the same moment credit once', async () => {
      const player = await krungsriSender(t)
      const [fromPhone, fromFeed] = await Promise.all([
        post(t, forwarded(krungsri('950.00', player.six, '09:15'), '09:15')),
        postTransfer(t, feedOf(player, 950, at('09:15', 8))),
      ])
      expect([fromPhone.statusCode, fromFeed.statusCode]).toEqual([200, 200])
      expect(await balanceOf(t, player.token)).toBe(950)
      const rows = await t.db.select().from(deposits).where(eq(deposits.playerId, player.id))
      expect(rows).toHaveLength(1)
    })

    it('two transfers of one amount from one sender minutes apart: each report pairs with its own minute, two credits', async () => {
      const player = await krungsriSender(t)
      const first = (await post(t, forwarded(krungsri('500.00', player.six, '09:15'), '09:15'))).json().data
      const second = (await post(t, forwarded(krungsri('500.00', player.six, '09:18'), '09:18'))).json().data
      expect([first.status, second.status]).toEqual(['CREDITED', 'CREDITED'])
      // The feed reports the later one first.
      expect((await postTransfer(t, feedOf(player, 500, at('09:18', 4)))).json().data).toEqual({ status: 'DUPLICATE', deposit_id: second.deposit_id })
      expect((await postTransfer(t, feedOf(player, 500, at('09:15', 9)))).json().data).toEqual({ status: 'DUPLICATE', deposit_id: first.deposit_id })
      expect(await balanceOf(t, player.token)).toBe(1000)
    })

    it('two transfers in the same minute: the feed cannot tell which notification each is, so it waits UNMATCHED, never a double', async () => {
      const player = await krungsriSender(t)
      const text = krungsri('600.00', player.six, '09:15')
      // The bank sends the same words twice; the phone received them seconds apart: two notifications, two transfers.
      const first = (await post(t, forwarded(text, '09:15', 20))).json().data
      const second = (await post(t, forwarded(text, '09:15', 50))).json().data
      expect([first.status, second.status]).toEqual(['CREDITED', 'CREDITED'])
      const feed = (await postTransfer(t, feedOf(player, 600, at('09:15', 10)))).json().data
      expect(feed.status).toBe('UNMATCHED')
      expect((await depositRow(t, feed.deposit_id)).note).toBe(msg('UNMATCHED_SAME_TRANSFER_UNSURE', { ids: `${first.deposit_id}, ${second.deposit_id}` }))
      expect(await balanceOf(t, player.token)).toBe(1200)
    })

    it('two feed transfers in one minute and then a notification: AMBIGUOUS, nothing stored in deposits', async () => {
      const player = await krungsriSender(t)
      await postTransfer(t, feedOf(player, 650, at('09:15', 5)))
      await postTransfer(t, feedOf(player, 650, at('09:15', 40)))
      expect(await balanceOf(t, player.token)).toBe(1300)
      const res = await post(t, forwarded(krungsri('650.00', player.six, '09:15'), '09:15'))
      expect(res.json().data).toMatchObject({ status: 'AMBIGUOUS', deposit_id: null })
      expect(await t.db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(2)
      expect(await balanceOf(t, player.token)).toBe(1300)
    })

    it('a notification and a feed transfer more than ten minutes apart are two transfers', async () => {
      const player = await krungsriSender(t)
      await post(t, forwarded(krungsri('720.00', player.six, '09:15'), '09:15'))
      expect((await postTransfer(t, feedOf(player, 720, at('09:26')))).json().data.status).toBe('MATCHED')
      expect(await balanceOf(t, player.token)).toBe(1440)
    })
  })
})

describe('outside demo mode without BANK_NOTIFICATION_SECRET', () => {
  const t = useTestApp({ config: PRODUCTION_CONFIG })

  it('refuses every notification (fails closed), even one signed with the demo secret', async () => {
    const fixture = FIXTURES.krungsri[0]!
    const body = { text: fixture.text, sender: fixture.sender, received_at: t.clock.now().toISOString() }
    expect((await post(t, body)).statusCode).toBe(401)
    expect(await t.db.select().from(bankNotifications)).toHaveLength(0)
  })
})
