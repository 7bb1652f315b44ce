import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { fund, postTransfer, signedInPlayer, transferBody, type SignedInPlayer } from '../../../test/money.ts'
import { fakeLineAddress, outboxMessagesOf } from '../../../test/notices.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 38 §1, ADR 087: each notice is written once, in its event's transaction, by the channels the Thai rules allow:
// LINE when the player linked it and chose the notice; SMS only for a payout's status and the exclusion's own notice;
// nothing at all to an excluded player but that notice.

const line = fakeLineAddress(() => t.clock.now())
const t = useTestApp({ config: { WITHDRAW_ONE_PENDING: 'false' }, deps: { lineAddress: line.address } })
let finance: { token: string }
// A fresh session for each test: the limits' test moves the clock a day, past an operator's idle limit.
beforeEach(async () => {
  finance = await signInOperator(t, 'finance')
})

/** A signed-in player with cash, linked to LINE when asked (every notice chosen), and where their messages go. */
async function player(options: { cash?: number; linked?: boolean } = {}) {
  const p = await signedInPlayer(t, {}, { cash: options.cash ?? 0 })
  const lineUser = options.linked ? line.link(p.id) : `U-not-linked-${p.id}`
  return { ...p, lineUser, messages: () => outboxMessagesOf(t.db, [p.mobile, lineUser]) }
}
const withdraw = async (p: SignedInPlayer, amount: number) => {
  const res = await t.post('/api/wallet/withdraw', { amount }, p.token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}
const approve = (id: number) => t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: `REF-${id}` }, finance.token)
const reject = (id: number) => t.post(`/api/backoffice/withdrawals/${id}/reject`, { reason: 'ชื่อบัญชีไม่ตรง' }, finance.token)
const exclude = (p: SignedInPlayer, period: string) => t.post('/api/user/@me/exclusion', { period, confirm: true }, p.token)
const setLimit = (p: SignedInPlayer, kind: string, value: number | null) => t.post('/api/responsible-play/limits', { kind, value }, p.token)

describe('a deposit credited', () => {
  it('goes to LINE once, never by SMS, however often the bank feed reports the transfer', async () => {
    const p = await player({ linked: true })
    const body = transferBody(p, { amount: 500 })
    expect((await postTransfer(t, body)).json().data.status).toBe('MATCHED')
    await postTransfer(t, body)
    expect(await p.messages()).toEqual([{ channel: 'line', recipient: p.lineUser, template: 'NOTICE_DEPOSIT_CREDITED' }])
  })

  it('is not sent at all to a player who has not linked LINE (SMS does not carry it)', async () => {
    const p = await player()
    await fund(t, p, 300)
    expect(await p.messages()).toEqual([])
  })

  it('is not sent to a player who linked LINE but did not choose it', async () => {
    const p = await player()
    const user = line.link(p.id, ['payout_paid'])
    await fund(t, p, 300)
    expect(await outboxMessagesOf(t.db, [p.mobile, user])).toEqual([])
  })
})

describe("a payout's status", () => {
  it.each([
    ['paid', approve, 'NOTICE_PAYOUT_PAID'],
    ['refused', reject, 'NOTICE_PAYOUT_REFUSED'],
  ] as const)('%s: by SMS to the player, and by LINE when linked, once', async (_outcome, decide, template) => {
    const p = await player({ cash: 1_000, linked: true })
    const id = await withdraw(p, 400)
    expect((await decide(id)).statusCode).toBe(200)
    expect((await decide(id)).statusCode).toBe(200) // a retried click: the same decision, nothing more
    const after = (await p.messages()).filter((m) => m.template !== 'NOTICE_DEPOSIT_CREDITED')
    expect(after).toEqual([
      { channel: 'line', recipient: p.lineUser, template },
      { channel: 'sms', recipient: p.mobile, template },
    ])
  })

  it('goes by SMS alone to a player without LINE', async () => {
    const p = await player({ cash: 1_000 })
    await approve(await withdraw(p, 300))
    expect(await p.messages()).toEqual([{ channel: 'sms', recipient: p.mobile, template: 'NOTICE_PAYOUT_PAID' }])
  })
})

describe('limits', () => {
  it('a limit set, a raise asked and the raise taking effect each reach LINE once, never SMS', async () => {
    const p = await player({ linked: true })
    expect((await setLimit(p, 'DEPOSIT_DAY', 1_000)).statusCode).toBe(200)
    expect((await setLimit(p, 'DEPOSIT_DAY', 5_000)).statusCode).toBe(200)
    expect((await p.messages()).map((m) => [m.channel, m.template])).toEqual([
      ['line', 'NOTICE_LIMIT_APPLIED'],
      ['line', 'NOTICE_LIMIT_PENDING'],
    ])
    t.clock.advance(24 * 3_600_000 + 1_000)
    expect((await t.post('/api/responsible-play/limits/confirm', { kind: 'DEPOSIT_DAY' }, p.token)).statusCode).toBe(200)
    expect((await p.messages()).map((m) => m.template)).toEqual(['NOTICE_LIMIT_APPLIED', 'NOTICE_LIMIT_PENDING', 'NOTICE_LIMIT_APPLIED'])
  })

  it('the session reminder is no money limit: nothing is sent', async () => {
    const p = await player({ linked: true })
    expect((await setLimit(p, 'SESSION_REMINDER', 60)).statusCode).toBe(200)
    expect(await p.messages()).toEqual([])
  })
})

describe('a time-out or self-exclusion', () => {
  it('is confirmed by SMS (a protection notice) and LINE, and afterwards nothing else reaches the player', async () => {
    const p = await player({ cash: 1_000, linked: true })
    const id = await withdraw(p, 300)
    const excluded = await exclude(p, '6M')
    expect(excluded.statusCode, excluded.body).toBe(200)
    // (The player was funded before linking LINE: no deposit notice.)
    expect(await p.messages()).toEqual([
      { channel: 'line', recipient: p.lineUser, template: 'NOTICE_EXCLUSION' },
      { channel: 'sms', recipient: p.mobile, template: 'NOTICE_EXCLUSION' },
    ])
    // Their withdrawal refused, a deposit of theirs credited: nothing.
    expect((await reject(id)).statusCode).toBe(200)
    await fund(t, p, 200)
    expect(await p.messages()).toHaveLength(2)
  })
})
