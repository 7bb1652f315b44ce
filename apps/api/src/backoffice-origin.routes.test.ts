import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCTION_CONFIG, useTestApp, type TestApp } from '../test/app.ts'
import { bearer, signedInPlayer } from '../test/money.ts'
import { OPERATOR_PASSWORD, nextOperatorCode, signInOperator } from '../test/operators.ts'
import { BACKOFFICE_CSP } from './backoffice-origin.ts'

// Issue 34 §7, ADR 067: with BACKOFFICE_ORIGIN the back-office and the operator API answer on that origin's host only,
// the player app and the player API keep theirs, the back-office pages carry a tight CSP, and no other origin's page
// reads the operator API. Requests name their host as a browser would (the Host header).

const DESK = 'desk.sanam.test'
const PLAYERS = 'www.sanam.test'
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sanam-desk-'))
  for (const app of ['player', 'backoffice']) {
    await mkdir(path.join(dir, app, 'assets'), { recursive: true })
    await writeFile(path.join(dir, app, 'index.html'), `<!doctype html><title>${app}</title><script type="module" src="/assets/${app}.js"></script>`)
    await writeFile(path.join(dir, app, 'assets', `${app}.js`), 'console.log(1)')
  }
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const webApps = () => ({ player: path.join(dir, 'player'), backoffice: path.join(dir, 'backoffice') })
const on = (t: TestApp, host: string, method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object; origin?: string } = {}) =>
  t.app.inject({
    method,
    url,
    headers: { host, ...(options.token ? bearer(options.token) : {}), ...(options.origin ? { origin: options.origin } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  })

describe('BACKOFFICE_ORIGIN set', () => {
  const t = useTestApp(() => ({ config: { BACKOFFICE_ORIGIN: `https://${DESK}` }, deps: { webApps: webApps() } }))
  let operator: string
  let player: string

  beforeAll(async () => {
    // Signed in on the back-office's origin, as its app does.
    operator = (await signInOperator(t, 'finance', { host: DESK })).token
    player = (await signedInPlayer(t)).token
  })

  it('serves the back-office app and the operator API on its own host only', async () => {
    for (const url of ['/backoffice/', '/backoffice/members', '/backoffice/assets/backoffice.js']) {
      expect((await on(t, DESK, 'GET', url)).statusCode, `${url} on the desk`).toBe(200)
      const elsewhere = await on(t, PLAYERS, 'GET', url)
      expect(elsewhere.statusCode, `${url} on the player host`).toBe(404)
      expect(elsewhere.json().code).toBe('NOT_FOUND')
      expect(elsewhere.body).not.toContain('<title>backoffice')
    }
    expect((await on(t, DESK, 'GET', '/api/backoffice/me', { token: operator })).statusCode).toBe(200)
    for (const host of [PLAYERS, 'localhost', `${DESK}.evil.test`, `${DESK}:8443`]) {
      const res = await on(t, host, 'GET', '/api/backoffice/me', { token: operator })
      expect(res.statusCode, host).toBe(404)
      expect(res.json().code).toBe('NOT_FOUND')
    }
    // Nor by a spelling the router would decode to the same path.
    expect((await on(t, PLAYERS, 'GET', '/%62ackoffice/', {})).statusCode).toBe(404)
    expect((await on(t, PLAYERS, 'GET', '/api/%62ackoffice/me', { token: operator })).statusCode).toBe(404)
  })

  it('refuses an operator sign-in on another host, and takes it on the desk', async () => {
    const body = { username: 'desk-nobody', password: OPERATOR_PASSWORD, otp: nextOperatorCode(t, 'desk-nobody') }
    expect((await on(t, PLAYERS, 'POST', '/api/backoffice/auth/login', { payload: body })).statusCode).toBe(404)
    expect((await on(t, DESK, 'POST', '/api/backoffice/auth/login', { payload: body })).statusCode).toBe(401)
  })

  it('keeps the player app and the player API on the player host, not the desk', async () => {
    expect((await on(t, PLAYERS, 'GET', '/login')).statusCode).toBe(200)
    expect((await on(t, PLAYERS, 'GET', '/api/wallet/v2/balance', { token: player })).statusCode).toBe(200)
    for (const url of ['/', '/login', '/deposit']) expect((await on(t, DESK, 'GET', url)).statusCode, url).toBe(404)
    expect((await on(t, DESK, 'GET', '/api/wallet/v2/balance', { token: player })).statusCode).toBe(404)
    // What the desk shares: the health check, and the promotion preview its editor frames with the files it loads.
    expect((await on(t, DESK, 'GET', '/api/health')).statusCode).toBe(200)
    expect((await on(t, DESK, 'GET', '/preview/promotion')).statusCode).toBe(200)
    expect((await on(t, DESK, 'GET', '/assets/player.js')).statusCode).toBe(200)
  })

  it('gives the back-office pages the tight CSP, and the player pages theirs', async () => {
    const page = await on(t, DESK, 'GET', '/backoffice/members')
    expect(page.headers['content-security-policy']).toBe(BACKOFFICE_CSP)
    expect(BACKOFFICE_CSP).toContain("default-src 'none'")
    expect(BACKOFFICE_CSP).toContain("frame-ancestors 'none'")
    const playerPage = await on(t, PLAYERS, 'GET', '/login')
    expect(playerPage.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it('lets no other origin’s page call the operator API, and grants no CORS', async () => {
    const fromPlayers = await on(t, DESK, 'GET', '/api/backoffice/me', { token: operator, origin: `https://${PLAYERS}` })
    expect(fromPlayers.statusCode).toBe(404)
    expect(fromPlayers.headers['access-control-allow-origin']).toBeUndefined()
    const own = await on(t, DESK, 'GET', '/api/backoffice/me', { token: operator, origin: `https://${DESK}` })
    expect(own.statusCode).toBe(200)
    expect(own.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/backoffice/me',
      headers: { host: DESK, origin: `https://${PLAYERS}`, 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('BACKOFFICE_ORIGIN=shared in production mode (one origin, chosen)', () => {
  const t = useTestApp(() => ({ config: PRODUCTION_CONFIG, deps: { webApps: webApps() } }))

  it('serves the back-office beside the player app, as before', async () => {
    expect((await on(t, PLAYERS, 'GET', '/backoffice/')).statusCode).toBe(200)
    expect((await on(t, PLAYERS, 'GET', '/login')).statusCode).toBe(200)
    expect((await on(t, PLAYERS, 'GET', '/api/backoffice/me')).statusCode).toBe(401)
  })
})
