import { randomUUID } from 'node:crypto'
import { bangkokDay } from '@sanam/contract/bangkok'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { balanceOf, bearer, expectLedgerOk, loginPlayer, postTransfer, transferBody } from '../../../test/money.ts'
import { auditLog, deposits } from '../../db/schema.ts'
import { operatorForFile, signInOperator } from '../../../test/operators.ts'

const t = useTestApp()
// Only finance decides money (ADR 036).
const operator = operatorForFile(t, 'finance')

describe('unmatched deposits', () => {
  it('lists an unmatched transfer, assigns it to the player who sent it once, and audits it', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    // From the player's own account, to an account that is not one of ours: left for an operator.
    const { deposit_id } = (await postTransfer(t, transferBody(player, { amount: 250.75, to_account: '9990001112' }))).json().data

    const list = (await t.get('/api/backoffice/deposits/unmatched', operator.token)).json().data
    expect(list.list.find((d: { id: number }) => d.id === deposit_id)).toMatchObject({
      amount: 250.75,
      from_bank_code: player.bankCode,
      note: 'โอนเข้าบัญชีที่ไม่ใช่บัญชีของระบบ',
    })

    const assign = () => t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: player.mobile }, operator.token)
    const res = await assign()
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ deposit_id, player_id: player.id, amount: 250.75, status: 'APPLIED' })
    expect(await balanceOf(t, token)).toBe(250.75)
    expect((await assign()).statusCode).toBe(409)
    expect(await balanceOf(t, token)).toBe(250.75)

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.assign'))
    expect(audit.find((a) => a.targetId === String(deposit_id))).toMatchObject({
      before: { status: 'UNMATCHED' },
      after: { status: 'ASSIGNED', player_id: player.id },
    })
    const after = (await t.get('/api/backoffice/deposits/unmatched', operator.token)).json().data
    expect(after.list.some((d: { id: number }) => d.id === deposit_id)).toBe(false)
  })

  it('refuses an unknown phone or deposit and changes nothing', async () => {
    const { deposit_id } = (await postTransfer(t, transferBody({ bankCode: '030', bankAccount: '0001119999' }))).json().data
    const res = await t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: '0899990000' }, operator.token)
    expect(res.statusCode).toBe(404)
    const missing = await t.post('/api/backoffice/deposits/99999999/assign', { mobile: '0899990000' }, operator.token)
    expect(missing.statusCode).toBe(404)
  })
})

describe('manual deposits', () => {
  it('waits for a second operator.token, then credits the player and shows in their history', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/deposits/manual',
      headers: bearer(operator.token),
      payload: { mobile: player.mobile, amount: 1000, bank_ref: `ref-${randomUUID()}`, note: 'สลิปยืนยันทางไลน์' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'PENDING', approval: { reasons: [{ code: 'UNCONFIRMED_DEPOSIT' }] } })
    expect(await balanceOf(t, token)).toBe(0)
    const second = await signInOperator(t, 'finance')
    const confirmed = await t.post(`/api/backoffice/approvals/${res.json().data.approval.id}/approve`, undefined, second.token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await balanceOf(t, token)).toBe(1000)
    const history = (await t.get('/api/wallet/histories', token)).json().data
    expect(history.list[0]).toMatchObject({ txtype: 'DEPOSIT', txamount: 1000, txstatus: 'SUCCESS' })
  })

  it.each([
    ['amount as a string', { amount: '1000', bank_ref: 'ref-1', note: 'x' }],
    ['no note', { amount: 1000, bank_ref: 'ref-2' }],
    ['negative', { amount: -1, bank_ref: 'ref-3', note: 'x' }],
    ['no bank reference', { amount: 1000, note: 'x' }],
    ['a blank bank reference', { amount: 1000, bank_ref: '  ', note: 'x' }],
  ])('refuses %s', async (_name, change) => {
    const player = await makePlayer(t.db)
    const res = await t.post('/api/backoffice/deposits/manual', { mobile: player.mobile, ...change }, operator.token)
    expect(res.statusCode).toBe(400)
    expect(await balanceOf(t, await loginPlayer(t, player))).toBe(0)
  })

  const manual = (mobile: string, bankRef: string, amount = 700) =>
    t.post('/api/backoffice/deposits/manual', { mobile, amount, bank_ref: bankRef, note: 'สลิปจากไลน์' }, operator.token)

  it('uses the bank reference as the transfer id: the same transfer arriving later through the feed completes it, once', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const ref = `KBANK-${randomUUID()}`
    const res = await manual(player.mobile, `  ${ref} `)
    expect(res.statusCode).toBe(200)
    expect(await balanceOf(t, token)).toBe(0)

    const body = transferBody(player, { external_id: ref, amount: 700 })
    const feed = await postTransfer(t, body)
    expect(feed.json().data).toEqual({ status: 'MATCHED', deposit_id: res.json().data.deposit_id })
    expect(await balanceOf(t, token)).toBe(700)
    expect((await postTransfer(t, body)).json().data).toEqual({ status: 'MATCHED', deposit_id: res.json().data.deposit_id })
    expect(await balanceOf(t, token)).toBe(700)
    expect(await t.db.select().from(deposits).where(eq(deposits.externalId, ref))).toHaveLength(1)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(res.json().data.deposit_id)))
    expect(audit.find((a) => a.action === 'deposit.manual')?.after).toMatchObject({ bank_ref: ref })
    await expectLedgerOk(t)
  })

  it('refuses a bank reference the feed already reported, with a clear 409, and credits nothing', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const body = transferBody(player, { amount: 300 })
    expect((await postTransfer(t, body)).json().data.status).toBe('MATCHED')

    const res = await manual(player.mobile, body.external_id, 300)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ success: false, code: 'BANK_REF_TAKEN' })
    expect(res.json().message).toMatch(/เลขอ้างอิงธนาคาร/)
    expect(await balanceOf(t, token)).toBe(300)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.manual'))).not.toContainEqual(
      expect.objectContaining({ after: expect.objectContaining({ bank_ref: body.external_id }) }),
    )
    await expectLedgerOk(t)
  })
})

describe('matched deposit history', () => {
  it('finds credited deposits by player, amount, bank reference and Bangkok dates; unmatched ones are not in it', async () => {
    const player = await makePlayer(t.db, { firstname: 'ประวัติ', surname: 'ฝากเงิน' })
    const other = await makePlayer(t.db)
    const matched = transferBody(player, { amount: 333.25 })
    expect((await postTransfer(t, matched)).json().data.status).toBe('MATCHED')
    expect((await postTransfer(t, transferBody(other, { amount: 333.25 }))).json().data.status).toBe('MATCHED')
    const manualRef = `SCB-${randomUUID()}`
    await t.post('/api/backoffice/deposits/manual', { mobile: player.mobile, amount: 50, bank_ref: manualRef, note: 'สลิปจากไลน์' }, operator.token)
    // The bank confirms the operator's claim.
    expect((await postTransfer(t, transferBody(player, { external_id: manualRef, amount: 50 }))).json().data.status).toBe('MATCHED')
    const unmatched = (await postTransfer(t, transferBody({ bankCode: '030', bankAccount: '0009998887' }, { amount: 333.25 }))).json().data.deposit_id

    const search = async (query: string) => {
      const res = await t.get(`/api/backoffice/deposits?${query}`, operator.token)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as {
        list: Array<{ id: number; amount: number; player_id: number; mobile: string; status: string; external_id: string }>
        total: number
      }
    }
    const byName = await search(`q=${encodeURIComponent('ประวัติ ฝาก')}`)
    expect(byName.list.map((d) => [d.amount, d.status, d.mobile])).toEqual([
      [50, 'MATCHED', player.mobile],
      [333.25, 'MATCHED', player.mobile],
    ])
    expect((await search(`q=${player.mobile}&amount=333.25`)).list.map((d) => d.player_id)).toEqual([player.id])
    expect((await search('amount=333.25')).list.map((d) => d.id)).not.toContain(unmatched)
    expect((await search(`ref=${encodeURIComponent(manualRef)}`)).list).toEqual([expect.objectContaining({ amount: 50, player_id: player.id })])
    // The test clock's day (Bangkok) holds them; the day before holds none of them.
    const today = bangkokDay(t.clock.now())
    expect((await search(`q=${player.mobile}&from=${today}&to=${today}`)).total).toBe(2)
    expect((await search(`q=${player.mobile}&to=2026-01-01`)).total).toBe(0)
    for (const bad of ['amount=abc', 'amount=20000000', 'amount=0', 'from=2026-13-45', 'q=', 'ref=' + 'x'.repeat(200), 'status=MATCHED']) {
      const res = await t.get(`/api/backoffice/deposits?${bad}`, operator.token)
      expect(res.statusCode, bad).toBe(400)
    }
  })
})
