import { randomUUID } from 'node:crypto'
import type { PlayerLimit, PlayerLimits, SeamlessAnswer } from '@sanam/contract'
import { rollbackBody } from '@sanam/contract/seamless-calls'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, expectLedgerOk, loginPlayer, postTransfer, signedInPlayer, transferBody, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { callSeamless, launch, sendMoney } from '../../../test/seamless.ts'

const t = useTestApp({ verifyLedger: 'each' })
const HOUR = 3_600_000
const id = () => randomUUID()

async function setLimit(token: string, kind: string, value: number | null) {
  return t.post('/api/responsible-play/limits', { kind, value }, token)
}
async function limitOf(token: string, kind: string): Promise<PlayerLimit> {
  const res = await t.get('/api/responsible-play/limits', token)
  expect(res.statusCode).toBe(200)
  return (res.json().data as PlayerLimits).limits.find((l) => l.kind === kind)!
}
/** Moves the clock and signs the player in again (web sessions end after an idle hour). */
async function later(player: SignedInPlayer, ms: number) {
  t.clock.advance(ms)
  player.token = await loginPlayer(t, player)
}
/** The next instant of 00:00 Bangkok time (17:00 UTC) after the clock's now, plus `ms`. */
function nextBangkokMidnight(from: Date) {
  const next = new Date(from)
  next.setUTCHours(17, 0, 0, 0)
  if (next <= from) next.setUTCDate(next.getUTCDate() + 1)
  return next
}
const bill = (player: SignedInPlayer, amount: number) => t.post('/api/wallet/deposit/draft_bill', { amount, promotion: null }, player.token)
const cancelBill = (player: SignedInPlayer) => t.post('/api/wallet/deposit/draft_bill/cancel', {}, player.token)
const transfer = (player: SignedInPlayer, amount: number) => postTransfer(t, transferBody(player, { amount }))

describe('deposit limits', () => {
  it('a first limit applies at once; a draft bill over what is left is refused with the amount left, one within it is taken', async () => {
    const player = await signedInPlayer(t)
    const set = await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    expect(set.statusCode).toBe(200)
    expect(set.json().message).toContain('มีผลทันที')
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ value: 1000, pending: null, used: 0, remaining: 1000 })

    expect((await transfer(player, 700)).json().data.status).toBe('MATCHED')
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ used: 700, remaining: 300 })
    const refused = await bill(player, 500)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'LIMIT_EXCEEDED' })
    expect(refused.json().message).toBe('ยอดฝากนี้เกินวงเงินฝากรายวันที่คุณตั้งไว้ ฝากได้อีก 300 บาท')
    expect((await bill(player, 300)).statusCode).toBe(200)
  })

  it('less than the minimum deposit left: says no deposit is possible until the period resets, and when, not "ฝากได้อีก 50 บาท"', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    expect((await transfer(player, 950)).json().data.status).toBe('MATCHED')
    const refused = await bill(player, 100)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('LIMIT_EXCEEDED')
    const midnight = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(
      nextBangkokMidnight(t.clock.now()),
    )
    expect(refused.json().message).toBe(`วงเงินฝากรายวันที่คุณตั้งไว้เหลือไม่ถึงยอดฝากขั้นต่ำ 100 บาท จึงยังฝากไม่ได้ ฝากได้อีกครั้งตั้งแต่ ${midnight}`)
    expect(refused.json().message).not.toContain('ฝากได้อีก 50')
    // After the reset the limit is whole again.
    await later(player, nextBangkokMidnight(t.clock.now()).getTime() - t.clock.now().getTime())
    expect((await bill(player, 100)).statusCode).toBe(200)
  })

  it('the limit that binds is the one with the least left: a week limit below the day limit names the week', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 5000)
    await setLimit(player.token, 'DEPOSIT_WEEK', 1500)
    await setLimit(player.token, 'DEPOSIT_MONTH', 20000)
    await transfer(player, 1000)
    const refused = await bill(player, 600)
    expect(refused.json().message).toBe('ยอดฝากนี้เกินวงเงินฝากรายสัปดาห์ที่คุณตั้งไว้ ฝากได้อีก 500 บาท')
  })

  it('a bank transfer past the limit is credited in full and flagged for the back-office, which may only acknowledge it', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    await transfer(player, 800)
    const before = await balanceOf(t, player.token)
    const over = await transfer(player, 500)
    expect(over.json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, player.token)).toBe(before + 500)
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ used: 1300, remaining: 0 })

    const finance = await signInOperator(t, 'finance')
    const queue = (await t.get('/api/backoffice/deposit-exceptions?status=OPEN', finance.token)).json().data.list as Array<{
      id: number
      reasons: Array<{ code: string; text: string }>
      existing: { id: number; status: string; mobile: string | null }
    }>
    const flag = queue.find((e) => e.existing.id === over.json().data.deposit_id)
    expect(flag).toBeDefined()
    expect(flag!.existing).toMatchObject({ status: 'MATCHED', mobile: player.mobile })
    expect(flag!.reasons).toEqual([{ code: 'DEPOSIT_LIMIT', text: 'เครดิตให้สมาชิกแล้ว แต่ยอดนี้เกินวงเงินฝากรายวันที่สมาชิกตั้งไว้ 1,000 บาท (ก่อนรายการนี้ฝากได้อีก 200 บาท)' }])

    // Never credited twice: CREDIT is refused, and the balance does not move.
    const credit = await t.post(
      `/api/backoffice/deposit-exceptions/${flag!.id}/resolve`,
      { action: 'CREDIT', mobile: player.mobile, reason: 'ลอง' },
      finance.token,
    )
    expect(credit.statusCode).toBe(409)
    expect(await balanceOf(t, player.token)).toBe(before + 500)
    const dismissed = await t.post(`/api/backoffice/deposit-exceptions/${flag!.id}/resolve`, { action: 'DISMISS', reason: 'โทรแจ้งสมาชิกแล้ว' }, finance.token)
    expect(dismissed.statusCode).toBe(200)
    expect(dismissed.json().data.exception).toMatchObject({ status: 'DISMISSED' })

    // The reconciliation counts the transfer as the credited deposit it is, not as an exception.
    // The transfer's Bangkok day (transferBody's occurred_at).
    const day = '2026-11-22'
    const recon = (await t.get(`/api/backoffice/reconciliation?day=${day}`, finance.token)).json().data
    const differences = (recon.accounts as Array<{ differences: Array<{ exception_id: number | null }> }>).flatMap((a) => a.differences)
    expect(differences.some((d) => d.exception_id === flag!.id)).toBe(false)
  })

  it('a transfer within the limit raises no flag', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    const within = await transfer(player, 1000)
    const finance = await signInOperator(t, 'finance')
    const queue = (await t.get('/api/backoffice/deposit-exceptions?status=OPEN', finance.token)).json().data.list as Array<{ existing: { id: number } }>
    expect(queue.some((e) => e.existing.id === within.json().data.deposit_id)).toBe(false)
  })

  it('a day limit counts the Bangkok day: what was deposited before 00:00 Bangkok time does not count after it', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    t.clock.set(new Date(nextBangkokMidnight(t.clock.now()).getTime() - 60_000))
    player.token = await loginPlayer(t, player)
    await transfer(player, 900)
    expect((await bill(player, 200)).statusCode).toBe(422)
    await later(player, 2 * 60_000) // 00:01 the next Bangkok day
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ used: 0, remaining: 1000 })
    expect((await bill(player, 1000)).statusCode).toBe(200)
    await cancelBill(player)
  })

  it('an increase waits 24 hours and then the player’s confirmation; a decrease applies at once and drops it', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_DAY', 1000)
    const raised = await setLimit(player.token, 'DEPOSIT_DAY', 3000)
    expect(raised.statusCode).toBe(200)
    expect(raised.json().message).toContain('24 ชั่วโมง')
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ value: 1000, pending: { value: 3000, confirmable: false } })
    expect((await bill(player, 2000)).statusCode).toBe(422)
    const early = await t.post('/api/responsible-play/limits/confirm', { kind: 'DEPOSIT_DAY' }, player.token)
    expect(early.statusCode).toBe(422)

    await later(player, 24 * HOUR)
    // 24 hours on, the old limit still holds until the player confirms.
    expect((await bill(player, 2000)).statusCode).toBe(422)
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ value: 1000, pending: { value: 3000, confirmable: true } })
    const confirmed = await t.post('/api/responsible-play/limits/confirm', { kind: 'DEPOSIT_DAY' }, player.token)
    expect(confirmed.statusCode).toBe(200)
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ value: 3000, pending: null })
    expect((await bill(player, 2000)).statusCode).toBe(200)
    await cancelBill(player)

    // Raise again, then lower before it is confirmed: the lower one holds at once and nothing waits.
    await setLimit(player.token, 'DEPOSIT_DAY', 5000)
    const lowered = await setLimit(player.token, 'DEPOSIT_DAY', 500)
    expect(lowered.json().message).toContain('มีผลทันที')
    expect(await limitOf(player.token, 'DEPOSIT_DAY')).toMatchObject({ value: 500, pending: null })
    expect((await bill(player, 600)).json().message).toContain('ฝากได้อีก 500 บาท')
  })

  it('a removal waits too, a pending change may be withdrawn, and one never confirmed lapses', async () => {
    const player = await signedInPlayer(t)
    await setLimit(player.token, 'DEPOSIT_MONTH', 1000)
    await setLimit(player.token, 'DEPOSIT_MONTH', null)
    expect(await limitOf(player.token, 'DEPOSIT_MONTH')).toMatchObject({ value: 1000, pending: { value: null } })
    expect((await t.post('/api/responsible-play/limits/cancel', { kind: 'DEPOSIT_MONTH' }, player.token)).statusCode).toBe(200)
    expect(await limitOf(player.token, 'DEPOSIT_MONTH')).toMatchObject({ value: 1000, pending: null })

    await setLimit(player.token, 'DEPOSIT_MONTH', null)
    await later(player, 24 * HOUR + 8 * 24 * HOUR)
    expect(await limitOf(player.token, 'DEPOSIT_MONTH')).toMatchObject({ value: 1000, pending: null })
    expect((await t.post('/api/responsible-play/limits/confirm', { kind: 'DEPOSIT_MONTH' }, player.token)).statusCode).toBe(422)

    await setLimit(player.token, 'DEPOSIT_MONTH', null)
    await later(player, 24 * HOUR)
    expect((await t.post('/api/responsible-play/limits/confirm', { kind: 'DEPOSIT_MONTH' }, player.token)).statusCode).toBe(200)
    expect(await limitOf(player.token, 'DEPOSIT_MONTH')).toMatchObject({ value: null, pending: null, remaining: null })
  })

  it('refuses bad values with a Thai message and changes nothing', async () => {
    const player = await signedInPlayer(t)
    for (const body of [
      { kind: 'DEPOSIT_DAY', value: 0 },
      { kind: 'DEPOSIT_DAY', value: 10.001 },
      { kind: 'DEPOSIT_DAY', value: '100' },
      { kind: 'LOSS_DAY', value: -5 },
      { kind: 'SESSION_REMINDER', value: 2 },
      { kind: 'SESSION_REMINDER', value: 30.5 },
      { kind: 'BET_DAY', value: 100 },
      { kind: 'DEPOSIT_DAY' },
    ]) {
      const res = await t.post('/api/responsible-play/limits', body, player.token)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
    }
    expect((await setLimit(player.token, 'LOSS_DAY', null)).statusCode).toBe(422)
    expect((await t.get('/api/responsible-play/limits', player.token)).json().data.limits.every((l: { value: unknown }) => l.value === null)).toBe(true)
    expect((await t.get('/api/responsible-play/limits')).statusCode).toBe(401)
  })
})

describe('the daily loss limit at bet time', () => {
  async function gambler(lossLimit: number, cash = 1000) {
    const player = await signedInPlayer(t, {}, { cash })
    await setLimit(player.token, 'LOSS_DAY', lossLimit)
    return { player, session: await launch(t, player.token) }
  }
  const bet = async (session: string, amount: string, round = id(), tx = id()) =>
    (await sendMoney(t, 'bet', { session, round, tx, amount })).json() as SeamlessAnswer

  it('a bet that would take the day’s net loss past the limit is LIMIT_EXCEEDED and moves nothing; wins widen it', async () => {
    const { player, session } = await gambler(100)
    expect((await bet(session, '60.00')).status).toBe('OK')
    const refused = await bet(session, '50.00')
    expect(refused).toMatchObject({ status: 'LIMIT_EXCEEDED', balance: '940.00' })
    expect(await balanceOf(t, player.token)).toBe(940)
    // Exactly up to the limit is allowed.
    const round = id()
    expect((await bet(session, '40.00', round)).status).toBe('OK')
    expect((await bet(session, '0.01')).status).toBe('LIMIT_EXCEEDED')
    // A win is never refused, and it makes room: net loss 100 - 30 = 70.
    expect((await sendMoney(t, 'win', { session, round, tx: id(), amount: '30.00' })).json().status).toBe('OK')
    expect((await bet(session, '30.00')).status).toBe('OK')
    expect((await bet(session, '1.00')).status).toBe('LIMIT_EXCEEDED')
    expect(await limitOf(player.token, 'LOSS_DAY')).toMatchObject({ value: 100, used: 100, remaining: 0 })
  })

  it('over the limit, wins and rollbacks still settle; a refused bet replays its refusal', async () => {
    const { player, session } = await gambler(50)
    const round = id()
    const betTx = id()
    expect((await bet(session, '50.00', round, betTx)).status).toBe('OK')
    const refusedRound = id()
    const refusedTx = id()
    const refused = await bet(session, '10.00', refusedRound, refusedTx)
    expect(refused.status).toBe('LIMIT_EXCEEDED')
    expect(await bet(session, '10.00', refusedRound, refusedTx)).toEqual(refused)
    // A win in the limit-reaching round is paid.
    expect((await sendMoney(t, 'win', { session, round, tx: id(), amount: '20.00' })).json()).toMatchObject({ status: 'OK', balance: '970.00' })
    // A rollback of the bet refunds it, and the bet stops counting: the day is 20 ahead.
    const rolled = await callSeamless(t, 'pgsoft', 'rollback', rollbackBody({ session, round, tx: id(), ref: betTx }))
    expect(rolled.json()).toMatchObject({ status: 'OK', balance: '1020.00' })
    expect(await limitOf(player.token, 'LOSS_DAY')).toMatchObject({ used: -20, remaining: 70 })
    expect((await bet(session, '70.00')).status).toBe('OK')
    expect(await balanceOf(t, player.token)).toBe(950)
  })

  it('bets sent at once, decided in one batch, stop exactly at the limit', async () => {
    const { player, session } = await gambler(100)
    const answers = await Promise.all(Array.from({ length: 6 }, () => bet(session, '30.00')))
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(3)
    expect(answers.filter((a) => a.status === 'LIMIT_EXCEEDED')).toHaveLength(3)
    expect(await balanceOf(t, player.token)).toBe(910)
    await expectLedgerOk(t)
  })

  it('the next Bangkok day starts afresh', async () => {
    const { player, session } = await gambler(100)
    expect((await bet(session, '100.00')).status).toBe('OK')
    expect((await bet(session, '10.00')).status).toBe('LIMIT_EXCEEDED')
    t.clock.set(nextBangkokMidnight(t.clock.now()))
    player.token = await loginPlayer(t, player)
    const fresh = await launch(t, player.token)
    expect((await bet(fresh, '100.00')).status).toBe('OK')
  })

  it('raising the loss limit waits 24 hours like a deposit limit; lowering it binds the next bet', async () => {
    const { player, session } = await gambler(500)
    await setLimit(player.token, 'LOSS_DAY', 1000)
    expect(await limitOf(player.token, 'LOSS_DAY')).toMatchObject({ value: 500, pending: { value: 1000 } })
    await setLimit(player.token, 'LOSS_DAY', 20)
    expect((await bet(session, '30.00')).status).toBe('LIMIT_EXCEEDED')
  })
})

describe('the session reminder', () => {
  async function signedInWithReminder(minutes: number) {
    const player = await signedInPlayer(t, {}, { cash: 500 })
    expect((await setLimit(player.token, 'SESSION_REMINDER', minutes)).statusCode).toBe(200)
    return player
  }
  const reminder = async (token: string) => (await t.get('/api/responsible-play/session', token)).json().data
  const launchGame = (token: string) => t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' }, token)

  it('is owed N minutes after sign-in with the time played and the net result; launches wait for the acknowledgement', async () => {
    const player = await signedInWithReminder(30)
    const started = t.clock.now().toISOString()
    expect(await reminder(player.token)).toMatchObject({ started_at: started, every_minutes: 30, due: false, due_in_seconds: 1800, net_result: 0 })
    const session = await launch(t, player.token)
    const round = id()
    await sendMoney(t, 'bet', { session, round, tx: id(), amount: '50.00' })
    await sendMoney(t, 'win', { session, round, tx: id(), amount: '20.00' })

    t.clock.advance(30 * 60_000)
    expect(await reminder(player.token)).toMatchObject({ minutes_played: 30, net_result: -30, due: true, due_in_seconds: 0 })
    const refused = await launchGame(player.token)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'SESSION_REMINDER_DUE' })
    // The reminder is about the player: it is the answer before anything about the game (here one in maintenance).
    const closed = await t.post('/api/portal/launch', { provider_id: 'evo', lang: 'th', game_code: 'monopoly_board_live' }, player.token)
    expect(closed.json()).toMatchObject({ code: 'SESSION_REMINDER_DUE' })

    const acknowledged = await t.post('/api/responsible-play/session/acknowledge', {}, player.token)
    expect(acknowledged.statusCode).toBe(200)
    expect(acknowledged.json().data).toMatchObject({ due: false, due_in_seconds: 1800, minutes_played: 30 })
    expect((await launchGame(player.token)).statusCode).toBe(200)
    t.clock.advance(30 * 60_000)
    expect(await reminder(player.token)).toMatchObject({ due: true, minutes_played: 60 })
  })

  it('a new sign-in is a new session; without a reminder nothing is owed', async () => {
    const player = await signedInWithReminder(15)
    t.clock.advance(16 * 60_000)
    expect((await reminder(player.token)).due).toBe(true)
    const fresh = await loginPlayer(t, player)
    expect(await reminder(fresh)).toMatchObject({ due: false, minutes_played: 0, due_in_seconds: 900 })

    const other = await signedInPlayer(t)
    t.clock.advance(5 * HOUR)
    const other2 = await loginPlayer(t, other)
    t.clock.advance(50 * 60_000)
    expect(await reminder(other2)).toMatchObject({ every_minutes: null, due: false, due_in_seconds: null })
    expect((await launchGame(other2)).statusCode).toBe(200)
  })

  it('a longer interval waits 24 hours; a shorter one applies at once', async () => {
    const player = await signedInWithReminder(60)
    await setLimit(player.token, 'SESSION_REMINDER', 120)
    expect(await limitOf(player.token, 'SESSION_REMINDER')).toMatchObject({ value: 60, pending: { value: 120 }, used: null })
    await setLimit(player.token, 'SESSION_REMINDER', 15)
    expect((await reminder(player.token)).every_minutes).toBe(15)
  })
})
