import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer, registerBody } from '../../../test/factories.ts'
import { balanceOf, fund, loginPlayer } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { signInOperator } from '../../../test/operators.ts'

// The whole referral journey through the real app: sign-in, registration with an invite code, real bets through the
// seamless API, the owner's accrual endpoint, the balance, and the transfer to the main wallet.
const t = useTestApp({ config: { OTP_REQUIRED: 'false', BONUS_MIN: '1', REFUND_MIN: '0' }, verifyLedger: 'end' })

describe('referral journey', () => {
  it('an invited player plays; next day the upline earns commission and both can move it to cash', async () => {
    t.clock.set(new Date('2026-11-20T05:00:00Z')) // noon in Bangkok
    const upline = await makePlayer(t.db)
    // Upline and downline are different people: other addresses, other names (linked accounts earn nothing).
    const uplineToken = await loginPlayer(t, upline, { address: '11.1.1.1' })
    const invite = (await t.get('/api/invites', uplineToken)).json().data
    expect(invite).toMatchObject({ invite_code: upline.inviteCode, percentage: { level1: 0.03, level2: 0.02, level3: 0.01 }, downlines: [] })

    const body = registerBody({ mobile: '0911112222', firstname: 'ลูกทีม', bank_account: '7770001112', bank_code: '004', invite_code: upline.inviteCode })
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: '11.2.2.2' })).statusCode).toBe(200)
    const downToken = await loginPlayer(t, body, { address: '11.2.2.2' })
    await fund(t, { bankCode: '004', bankAccount: '7770001112' }, 1000)

    const after = (await t.get('/api/invites', uplineToken)).json().data
    expect(after.downlines).toHaveLength(1)
    expect(after.downlines[0].username).not.toContain('11112222')

    const session = await launch(t, downToken)
    for (let i = 0; i < 2; i++) {
      await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: `jr-${i}`, tx_id: `jr-${i}-b`, amount: '500.00', game_code: 'fortune_ox' })
      await callSeamless(t, 'pgsoft', 'win', { session_token: session, round_id: `jr-${i}`, tx_id: `jr-${i}-w`, amount: '400.00', game_code: 'fortune_ox' })
    }
    const today = (await t.get('/api/wallet/v2/balance', downToken)).json().data
    expect(today.turnover).toBe(1000)

    t.clock.set(new Date('2026-11-21T05:00:00Z'))
    const operator = (await signInOperator(t)).token
    const accrue = await t.post('/api/backoffice/jobs/accrue', { day: '2026-11-20' }, operator)
    expect(accrue.statusCode, accrue.body).toBe(200)
    const again = await t.post('/api/backoffice/jobs/accrue', { day: '2026-11-20' }, operator)
    expect(again.statusCode).toBe(200)

    const up = (await t.get('/api/wallet/v2/balance', uplineToken)).json().data
    expect(up.bonus).toMatchObject({ total: 30, remaining: 30 })
    const down = (await t.get('/api/wallet/v2/balance', downToken)).json().data
    expect(down.refund).toMatchObject({ total: 5, remaining: 5 })

    const move = await t.post('/api/wallet/transfer/bonus', undefined, uplineToken)
    expect(move.statusCode).toBe(200)
    expect(move.json().message).toBe('โอนเข้ากระเป๋าหลักสำเร็จ')
    expect(await balanceOf(t, uplineToken)).toBe(30)
    expect((await t.post('/api/wallet/transfer/bonus', undefined, uplineToken)).statusCode).toBe(409)
    expect((await t.post('/api/wallet/transfer/refund', undefined, downToken)).statusCode).toBe(200)
    expect(await balanceOf(t, downToken)).toBe(805)
  })
})
