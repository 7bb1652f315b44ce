import { describe, expect, it } from 'vitest'
import { PRODUCTION_CONFIG, useTestApp } from '../test/app.ts'
import { makePlayer } from '../test/factories.ts'
import { bankSignature, bearer, expectLedgerOk, loginPlayer, postTransfer, transferBody } from '../test/money.ts'
import { msg } from '@sanam/contract'
import { DEMO_PLAYER, demoDataLeft } from './seed.ts'

const BANK_SECRET = PRODUCTION_CONFIG.BANK_WEBHOOK_SECRET!

/** Issue 10 §1: outside demo mode no demo convenience answers, and a database seeded for the demo cannot take real money. */
describe('production mode', () => {
  const t = useTestApp({ config: PRODUCTION_CONFIG })

  it('has no SMS outbox, no demo bank feed helper, no demo desk codes and no log level to change', async () => {
    const mobile = (await makePlayer(t.db)).mobile
    for (const url of [`/api/dev/sms?mobile=${mobile}`, `/api/dev/bank-account?mobile=${mobile}`, '/api/dev/totp?username=finance.a']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
    }
    const quieter = await t.app.inject({ method: 'PUT', url: '/api/dev/log-level', payload: { level: 'silent' } })
    expect(quieter.statusCode).toBe(404)
  })

  it('never loads the demo provider (ADR 034): no game page or script, and a demo catalogue game has no adapter to launch it', async () => {
    for (const url of ['/play/assets/demo-game.js', '/play/AAAAAAAAAAAAAAAAAAAAAA?lang=th']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('<html')
    }
    const player = await makePlayer(t.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/launch',
      headers: bearer(await loginPlayer(t, player)),
      payload: { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' },
    })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe(msg('PROVIDER_NOT_READY'))
  })

  it('refuses a bank transfer signed with the demo secret and takes one signed with its own', async () => {
    const player = await makePlayer(t.db)
    const body = transferBody(player, { amount: 100 })
    expect((await postTransfer(t, body)).statusCode).toBe(401)
    const res = await postTransfer(t, body, bankSignature(t, JSON.stringify(body), { secret: BANK_SECRET }))
    expect(res.statusCode).toBe(200)
    expect(res.json().data.status).toBe('MATCHED')
    await expectLedgerOk(t)
  })

  it('finds what demo seeding left: the demo pay-in account and the demo player', async () => {
    // The test database carries the demo pay-in account (tests pay into it).
    expect(await demoDataLeft(t.services)).toEqual([expect.stringContaining('demo pay-in account')])
    await makePlayer(t.db, { mobile: DEMO_PLAYER.mobile })
    expect(await demoDataLeft(t.services)).toEqual([expect.stringContaining('demo pay-in account'), expect.stringContaining('demo player')])
  })
})
