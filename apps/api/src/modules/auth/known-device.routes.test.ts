import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { deviceTokens } from './device-token.ts'

// Issue 18 §7: players keep their accounts. Before: ten wrong passwords for a phone number, from anywhere, locked its
// real owner out for 15 minutes. Now the owner's device, which signed in before and holds a signed device token, still
// signs in; it has a smaller counter of its own; everyone else still meets the per-phone and per-address limits.
// ADR 039.

const t = useTestApp()

let lastAddress = 0
/** A fresh address per call, so the per-address limit (120 a minute) never decides these tests. */
const nextAddress = () => `198.51.100.${(lastAddress = (lastAddress % 250) + 1)}`

const login = (mobile: string, password: string, deviceToken?: string) =>
  t.request('POST', '/api/auth/login', {
    payload: { mobile, password },
    address: nextAddress(),
    ...(deviceToken ? { headers: { 'x-device-token': deviceToken } } : {}),
  })

/** The owner signs in once on their phone: the answer carries the device token the player app keeps. */
async function ownersDevice(player: { mobile: string; password: string }): Promise<string> {
  const res = await login(player.mobile, player.password)
  expect(res.statusCode, res.body).toBe(200)
  const token = res.json().data.device_token as string
  expect(token).toMatch(/^v1\./)
  return token
}

/** Ten wrong passwords for the phone from elsewhere (each from another address): the phone's counter is full. */
async function attack(mobile: string) {
  for (let i = 0; i < 10; i++) expect((await login(mobile, `wrong-guess-${i}`)).statusCode).toBe(401)
  expect((await login(mobile, 'one-more-guess')).statusCode).toBe(429)
}

describe('a phone number under attack', () => {
  it('ten wrong passwords from elsewhere lock the phone for everyone without the owner’s device, the right password included', async () => {
    const player = await makePlayer(t.db)
    await attack(player.mobile)
    const res = await login(player.mobile, player.password)
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('RATE_LIMITED')
  })

  it('the owner’s known device still signs in, again and again, while the attack goes on', async () => {
    const player = await makePlayer(t.db)
    let device = await ownersDevice(player)
    await attack(player.mobile)
    for (let i = 0; i < 3; i++) {
      const res = await login(player.mobile, player.password, device)
      expect(res.statusCode, res.body).toBe(200)
      expect((await t.get('/api/user/@me', res.json().data.token)).statusCode).toBe(200)
      device = res.json().data.device_token
    }
    // The owner's success gave the attacker nothing back: the phone is still locked for everyone else.
    expect((await login(player.mobile, player.password)).statusCode).toBe(429)
  })

  it('a forged, altered, expired or another player’s device token does not get past the phone’s limit', async () => {
    const player = await makePlayer(t.db)
    const other = await makePlayer(t.db)
    const own = await ownersDevice(player)
    const othersDevice = await ownersDevice(other)
    await attack(player.mobile)

    const forged = deviceTokens({ secret: 'not-the-server-secret-0123456789abcdef', clock: t.clock }).issue(player.id)
    const [body, signature] = [own.slice(0, own.lastIndexOf('.')), own.slice(own.lastIndexOf('.') + 1)]
    const altered = `${body.replace(/^v1\.\d+\./, `v1.${other.id}.`)}.${signature}`
    for (const token of [forged, altered, othersDevice, 'v1.garbage', 'x'.repeat(300)]) {
      const res = await login(player.mobile, player.password, token)
      expect(res.statusCode, token).toBe(429)
    }

    // A token older than its lifetime is a stranger's too.
    t.clock.advance(181 * 86_400_000)
    await attack(player.mobile)
    expect((await login(player.mobile, player.password, own)).statusCode).toBe(429)
  })

  it('the known device’s own wrong guesses are limited, by a smaller counter of its own', async () => {
    const player = await makePlayer(t.db)
    const device = await ownersDevice(player)
    await attack(player.mobile)
    for (let i = 0; i < 5; i++) expect((await login(player.mobile, `fumbled-${i}`, device)).statusCode).toBe(401)
    const blocked = await login(player.mobile, player.password, device)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('RATE_LIMITED')
    // The window passes: the device signs in again.
    t.clock.advance(15 * 60_000 + 1_000)
    expect((await login(player.mobile, player.password, device)).statusCode).toBe(200)
  })
})
