import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { manualClock } from '../../lib/clock.ts'
import { sha256 } from '../../lib/crypto.ts'
import { createSessionCache } from '../../lib/session-cache.ts'
import { memoryRateLimiter } from '../../lib/rate-limiter.ts'
import { openTestDatabase } from '../../../test/database.ts'
import { registerBody, uniqueMobile } from '../../../test/factories.ts'
import type { SmsMessage } from '../sms/sms.ts'
import { RegisterBody } from '@sanam/contract'
import { playersRepository } from '../users/users.repository.ts'
import { authRepository } from './auth.repository.ts'
import { deviceTokens } from './device-token.ts'
import { createAuthService, type AuthSettings } from './auth.service.ts'
import type { PasswordHasher } from './password.ts'
import { fakeExclusionsRepository } from '../../../test/fakes/exclusions.ts'
import { testOutbox } from '../../../test/outbox.ts'

/** A hasher that records what it was asked, so the tests see the work done for unknown phones. */
function recordingHasher() {
  const verified: string[] = []
  const hasher: PasswordHasher = {
    hash: async (password) => `fake:${password}`,
    async verify(hash, password) {
      verified.push(hash)
      return hash === `fake:${password}`
    },
  }
  return { hasher, verified }
}

const settings: AuthSettings = {
  otpRequired: true,
  otpTtlSeconds: 300,
  otpMaxAttempts: 5,
  otpResendSeconds: 60,
  otpPerPhonePerHour: 5,
  sessionTtlHours: 24,
  sessionIdleMinutes: 60,
  loginFailLimit: 3,
  loginFailWindowSeconds: 60,
  deviceFailLimit: 2,
}

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

function makeService(overrides: Partial<AuthSettings> = {}) {
  const clock = manualClock()
  const sent: SmsMessage[] = []
  const { hasher, verified } = recordingHasher()
  const sessions = createSessionCache({ clock, ttlSeconds: 30 })
  const sut = createAuthService({
    db: database.db,
    clock,
    sessions,
    hasher,
    outbox: testOutbox(database.db, clock, { sms: { name: 'fake', send: async (m) => void sent.push(m) } }),
    limiter: memoryRateLimiter(clock),
    devices: deviceTokens({ secret: 'device-token-secret-for-the-service-tests', clock }),
    settings: { ...settings, ...overrides },
    siteName: async () => 'Sanam',
    authRepository,
    playersRepository,
    exclusionsRepository: fakeExclusionsRepository().repository,
  })
  return { sut, clock, sent, verified, sessions }
}

const parse = (overrides: Record<string, unknown> = {}) => RegisterBody.parse(registerBody(overrides))

describe('auth service', () => {
  it('texts the code, its reference and how long it lasts, in Thai', async () => {
    const { sut, sent } = makeService({ otpTtlSeconds: 600 })
    const input = parse()
    const result = await sut.register(input, { deviceId: undefined, address: undefined })
    expect(result.sms).toBe(true)
    expect(sent).toHaveLength(1)
    const message = sent[0]!
    expect(message.to).toBe(input.mobile)
    expect(message.otp?.code).toMatch(/^\d{6}$/)
    expect(message.text).toContain(message.otp!.code)
    expect(message.text).toContain(result.sms ? result.otp_ref : '')
    expect(message.text).toContain('10 นาที')
  })

  it('checks a password even for an unknown phone, so timing does not tell which phones exist', async () => {
    const { sut, verified } = makeService()
    await expect(sut.login(uniqueMobile(), 'whatever')).rejects.toMatchObject({ code: 'BAD_CREDENTIALS' })
    expect(verified).toHaveLength(1)
  })

  it('counts failed password changes against the same per-phone limit as logins', async () => {
    const { sut } = makeService({ otpRequired: false })
    const input = parse()
    await sut.register(input, { deviceId: undefined, address: undefined })
    const login = await sut.login(input.mobile, input.password)
    const actor = (await sut.authenticate(login.token))!
    for (let i = 0; i < 3; i++) await expect(sut.changePassword(actor, 'wrong!', 'new-pass-1')).rejects.toMatchObject({ code: 'OLD_PASSWORD_WRONG' })
    await expect(sut.changePassword(actor, input.password, 'new-pass-1')).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    await expect(sut.login(input.mobile, input.password)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('stores the names trimmed', async () => {
    const { sut } = makeService({ otpRequired: false })
    const input = parse({ firstname: '  สมศรี  ', surname: ' ใจงาม ' })
    await sut.register(input, { deviceId: undefined, address: undefined })
    const login = await sut.login(input.mobile, input.password)
    expect(login).toMatchObject({ firstname: 'สมศรี', surname: 'ใจงาม' })
  })

  it('gives every player a distinct 8-character invite code without 0, O, 1, I or L', async () => {
    const { sut } = makeService({ otpRequired: false })
    const codes = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const input = parse()
      await sut.register(input, { deviceId: undefined, address: undefined })
      codes.add((await sut.login(input.mobile, input.password)).invite_code)
    }
    expect(codes.size).toBe(5)
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
  })

  it('does not let a read that raced a revocation put the revoked session back in the cache', async () => {
    const { sut, sessions } = makeService({ otpRequired: false })
    const input = parse()
    await sut.register(input, { deviceId: undefined, address: undefined })
    const { token } = await sut.login(input.mobile, input.password)
    const player = (await playersRepository.findByMobile(database.db, input.mobile))!
    // The read starts (a cache miss), then a revocation of the player lands before its answer arrives.
    const reading = sut.authenticate(token)
    sessions.evict({ playerId: player.id })
    expect(await reading).not.toBeNull()
    expect(sessions.peek(sha256(token))).toBeUndefined()
    // A read that starts afterwards is kept as usual.
    await sut.authenticate(token)
    expect(sessions.peek(sha256(token))).toMatchObject({ playerId: player.id })
  })

  it('answers a cached session without the database, and not once it is logged out', async () => {
    const { sut, sessions } = makeService({ otpRequired: false })
    const input = parse()
    await sut.register(input, { deviceId: undefined, address: undefined })
    const { token } = await sut.login(input.mobile, input.password)
    const actor = (await sut.authenticate(token))!
    expect(sessions.peek(sha256(token))).toMatchObject({ playerId: actor.playerId, sessionId: actor.sessionId })
    await sut.logout(actor)
    expect(sessions.size).toBe(0)
    expect(await sut.authenticate(token)).toBeNull()
  })
})
