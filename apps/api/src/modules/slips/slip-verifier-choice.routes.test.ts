import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, signedInPlayer } from '../../../test/money.ts'
import { newReference, slipFrom } from '../../../test/slips.ts'
import { slipPayloadOf } from './slip-payload.ts'

describe('SLIP_VERIFIER=none', () => {
  const t = useTestApp({ config: { SLIP_VERIFIER: 'none' } })

  it('answers a slip 503 with a Thai text, and a text that is no slip 422 as ever', async () => {
    const player = await signedInPlayer(t)
    const res = await t.post('/api/wallet/deposit/slip', { payload: slipFrom(t, player, 500).payload }, player.token)
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe('ระบบตรวจสลิปยังไม่เปิดใช้งาน ยอดที่โอนตามรายการฝากจะเข้าอัตโนมัติเมื่อธนาคารแจ้ง')
    expect((await t.post('/api/wallet/deposit/slip', { payload: 'hello' }, player.token)).statusCode).toBe(422)
  })
})

describe('the demo verifier (demo mode default)', () => {
  const t = useTestApp()

  it('credits the slip of a transfer the demo bank made, and finds no other', async () => {
    const player = await signedInPlayer(t)
    const made = await t.request('POST', '/api/dev/demo-bank/transfers', { payload: { mobile: player.mobile, amount: 250 } })
    expect(made.statusCode).toBe(200)
    const { payload, reference } = made.json().data
    expect(reference).toMatch(/^[0-9A-Z]{20}$/)
    const credited = await t.post('/api/wallet/deposit/slip', { payload }, player.token)
    expect(credited.json().data).toMatchObject({ status: 'CREDITED', amount: 250 })
    expect(await balanceOf(t, player.token)).toBe(250)

    // A well-formed slip of a transfer the demo bank never made: NOT_FOUND, as a real verifier says.
    const forged = slipPayloadOf({ layout: 'bank', sendingBank: player.bankCode, reference: newReference() })
    expect((await t.post('/api/wallet/deposit/slip', { payload: forged }, player.token)).json().data).toMatchObject({ status: 'REFUSED', reason: 'NOT_FOUND' })
  })

  it('makes transfers for callers on this machine only', async () => {
    const player = await signedInPlayer(t)
    const res = await t.request('POST', '/api/dev/demo-bank/transfers', { payload: { mobile: player.mobile, amount: 250 }, address: '203.0.113.9' })
    expect(res.statusCode).toBe(404)
  })
})
