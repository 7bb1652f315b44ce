import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { balanceOf, bankSignature, bearer, fund, postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { rowsOf } from '../../db/rows.ts'
import { deposits, draftBills } from '../../db/schema.ts'
import { msg } from '@sanam/contract'
import { DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signBody } from '@sanam/contract/signing'
import { sameTransferLookup } from './deposits.repository.ts'
import { parsePromptPay, verifyPayloadCrc } from './promptpay.ts'

const t = useTestApp({ verifyLedger: 'end' })

describe('deposit config and operator account', () => {
  it('answers the minimum and the account to pay, with a Thai QR payload that passes its CRC', async () => {
    const { token } = await signedInPlayer(t)
    expect((await t.get('/api/wallet/deposit/config', token)).json().data).toEqual({ min_amount: 100 })
    const bank = (await t.get('/api/wallet/deposit/bank', token)).json().data
    expect(bank).toMatchObject({ code: '014', name: 'บจก. สนาม เดโม', address: '4071234567' })
    expect(verifyPayloadCrc(bank.qrcode)).toBe(true)
    expect(parsePromptPay(bank.qrcode)?.target).toEqual({ type: 'MSISDN', id: '0899999999' })
  })

  it('needs a session', async () => {
    expect((await t.get('/api/wallet/deposit/bank')).statusCode).toBe(401)
  })
})

describe('POST /api/wallet/deposit/draft_bill', () => {
  it('creates one live bill with a QR for its amount, refuses a second, and allows a new one after 180 s', async () => {
    const { token } = await signedInPlayer(t)
    const create = (amount: unknown, promotion: unknown = null) => t.post('/api/wallet/deposit/draft_bill', { amount, promotion }, token)
    const first = await create(300)
    expect(first.statusCode).toBe(200)
    const bill = first.json().data
    expect(bill.payment_information).toMatchObject({
      bank_code: '014',
      bank_name: 'ธนาคารไทยพาณิชย์',
      bank_account_name: 'บจก. สนาม เดโม',
      bank_address: '4071234567',
    })
    expect(parsePromptPay(bill.payment_information.bank_qrcode)?.amount).toBe(30_000n)
    expect(first.json().message).toBe('สร้างรายการฝากเงินสำเร็จ')

    const second = await create(300)
    expect(second.statusCode).toBe(409)

    t.clock.advance(180_000)
    expect((await create(200)).statusCode).toBe(200)
  })

  it('can be cancelled, freeing the player to make another', async () => {
    const { token } = await signedInPlayer(t)
    const create = () => t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, token)
    expect((await create()).statusCode).toBe(200)
    const cancel = await t.post('/api/wallet/deposit/draft_bill/cancel', undefined, token)
    expect(cancel.json()).toMatchObject({ success: true, message: 'ยกเลิกโปรโมชั่นแล้ว' })
    expect((await create()).statusCode).toBe(200)
  })

  it.each([
    ['below the minimum', { amount: 99.99, promotion: null }, 422],
    ['an unknown promotion', { amount: 500, promotion: 999_999 }, 422],
    ['amount as a string', { amount: '500', promotion: null }, 400],
    ['a negative amount', { amount: -5, promotion: null }, 400],
    ['zero', { amount: 0, promotion: null }, 400],
    ['three decimals', { amount: 100.001, promotion: null }, 400],
    ['a huge amount', { amount: 1e12, promotion: null }, 400],
    ['no amount', { promotion: null }, 400],
    ['an extra field', { amount: 100, promotion: null, player_id: 1 }, 400],
  ])('refuses %s and stores nothing', async (_name, payload, status) => {
    const { token, ...player } = await signedInPlayer(t)
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/deposit/draft_bill', headers: bearer(token), payload })
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
    expect(await t.db.select().from(draftBills).where(eq(draftBills.playerId, player.id))).toHaveLength(0)
  })

  it('refuses 1e309 written in the raw JSON', async () => {
    const { token } = await signedInPlayer(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/draft_bill',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"amount": 1e309, "promotion": null}',
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('GET /api/wallet/deposit/draft_bill: the open bill, so a reload shows it again (ADR 071)', () => {
  const open = (token: string) => t.get('/api/wallet/deposit/draft_bill', token)

  it('answers null without a bill, then the live bill as it was created: amount, promotion, account, QR, seconds left', async () => {
    const { token } = await signedInPlayer(t)
    expect((await open(token)).json()).toEqual({ success: true, data: null })
    const promotion = await makePromotion(t.db, { rules: [{ type: 'MIN_DEPOSIT', value: 300 }] })
    const created = (await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: promotion.id }, token)).json().data
    expect(created).toMatchObject({ status: 'LIVE', amount: 300, promotion_id: promotion.id, seconds_left: 180 })

    t.clock.advance(61_500)
    const res = await open(token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ ...created, seconds_left: 119 })
    expect(parsePromptPay(res.json().data.payment_information.bank_qrcode)?.amount).toBe(30_000n)
  })

  it("is the player's own: another player's bill is never answered, and it needs a session", async () => {
    const owner = await signedInPlayer(t)
    const other = await signedInPlayer(t)
    expect((await t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, owner.token)).statusCode).toBe(200)
    expect((await open(other.token)).json().data).toBeNull()
    expect((await open(owner.token)).json().data).toMatchObject({ status: 'LIVE', amount: 100 })
    expect((await t.get('/api/wallet/deposit/draft_bill')).statusCode).toBe(401)
  })

  it('says EXPIRED once its time ran out, while a transfer still completes it; then null', async () => {
    const { token } = await signedInPlayer(t)
    const created = (await t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, token)).json().data
    t.clock.advance(180_000)
    expect((await open(token)).json().data).toMatchObject({ payment_id: created.payment_id, status: 'EXPIRED', seconds_left: 0 })
    // A new bill takes its place, and a cancelled one is not open.
    expect((await t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, token)).statusCode).toBe(200)
    expect((await open(token)).json().data).toMatchObject({ status: 'LIVE' })
    await t.post('/api/wallet/deposit/draft_bill/cancel', undefined, token)
    expect((await open(token)).json().data).toBeNull()
  })

  it('past the grace an expired bill is no longer answered; a completed one never is', async () => {
    const { token, ...player } = await signedInPlayer(t)
    await t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, token)
    t.clock.advance(180_000 + 600_000)
    expect((await open(token)).json().data).toBeNull()

    await t.post('/api/wallet/deposit/draft_bill', { amount: 200, promotion: null }, token)
    expect((await postTransfer(t, transferBody(player, { amount: 200 }))).json().data.status).toBe('MATCHED')
    expect((await open(token)).json().data).toBeNull()
  })
})

describe('POST /api/bank/transfers', () => {
  it('credits the one player whose bank and full account match, once, and completes the live bill', async () => {
    const { token, ...player } = await signedInPlayer(t)
    await t.post('/api/wallet/deposit/draft_bill', { amount: 500, promotion: null }, token)
    const body = transferBody(player, { amount: 500 })
    const res = await postTransfer(t, body)
    expect(res.statusCode).toBe(200)
    const { status, deposit_id } = res.json().data
    expect(status).toBe('MATCHED')
    expect(await balanceOf(t, token)).toBe(500)
    const [bill] = await t.db.select().from(draftBills).where(eq(draftBills.playerId, player.id))
    expect(bill).toMatchObject({ status: 'COMPLETED', depositId: deposit_id })

    // A replay answers the first result and credits nothing.
    const replay = await postTransfer(t, body)
    expect(replay.json().data).toEqual({ status: 'MATCHED', deposit_id })
    expect(await balanceOf(t, token)).toBe(500)

    // The same external id with another amount is a different transfer: never a silent DUPLICATE, it waits as an
    // exception beside the first record, and nothing moves (ADR 035).
    const forged = await postTransfer(t, { ...body, amount: 5000 })
    expect(forged.json().data).toEqual({ status: 'EXCEPTION', deposit_id, exception_id: expect.any(Number) })
    expect(await balanceOf(t, token)).toBe(500)
  })

  it('matches a masked account by its tail and the name, and leaves ambiguous ones for the back-office', async () => {
    const a = await signedInPlayer(t, { bankCode: '004', bankAccount: '1112223334', firstname: 'สมปอง', surname: 'ดีใจ' })
    const b = await signedInPlayer(t, { bankCode: '004', bankAccount: '9992223334', firstname: 'สมศักดิ์', surname: 'ใจดี' })
    const masked = (name?: string) => transferBody({ bankCode: '004', bankAccount: 'xxx-x-x2333-x' }, { amount: 120, ...(name ? { from_name: name } : {}) })

    const byName = await postTransfer(t, masked('นาย สมปอง ด'))
    expect(byName.json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, a.token)).toBe(120)

    const noName = await postTransfer(t, masked())
    expect(noName.json().data.status).toBe('UNMATCHED')
    expect(await balanceOf(t, a.token)).toBe(120)
    expect(await balanceOf(t, b.token)).toBe(0)
  })

  it('leaves a masked account without a sender name unmatched, even when only one player has that tail', async () => {
    const { token } = await signedInPlayer(t, { bankCode: '006', bankAccount: '5556667771', firstname: 'สมใจ', surname: 'ทดลอง' })
    const masked = (name?: string) =>
      transferBody({ bankCode: '006', bankAccount: 'xxx-x-x6777-x' }, { amount: 150, ...(name !== undefined ? { from_name: name } : {}) })

    for (const name of [undefined, '', 'นาย']) {
      const res = await postTransfer(t, masked(name))
      expect(res.json().data.status).toBe('UNMATCHED')
    }
    expect(await balanceOf(t, token)).toBe(0)
    const queue = await t.db.select().from(deposits).where(eq(deposits.fromAccount, 'xxx-x-x6777-x'))
    expect(queue.map((d) => d.status)).toEqual(['UNMATCHED', 'UNMATCHED', 'UNMATCHED'])

    expect((await postTransfer(t, masked('นางสาว สมใจ ท'))).json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, token)).toBe(150)
  })

  it('stores a transfer from an unknown account as UNMATCHED without crediting anyone', async () => {
    const res = await postTransfer(t, transferBody({ bankCode: '002', bankAccount: '5550001112' }, { amount: 42.5 }))
    expect(res.json().data.status).toBe('UNMATCHED')
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, res.json().data.deposit_id))
    expect(row).toMatchObject({ status: 'UNMATCHED', playerId: null, creditedAt: null })
  })

  it('leaves a transfer to an account that is not ours unmatched', async () => {
    const { token, ...player } = await signedInPlayer(t)
    const res = await postTransfer(t, transferBody(player, { to_account: '9999999999' }))
    expect(res.json().data.status).toBe('UNMATCHED')
    expect(await balanceOf(t, token)).toBe(0)
  })

  it.each([
    ['no signature', null],
    ['a wrong signature', `sha256=${'0'.repeat(64)}`],
    ['a signature with another secret', 'other'],
    ['a malformed header', 'md5=abc'],
  ])('answers 401 to %s and stores nothing', async (_name, signature) => {
    const { token, ...player } = await signedInPlayer(t)
    const body = transferBody(player)
    const raw = JSON.stringify(body)
    const header = signature === 'other' ? bankSignature(t, raw, { secret: 'another-secret-that-is-long' }) : signature
    const res = await postTransfer(t, body, header)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('BAD_SIGNATURE')
    expect(await t.db.select().from(deposits).where(eq(deposits.externalId, body.external_id))).toHaveLength(0)
    expect(await balanceOf(t, token)).toBe(0)
  })

  it('refuses a transfer signed more than 5 minutes off, for another path, or over the body only (ADR 015), and stores nothing', async () => {
    const { token, ...player } = await signedInPlayer(t)
    const body = transferBody(player)
    const raw = JSON.stringify(body)
    const now = t.clock.now().getTime()
    const stale = await postTransfer(t, body, bankSignature(t, raw, { at: new Date(now - 5 * 60_000 - 1000) }))
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toMatchObject({ success: false, code: 'SIGNATURE_EXPIRED' })
    expect((await postTransfer(t, body, bankSignature(t, raw, { at: new Date(now + 6 * 60_000) }))).json().code).toBe('SIGNATURE_EXPIRED')
    expect((await postTransfer(t, body, bankSignature(t, raw, { path: '/api/bank/other' }))).json().code).toBe('BAD_SIGNATURE')
    expect((await postTransfer(t, body, { 'x-signature': signBody(DEMO_BANK_WEBHOOK_SECRET, raw) })).json().code).toBe('BAD_SIGNATURE')
    const { 'x-signature': signature } = bankSignature(t, raw)
    expect((await postTransfer(t, body, { 'x-signature': signature!, 'x-timestamp': 'yesterday' })).json().code).toBe('BAD_SIGNATURE')
    expect(await t.db.select().from(deposits).where(eq(deposits.externalId, body.external_id))).toHaveLength(0)
    expect(await balanceOf(t, token)).toBe(0)
    // Four minutes off is inside the window.
    expect((await postTransfer(t, body, bankSignature(t, raw, { at: new Date(now - 4 * 60_000) }))).json().data.status).toBe('MATCHED')
  })

  it('checks the signature against the exact bytes: a re-serialised body does not pass', async () => {
    const player = await signedInPlayer(t)
    const body = transferBody(player)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bank/transfers',
      headers: { 'content-type': 'application/json', ...bankSignature(t, JSON.stringify(body)) },
      payload: JSON.stringify(body, null, 2),
    })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['amount as a string', { amount: '500' }],
    ['negative amount', { amount: -1 }],
    ['0.001', { amount: 0.001 }],
    ['unknown bank', { from_bank_code: '999' }],
    ['bad date', { occurred_at: 'yesterday' }],
    ['missing external id', { external_id: undefined }],
  ])('refuses a signed body with %s (400, nothing stored)', async (_name, change) => {
    const { token, ...player } = await signedInPlayer(t)
    const body = transferBody(player, change)
    const res = await postTransfer(t, body)
    expect(res.statusCode).toBe(400)
    expect(await balanceOf(t, token)).toBe(0)
  })
})

// ADR 080, amended: a feed report looks for the same transfer among those no feed report has claimed yet. Through the
// index of every transfer by amount and time it read each transfer of its amount in the ±10 minutes, most of them the
// feed's own, so on a busy account each report of a common amount cost more than the last (the bench's deposits, all
// of one amount, doubled their PostgreSQL time in four rounds). A test database is tiny, so the planner would rather
// scan; forbidding that shows which index each lookup takes.
it('looks up the bank feed’s same transfer among the transfers no feed report has claimed, through their own index', async () => {
  const planOf = (reportedBy: 'feed' | 'notification') =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const lookup = sameTransferLookup(tx, { toAccountDigits: '1234567890', amount: 100_000n, from: new Date(0), to: new Date(), reportedBy })
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${lookup}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n')
    })
  expect(await planOf('feed')).toContain('deposits_same_transfer_unfed_idx')
  // A notification looks among what the feed reported: the index of every transfer serves it.
  expect(await planOf('notification')).toContain('deposits_same_transfer_idx')
})

describe('the slip check: GET …/status/:userId/cursor, then POST /api/wallet/deposit/status/:userId', () => {
  const slipCheck = async (player: { id: number }, token: string) => {
    const begun = await t.get(`/api/wallet/deposit/status/${player.id}/cursor`, token)
    expect(begun.statusCode).toBe(200)
    const { after } = begun.json<{ data: { after: number | null } }>().data
    return { after, poll: () => t.post(`/api/wallet/deposit/status/${player.id}`, { after }, token) }
  }

  it('is 404 until a deposit is credited after the check began, then answers it', async () => {
    const { token, ...player } = await signedInPlayer(t)
    await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: null }, token)
    const check = await slipCheck(player, token)
    expect(check.after).toBeNull()
    expect((await check.poll()).statusCode).toBe(404)
    t.clock.advance(30_000)
    const id = await fund(t, player, 300)
    const res = await check.poll()
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ deposit_id: id, amount: 300 })

    // The next check begins after that deposit: it does not count again.
    const next = await slipCheck(player, token)
    expect(next.after).toBe(id)
    expect((await next.poll()).statusCode).toBe(404)
  })

  it('never takes a deposit credited before the check began for this one, whatever the clocks say', async () => {
    const { token, ...player } = await signedInPlayer(t)
    // Credited a moment ago, 5 minutes' worth of a slow phone clock: the old check trusted the phone and reported it.
    const earlier = await fund(t, player, 300)
    t.clock.advance(1000)
    const check = await slipCheck(player, token)
    expect(check.after).toBe(earlier)
    expect((await check.poll()).statusCode).toBe(404)
    t.clock.advance(10_000)
    const id = await fund(t, player, 500)
    expect((await check.poll()).json().data).toMatchObject({ deposit_id: id, amount: 500 })
  })

  it('looks at most 15 minutes back', async () => {
    const { token, ...player } = await signedInPlayer(t)
    const check = await slipCheck(player, token)
    await fund(t, player, 150)
    t.clock.advance(15 * 60_000 + 1000)
    expect((await check.poll()).statusCode).toBe(404)
  })

  it.each([
    ['missing', {}],
    ['not a number', { after: '12' }],
    ['a fraction', { after: 1.5 }],
    ['negative', { after: -1 }],
    ['huge', { after: 1e300 }],
    ['with an extra field', { after: null, since: new Date().toISOString() }],
  ])('refuses a cursor that is %s (400, in Thai)', async (_name, payload) => {
    const { token, ...player } = await signedInPlayer(t)
    const res = await t.post(`/api/wallet/deposit/status/${player.id}`, payload, token)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
  })

  it("refuses another player's deposit as the cursor, another player's id with 403 and a bad id with 400", async () => {
    const { token, ...player } = await signedInPlayer(t)
    const other = await signedInPlayer(t)
    const theirs = await fund(t, other, 100)
    const pointed = await t.post(`/api/wallet/deposit/status/${player.id}`, { after: theirs }, token)
    expect(pointed.statusCode).toBe(400)
    expect(pointed.json().message).toBe(msg('DEPOSIT_CHECK_CURSOR_INVALID'))
    expect((await t.post(`/api/wallet/deposit/status/${other.id}`, { after: null }, token)).statusCode).toBe(403)
    expect((await t.get(`/api/wallet/deposit/status/${other.id}/cursor`, token)).statusCode).toBe(403)
    expect((await t.post('/api/wallet/deposit/status/abc', { after: null }, token)).statusCode).toBe(400)
  })
})

describe('GET /api/dev/bank-account (demo feed helper)', () => {
  it('tells the registered account to a caller on this machine only', async () => {
    const player = await signedInPlayer(t)
    const local = await t.get(`/api/dev/bank-account?mobile=${player.mobile}`)
    expect(local.json().data).toEqual({ bank_code: player.bankCode, bank_account: player.bankAccount, to_account: '4071234567' })
    const remote = await t.app.inject({ method: 'GET', url: `/api/dev/bank-account?mobile=${player.mobile}`, remoteAddress: '203.0.113.7' })
    expect(remote.statusCode).toBe(404)
    expect(remote.body).not.toContain(player.bankAccount)
  })
})
