import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, expectLedgerOk, OPERATOR_ACCOUNT, postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { fakeSlipVerifier, slipFrom } from '../../../test/slips.ts'
import { deposits, draftBills, slipChecks } from '../../db/schema.ts'
import { runJobsOnce, standardJobs } from '../../jobs/runner.ts'

const THAI = /[\u0E00-\u0E7F]/
const fake = fakeSlipVerifier()
// Every slip is counted per player per minute; these tests send many.
const t = useTestApp({ config: { RATE_SLIPS_PER_PLAYER_PER_MINUTE: '10000' }, deps: { slipVerifier: fake.verifier }, verifyLedger: 'end' })

const submit = (payload: unknown, token: string) => t.post('/api/wallet/deposit/slip', { payload }, token)
const depositsOf = async (playerId: number) => t.db.select().from(deposits).where(eq(deposits.playerId, playerId))
const checksOf = async (playerId: number) => t.db.select().from(slipChecks).where(eq(slipChecks.playerId, playerId))

describe('POST /api/wallet/deposit/slip', () => {
  it('credits a verified slip from the player own account into ours, once, and says so in Thai', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 500)
    fake.answer(slip.key, slip.verdict)
    const before = fake.calls

    const res = await submit(slip.payload, player.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'CREDITED', reason: null, amount: 500 })
    expect(res.json().message).toBe('ตรวจสลิปแล้ว เติมเครดิต 500 บาทเข้ากระเป๋าของคุณแล้ว')
    expect(await balanceOf(t, player.token)).toBe(500)

    // Sent again: the same check answers, the verifier is not asked, nothing moves.
    const again = await submit(slip.payload, player.token)
    expect(again.json().data).toMatchObject({ id: res.json().data.id, status: 'CREDITED' })
    expect(fake.calls).toBe(before + 1)
    expect(await balanceOf(t, player.token)).toBe(500)
    const [deposit] = await depositsOf(player.id)
    expect(deposit).toMatchObject({ source: 'SLIP', status: 'MATCHED', senderRef: slip.key, toAccount: OPERATOR_ACCOUNT, amount: 50_000n })
  })

  it('completes the open bill when the amount is the bill amount, and refuses another amount in Thai', async () => {
    const player = await signedInPlayer(t)
    const bill = (await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: null }, player.token)).json().data
    t.clock.advance(30_000)
    const wrong = slipFrom(t, player, 299, (s) => (s.occurredAt = t.clock.now()))
    fake.answer(wrong.key, wrong.verdict)
    const refused = await submit(wrong.payload, player.token)
    expect(refused.json().data).toMatchObject({ status: 'REFUSED', reason: 'AMOUNT_NOT_BILL', amount: 299 })
    expect(refused.json().message).toBe('ยอดเงินในสลิปไม่ตรงกับยอดรายการฝากที่สร้างไว้ จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่')
    expect(await balanceOf(t, player.token)).toBe(0)

    const right = slipFrom(t, player, 300, (s) => (s.occurredAt = t.clock.now()))
    fake.answer(right.key, right.verdict)
    expect((await submit(right.payload, player.token)).json().data).toMatchObject({ status: 'CREDITED' })
    expect(await balanceOf(t, player.token)).toBe(300)
    const [row] = await t.db.select().from(draftBills).where(eq(draftBills.id, bill.payment_id))
    expect(row?.status).toBe('COMPLETED')
  })

  type Player = Awaited<ReturnType<typeof signedInPlayer>>
  it.each<[string, (p: Player) => Parameters<typeof slipFrom>[3], string]>([
    ['paid into another account', () => (s) => (s.receiver = { ...s.receiver, account: 'xxx-x-x9999-x' }), 'RECEIVER'],
    ['paid into an account whose holder has another name', () => (s) => (s.receiver = { ...s.receiver, name: 'นาย โกง' }), 'RECEIVER'],
    ['sent from another account', () => (s) => (s.sender = { ...s.sender, account: 'xxx-x-x0000-x' }), 'SENDER'],
    ['sent by someone else of that account tail', () => (s) => (s.sender = { ...s.sender, name: 'นาย สมปอง ก' }), 'SENDER'],
    ['sent from another bank', () => (s) => (s.sender = { ...s.sender, bankCode: '002' }), 'SENDER'],
    ['older than 24 hours', () => (s) => (s.occurredAt = new Date(t.clock.now().getTime() - 24 * 3_600_000 - 1_000)), 'TOO_OLD'],
    ['timed in the future', () => (s) => (s.occurredAt = new Date(t.clock.now().getTime() + 10 * 60_000)), 'TOO_OLD'],
    ['below the minimum deposit', () => (s) => (s.amount = 9_999n), 'BELOW_MIN'],
  ])('refuses a slip %s, with its reason in Thai, and credits nothing', async (_name, change, reason) => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 500, change(player))
    fake.answer(slip.key, slip.verdict)
    const res = await submit(slip.payload, player.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'REFUSED', reason })
    expect(res.json().message).toMatch(THAI)
    expect(await balanceOf(t, player.token)).toBe(0)
    expect(await depositsOf(player.id)).toHaveLength(0)
  })

  it('refuses a slip made before the open bill was created', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 300, (s) => (s.occurredAt = new Date(t.clock.now().getTime() - 10 * 60_000)))
    fake.answer(slip.key, slip.verdict)
    await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: null }, player.token)
    expect((await submit(slip.payload, player.token)).json().data).toMatchObject({ status: 'REFUSED', reason: 'BEFORE_BILL' })
    expect(await balanceOf(t, player.token)).toBe(0)
  })

  it('refuses a slip the verifier does not know (a forged QR with a valid CRC)', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 500)
    const res = await submit(slip.payload, player.token)
    expect(res.json().data).toMatchObject({ status: 'REFUSED', reason: 'NOT_FOUND' })
    expect(res.json().message).toBe('ธนาคารไม่พบรายการโอนตามสลิปนี้ จึงเติมเครดิตไม่ได้')
  })

  it.each([
    ['a PromptPay QR', '00020101021129370016A000000677010111011300668999999995802TH53037646304FE29'],
    ['a bad CRC', '004000060000010103002021900021231231212000115102TH91049C31'],
    ['trailing data', '004000060000010103002021900021231231212000115102TH91049C30XX'],
    ['words', 'hello'],
  ])('refuses %s before asking anyone, in Thai, storing nothing', async (_name, payload) => {
    const player = await signedInPlayer(t)
    const before = fake.calls
    const res = await submit(payload, player.token)
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe('QR code นี้ไม่ใช่สลิปโอนเงิน หรืออ่านไม่ครบ กรุณาสแกนสลิปจากแอปธนาคารอีกครั้ง')
    expect(fake.calls).toBe(before)
    expect(await checksOf(player.id)).toHaveLength(0)
  })

  it('needs a session and a payload', async () => {
    expect((await t.post('/api/wallet/deposit/slip', { payload: 'x' })).statusCode).toBe(401)
    const player = await signedInPlayer(t)
    expect((await submit('', player.token)).statusCode).toBe(400)
    expect((await submit('x'.repeat(600), player.token)).statusCode).toBe(400)
    expect((await t.post('/api/wallet/deposit/slip', { payload: 'x', amount: 1 }, player.token)).statusCode).toBe(400)
  })
})

describe('one transfer credits once, whichever source comes first (ADR 079)', () => {
  it('slip then feed: the feed report with the reference is a DUPLICATE of the slip credit and completes its facts', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 700)
    fake.answer(slip.key, slip.verdict)
    expect((await submit(slip.payload, player.token)).json().data.status).toBe('CREDITED')
    const feed = await postTransfer(t, transferBody(player, { amount: 700, from_bank_ref: slip.reference }))
    expect(feed.json().data).toMatchObject({ status: 'DUPLICATE' })
    expect(await balanceOf(t, player.token)).toBe(700)
    const [row] = await depositsOf(player.id)
    expect(row).toMatchObject({ source: 'SLIP', fromAccount: player.bankAccount })
    expect(row?.feedAt).not.toBeNull()
  })

  it('slip then feed with another amount: the feed report waits as an exception, nothing more is credited', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 700)
    fake.answer(slip.key, slip.verdict)
    await submit(slip.payload, player.token)
    const feed = await postTransfer(t, transferBody(player, { amount: 7_000, from_bank_ref: slip.reference }))
    expect(feed.json().data).toMatchObject({ status: 'EXCEPTION' })
    expect(await balanceOf(t, player.token)).toBe(700)
  })

  it('feed then slip, credited by the feed to this player: the slip says it is already in the wallet', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 400)
    fake.answer(slip.key, slip.verdict)
    expect((await postTransfer(t, transferBody(player, { amount: 400, from_bank_ref: slip.reference }))).json().data.status).toBe('MATCHED')
    const res = await submit(slip.payload, player.token)
    expect(res.json().data).toMatchObject({ status: 'CREDITED', reason: 'ALREADY_CREDITED' })
    expect(res.json().message).toBe('รายการโอนนี้เข้ากระเป๋าของคุณแล้ว ไม่ต้องส่งสลิปซ้ำ')
    expect(await balanceOf(t, player.token)).toBe(400)
  })

  it('feed then slip, left unmatched by the feed: the slip proves the player and credits the stored transfer', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 450)
    fake.answer(slip.key, slip.verdict)
    const masked = `xxx-x-x${player.bankAccount.slice(5, 9)}-x`
    const feed = await postTransfer(t, transferBody(player, { amount: 450, from_account: masked, from_bank_ref: slip.reference }))
    expect(feed.json().data.status).toBe('UNMATCHED')
    const res = await submit(slip.payload, player.token)
    expect(res.json().data).toMatchObject({ status: 'CREDITED', reason: null, deposit_id: feed.json().data.deposit_id })
    expect(await balanceOf(t, player.token)).toBe(450)
    const [row] = await depositsOf(player.id)
    expect(row).toMatchObject({ source: 'BANK_FEED', status: 'MATCHED', id: feed.json().data.deposit_id })
  })

  it('feed then slip, credited to another member: refused, and the other member keeps it', async () => {
    const owner = await signedInPlayer(t)
    const other = await signedInPlayer(t)
    // The transfer is the other member's, and the feed credited it to them.
    const slip = slipFrom(t, other, 350)
    expect((await postTransfer(t, transferBody(other, { amount: 350, from_bank_ref: slip.reference }))).json().data.status).toBe('MATCHED')
    // A verifier that (wrongly) names `owner` as the sender: the stored transfer still decides.
    const claimed = slipFrom(t, owner, 350)
    fake.answer(slip.key, { outcome: 'VERIFIED', slip: { ...claimed.slip, sendingBank: slip.slip.sendingBank, reference: slip.reference } })
    const res = await submit(slip.payload, owner.token)
    expect(res.json().data).toMatchObject({ status: 'REFUSED', reason: 'CREDITED_TO_OTHER' })
    expect(await balanceOf(t, owner.token)).toBe(0)
    expect(await balanceOf(t, other.token)).toBe(350)
  })

  it('100 concurrent submissions of one slip, racing the feed report of the same transfer, credit exactly once', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 1_000)
    fake.answer(slip.key, slip.verdict)
    const results = await Promise.all([
      ...Array.from({ length: 100 }, () => submit(slip.payload, player.token)),
      ...Array.from({ length: 20 }, () => postTransfer(t, transferBody(player, { amount: 1_000, from_bank_ref: slip.reference }))),
    ])
    for (const res of results) expect(res.statusCode).toBe(200)
    expect(await balanceOf(t, player.token)).toBe(1_000)
    expect(await depositsOf(player.id)).toHaveLength(1)
    expect(await checksOf(player.id)).toHaveLength(1)
    const [check] = await checksOf(player.id)
    expect(check?.status).toBe('CREDITED')
    await expectLedgerOk(t)
  })
})

describe('an unknown answer never credits: retried at 30 s, 2 min, 10 min, then an operator looks', () => {
  const jobs = () =>
    standardJobs({
      clock: t.clock,
      deposits: t.services.deposits,
      seamless: t.services.seamless,
      referral: t.services.referral,
      slips: t.services.slips,
      roundStaleMinutes: 60,
      database: t.database.kind,
    })
  /** One run of the jobs, and the verifier's answers the retry job asks for after its transaction. */
  const retryNow = async () => {
    await runJobsOnce(t.db, jobs())
    await t.services.slips.idle()
  }

  it('keeps asking while the verifier cannot say, then sends the check to manual review', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 500)
    fake.answerWith(slip.key, (ask) => (ask % 2 ? { outcome: 'UNAVAILABLE', code: 'HTTP_503' } : { outcome: 'NOT_YET', code: '1010' }))
    const asked = () => fake.asksOf(slip.key)
    const res = await submit(slip.payload, player.token)
    expect(res.json().data).toMatchObject({ status: 'CHECKING', reason: null })
    expect(res.json().message).toBe('กำลังตรวจสลิปกับธนาคาร ระบบจะตรวจซ้ำให้อัตโนมัติ ยอดจะเข้ากระเป๋าเมื่อยืนยันได้')
    const stepped = async (ms: number) => {
      t.clock.advance(ms - 1_000)
      await retryNow()
      const early = asked()
      t.clock.advance(1_000)
      await retryNow()
      return [early, asked()]
    }
    expect(await stepped(30_000)).toEqual([1, 2])
    expect(await stepped(2 * 60_000)).toEqual([2, 3])
    expect(await stepped(10 * 60_000)).toEqual([3, 4])
    const [check] = await checksOf(player.id)
    expect(check).toMatchObject({ status: 'MANUAL_REVIEW', reason: 'VERIFIER_UNKNOWN', attempts: 4, nextAttemptAt: null })
    t.clock.advance(3_600_000)
    await retryNow()
    expect(asked()).toBe(4)
    expect(await balanceOf(t, player.token)).toBe(0)
    expect((await submit(slip.payload, player.token)).json().message).toBe('ยังยืนยันสลิปนี้อัตโนมัติไม่ได้ เจ้าหน้าที่จะตรวจสอบให้')
  })

  it('does not believe a verifier that answers about another transfer than the one asked', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 500)
    const other = slipFrom(t, player, 500)
    fake.answer(slip.key, other.verdict)
    expect((await submit(slip.payload, player.token)).json().data).toMatchObject({ status: 'CHECKING' })
    expect((await checksOf(player.id))[0]).toMatchObject({ verifierCode: 'OTHER_TRANSFER', attempts: 1 })
    expect(await balanceOf(t, player.token)).toBe(0)
  })

  it('holds no transaction while the verifier is asked again: the embedded database’s one connection serves players meanwhile', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 700)
    let answer: (verdict: typeof slip.verdict) => void = () => {}
    fake.answerWith(slip.key, (ask) => (ask === 1 ? { outcome: 'UNAVAILABLE', code: 'TIMEOUT' } : new Promise((resolve) => (answer = resolve))))
    expect((await submit(slip.payload, player.token)).json().data.status).toBe('CHECKING')
    t.clock.advance(30_000)
    const run = runJobsOnce(t.db, jobs())
    await vi.waitFor(() => expect(fake.asksOf(slip.key)).toBe(2))
    // The verifier has not answered: the player's balance and another player's registration are served all the same,
    // before the call's time-out (a transaction held through the call would have them wait for it, then see it applied).
    expect(await balanceOf(t, player.token)).toBe(0)
    await signedInPlayer(t)
    expect((await checksOf(player.id))[0]).toMatchObject({ status: 'CHECKING', attempts: 1 })
    // The job's next run leaves the check being asked alone (its lease), rather than asking the verifier twice.
    await run
    await runJobsOnce(t.db, jobs())
    expect(fake.asksOf(slip.key)).toBe(2)
    answer(slip.verdict)
    await t.services.slips.idle()
    expect(await balanceOf(t, player.token)).toBe(700)
  }, 30_000)

  it('credits when a retry finds the transfer, and a verifier that throws or hangs is an unknown', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 600)
    fake.answerWith(slip.key, (ask) => {
      if (ask === 1) throw new Error('socket hang up')
      return slip.verdict
    })
    expect((await submit(slip.payload, player.token)).json().data.status).toBe('CHECKING')
    expect(await balanceOf(t, player.token)).toBe(0)
    t.clock.advance(30_000)
    // Other tests' checks may be due too (one database for the file): this one is among them, and is credited.
    expect((await runJobsOnce(t.db, jobs()))['retry-slip-checks']).toBeGreaterThanOrEqual(1)
    await t.services.slips.idle()
    expect(fake.asksOf(slip.key)).toBe(2)
    expect(await balanceOf(t, player.token)).toBe(600)
    expect((await submit(slip.payload, player.token)).json().data).toMatchObject({ status: 'CREDITED', amount: 600 })
  })
})

describe('the back-office slip checks', () => {
  it('lists refused and review items; finance asks again or closes a review item; nobody credits by hand here', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 800)
    fake.answer(slip.key, { outcome: 'UNAVAILABLE', code: 'TIMEOUT' })
    const { id } = (await submit(slip.payload, player.token)).json().data
    await t.db.update(slipChecks).set({ status: 'MANUAL_REVIEW', reason: 'VERIFIER_UNKNOWN', attempts: 4, nextAttemptAt: null }).where(eq(slipChecks.id, id))
    const finance = await signInOperator(t, 'finance')
    const support = await signInOperator(t, 'support')

    const list = (await t.get('/api/backoffice/slips?status=MANUAL_REVIEW', support.token)).json().data
    expect(list.list.find((c: { id: number }) => c.id === id)).toMatchObject({
      reason: 'VERIFIER_UNKNOWN',
      verifier: 'fake',
      mobile: player.mobile,
      attempts: 4,
    })
    expect((await t.post(`/api/backoffice/slips/${id}/recheck`, undefined, support.token)).statusCode).toBe(403)

    // Asked again, still unknown: back in review, nothing credited.
    const again = await t.post(`/api/backoffice/slips/${id}/recheck`, undefined, finance.token)
    expect(again.json().data).toMatchObject({ status: 'MANUAL_REVIEW', attempts: 5 })
    // Asked again once the verifier knows: credited by the same rules.
    fake.answer(slip.key, slip.verdict)
    expect((await t.post(`/api/backoffice/slips/${id}/recheck`, undefined, finance.token)).json().data).toMatchObject({ status: 'CREDITED' })
    expect(await balanceOf(t, player.token)).toBe(800)
    expect((await t.post(`/api/backoffice/slips/${id}/close`, { note: 'ซ้ำ' }, finance.token)).statusCode).toBe(409)
  })

  it('closes a review item with a reason, crediting nothing', async () => {
    const player = await signedInPlayer(t)
    const slip = slipFrom(t, player, 800)
    fake.answer(slip.key, { outcome: 'UNAVAILABLE', code: 'TIMEOUT' })
    const { id } = (await submit(slip.payload, player.token)).json().data
    await t.db.update(slipChecks).set({ status: 'MANUAL_REVIEW', reason: 'VERIFIER_UNKNOWN' }).where(eq(slipChecks.id, id))
    const finance = await signInOperator(t, 'finance')
    expect((await t.post(`/api/backoffice/slips/${id}/close`, { note: '' }, finance.token)).statusCode).toBe(400)
    const closed = await t.post(`/api/backoffice/slips/${id}/close`, { note: 'บันทึกเป็นรายการฝากด้วยตนเองแทน' }, finance.token)
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', close_note: 'บันทึกเป็นรายการฝากด้วยตนเองแทน' })
    expect((await submit(slip.payload, player.token)).json().message).toMatch(/เจ้าหน้าที่ตรวจสอบและปิดรายการ/)
    expect(await balanceOf(t, player.token)).toBe(0)
  })
})
