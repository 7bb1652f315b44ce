import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { loginPlayer, temporaryPasswordSent } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { argon2Hasher } from '../auth/password.ts'
import { operatorsRepository } from '../operators/operators.repository.ts'
import { auditLog } from '../../db/schema.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 18 §4: an operator's reset of a member's password. Before: a password-only support operator reset it, was
// shown the temporary password, renewed it and held the member's account, and the member got no message.

const t = useTestApp()

const reset = (playerId: number, token: string) => t.post(`/api/backoffice/members/${playerId}/reset-password`, undefined, token)

/** A support operator that signs in with a password only (no TOTP), as support may in demo mode. */
async function passwordOnlySupport() {
  const username = `support-nototp-${randomUUID().slice(0, 8)}`
  await operatorsRepository.insert(t.db, {
    username,
    passwordHash: await argon2Hasher.hash('support-password-1'),
    role: 'support',
    createdAt: t.clock.now(),
  })
  const res = await t.request('POST', '/api/backoffice/auth/login', { payload: { username, password: 'support-password-1' }, address: '192.0.2.41' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

describe('a member’s password reset', () => {
  it('sends the temporary password to the member’s registered phone only: the operator’s answer never holds it', async () => {
    const support = await signInOperator(t, 'support')
    const player = await makePlayer(t.db)
    const session = await loginPlayer(t, player)
    const game = await launch(t, session)

    const res = await reset(player.id, support.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ data: { sent_to: player.mobile }, message: expect.stringMatching(/SMS/) })
    const temporary = temporaryPasswordSent(t, player.mobile)
    expect(res.body).not.toContain(temporary)
    expect(t.outbox.outbox(player.mobile)[0]?.text).toMatch(/ตั้งรหัสผ่านใหม่ภายใน 24 ชั่วโมง/)

    // Every session of the member ended with the reset: the web session and the game session.
    expect((await t.get('/api/user/@me', session)).statusCode).toBe(401)
    const bet = await callSeamless(t, 'pgsoft', 'bet', {
      session_token: game,
      round_id: `reset-${randomUUID()}`,
      game_code: 'fortune_ox',
      tx_id: randomUUID(),
      amount: '1.00',
    })
    expect(bet.json().status).toBe('INVALID_SESSION')

    // The member, holding the SMS, chooses a new password and is signed in.
    const renewed = await t.post('/api/auth/password/renew', { mobile: player.mobile, password: temporary, new_password: 'ของฉันเอง 2026' })
    expect(renewed.statusCode, renewed.body).toBe(200)

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.reset_password'), eq(auditLog.targetId, String(player.id))))
    expect(entries).toHaveLength(1)
    expect(JSON.stringify(entries)).not.toContain(temporary)
  })

  it('is refused to an operator who signs in without TOTP, and changes nothing', async () => {
    const support = await passwordOnlySupport()
    const player = await makePlayer(t.db)
    const session = await loginPlayer(t, player)

    const res = await reset(player.id, support)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('TOTP_ENROLL_REQUIRED')
    expect(t.outbox.outbox(player.mobile)).toEqual([])
    expect((await t.get('/api/user/@me', session)).statusCode).toBe(200)
    await loginPlayer(t, player)
  })

  it('when the gateway refuses the SMS, the reset stands, the sessions are over, and the operator is told it was not sent', async () => {
    const failing = await buildTestApp({ deps: { sms: { name: 'down', send: () => Promise.reject(new Error('gateway down')) } } })
    try {
      const owner = await signInOperator(failing, 'owner')
      const player = await makePlayer(failing.db)
      const session = await loginPlayer(failing, player)
      const res = await failing.post(`/api/backoffice/members/${player.id}/reset-password`, undefined, owner.token)
      expect(res.statusCode).toBe(503)
      expect(res.json().code).toBe('SMS_FAILED')
      expect((await failing.get('/api/user/@me', session)).statusCode).toBe(401)
      const old = await failing.post('/api/auth/login', { mobile: player.mobile, password: player.password })
      expect(old.json().code).toBe('BAD_CREDENTIALS')
    } finally {
      await failing.close()
    }
  })
})
