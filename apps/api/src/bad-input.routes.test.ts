import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { makePlayer } from '../test/factories.ts'
import { balanceOf, bankSignature, bearer, expectLedgerOk, fund, loginPlayer, transferBody } from '../test/money.ts'
import { routeTable, type TableRoute } from '../test/route-table.ts'
import { launch } from '../test/seamless.ts'
import { DEMO_BANK_NOTIFICATION_SECRET, DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { transfers } from './db/schema.ts'
import { signatureHeaders } from '@sanam/contract/signing'
import { signInOperator } from '../test/operators.ts'

// Every route of the real app, read from the app itself through Fastify's onRoute hook (so a new route is covered
// the day it is added), is sent junk of every kind with a valid sign-in: each answer must be a 4xx in the envelope with a Thai message, never a
// 5xx, and nothing may change: the player's money and the ledger are checked after the whole barrage.

const THAI = /[\u0E01-\u0E5B]/

/** Bodies no route accepts: wrong shapes, wrong types, numbers JSON can carry but money cannot, pollution. */
const JUNK_BODIES: unknown[] = [
  [],
  'text',
  42,
  { amount: '100' },
  { amount: -100 },
  { amount: 0.001 },
  { amount: 1e300 },
  { amount: Number.MAX_SAFE_INTEGER * 4 },
  { mobile: ['0812345678'], password: { $ne: null }, id: -1 },
  { provider_id: 'x'.repeat(5_000), game_code: null, lang: 'xx' },
  { status: 'SUCCESS', user_id: 1, player_id: 1, balance: 1e9 },
]

/** Raw payloads that are not acceptable JSON at all. */
const JUNK_RAW: Array<{ payload: string; contentType: string }> = [
  { payload: '{"amount": 1e309}', contentType: 'application/json' },
  { payload: '{"amount": 100', contentType: 'application/json' },
  { payload: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
  { payload: 'amount=100', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{"amount": 100}', contentType: 'text/plain' },
  { payload: JSON.stringify({ note: 'x'.repeat(70 * 1024) }), contentType: 'application/json' },
]

/** Values for path parameters and query strings that name nothing or are not numbers at all. */
const JUNK_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999999', '%00', 'x'.repeat(300)]

// Routes that rightly answer 2xx to a body they do not read (logging out is done last, on its own token).
// Acknowledging the session reminder (ADR 048) is the session's own, whatever is sent.
const IGNORES_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/backoffice/auth/logout',
  'POST /api/wallet/deposit/draft_bill/cancel',
  'POST /api/responsible-play/session/acknowledge',
  // Unlinking the player's LINE (ADR 088): the player is the token's, and unlinking twice is no error.
  'POST /api/line/unlink',
  // The care markers checked now (ADR 090): the job takes no input; a second check opens nothing new.
  'POST /api/backoffice/jobs/care-markers',
])

let playerToken: string
let operatorToken: string
let gameToken: string
let otherPlayerId: number
const table = routeTable()
const t = useTestApp({ deps: table.deps })
let routes: TableRoute[]

beforeAll(async () => {
  const player = await makePlayer(t.db)
  const other = await makePlayer(t.db)
  otherPlayerId = other.id
  playerToken = await loginPlayer(t, player)
  operatorToken = (await signInOperator(t)).token
  await fund(t, player, 500)
  gameToken = await launch(t, playerToken)
  routes = table.routes.filter((r) => (r.method === 'GET' || r.method === 'POST') && !r.streams)
})

/**
 * Sign-in for the route, and for the signed feeds a valid signature of the junk itself, so the junk reaches the
 * checks behind the signature.
 */
function headersFor(path: string, payload = '', url = path): Record<string, string> {
  if (path.startsWith('/api/backoffice/')) return bearer(operatorToken)
  const signed = (secret: string) => signatureHeaders(secret, { method: 'POST', path: url, body: payload, now: t.clock.now() })
  if (path.startsWith('/api/bank/notifications')) return signed(DEMO_BANK_NOTIFICATION_SECRET)
  if (path.startsWith('/api/bank/')) return signed(DEMO_BANK_WEBHOOK_SECRET)
  if (path.startsWith('/api/seamless/')) return signed(DEMO_SEAMLESS_SECRET)
  return bearer(playerToken)
}

/** The concrete URLs to try for a route: each junk value in each parameter (and the other player's id). */
function urlsFor(path: string): string[] {
  if (path === '*') return ['/nothing-here']
  // A real provider and each operation too, so the junk meets the callback checks and not only the 404.
  if (path === '/api/seamless/:provider/:op')
    return [
      ...JUNK_PARAMS.map((v) => `/api/seamless/${encodeURIComponent(v)}/bet`),
      ...['balance', 'bet', 'win', 'rollback'].map((op) => `/api/seamless/pgsoft/${op}`),
    ]
  const params = path.match(/:[A-Za-z]+|\*/g) ?? []
  if (params.length === 0) return [path]
  const values = path.includes(':userId') ? [...JUNK_PARAMS, String(otherPlayerId)] : path.startsWith('/play/') ? [gameToken, ...JUNK_PARAMS] : JUNK_PARAMS
  return values.map((value) => path.replace(/:[A-Za-z]+|\*/g, encodeURIComponent(value)))
}

function expectRefusal(label: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500)
  if (String(res.headers['content-type']).startsWith('application/json')) {
    const body = JSON.parse(res.body) as { success?: unknown; message: unknown; status?: unknown }
    if (label.includes('/api/seamless/') && body.success === undefined) {
      // The provider protocol's own answer (ADR 007), not the envelope.
      expect(['BAD_REQUEST', 'INVALID_SESSION'], `${label}: ${res.body}`).toContain(body.status)
      if (body.message !== undefined) expect(String(body.message), label).toMatch(THAI)
      return
    }
    if (label.includes('/api/protocols/') && body.success === undefined) {
      // A vendor's own protocol (ADR 082): without its token, its own refusal, before any body is read.
      expect(res.statusCode, label).toBe(401)
      expect(body.status, label).toBe('INVALID_TOKEN_ID')
      return
    }
    expect(body.success, label).toBe(false)
    const message = Array.isArray(body.message) ? body.message[0] : body.message
    expect(String(message), `${label}: the message should be Thai`).toMatch(THAI)
  }
}

describe('junk on every route', () => {
  it('reads the route list from the app, and it has the calls of spec §7', () => {
    const listed = routes.map((r) => `${r.method} ${r.path}`)
    for (const call of [
      'POST /api/auth/login',
      'GET /api/wallet/v2/balance',
      'POST /api/wallet/withdraw',
      'POST /api/seamless/:provider/:op',
      'POST /api/backoffice/withdrawals/:id/approve',
      'POST /play/:token/round',
    ]) {
      expect(listed).toContain(call)
    }
  })

  it('answers every junk body and parameter with a 4xx and a Thai message, and changes nothing', { timeout: 60_000 }, async () => {
    const balanceBefore = await balanceOf(t, playerToken)
    const transfersBefore = (await t.db.select().from(transfers)).length

    let sent = 0
    for (const route of routes) {
      const key = `${route.method} ${route.path}`
      for (const url of urlsFor(route.path)) {
        if (route.method === 'GET') {
          // The demo game's state with a real token asks the wallet over HTTP, which no server answers in this test.
          if (url.includes(gameToken)) continue
          for (const query of ['', '?page=-1', '?page=abc', '?page=1e309', '?status=NOPE', '?mobile=0812345678%27--']) {
            const res = await t.app.inject({ method: 'GET', url: url + query, headers: headersFor(route.path) })
            sent++
            // A GET may well succeed (a list, the catalogue): then it is the success envelope; when it refuses, it
            // must refuse properly.
            if (res.statusCode >= 400) expectRefusal(`GET ${url}${query}`, res)
            else if (String(res.headers['content-type']).startsWith('application/json')) expect(res.json().success, `GET ${url}${query}`).toBe(true)
          }
          continue
        }
        if (IGNORES_BODY.has(key)) continue
        for (const body of JUNK_BODIES) {
          const payload = JSON.stringify(body)
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headersFor(route.path, payload, url), 'content-type': 'application/json' },
            payload,
          })
          sent++
          expectRefusal(`POST ${url} ${JSON.stringify(body).slice(0, 80)}`, res)
        }
        for (const raw of JUNK_RAW) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headersFor(route.path, raw.payload, url), 'content-type': raw.contentType },
            payload: raw.payload,
          })
          sent++
          expectRefusal(`POST ${url} ${raw.contentType} ${raw.payload.slice(0, 40)}`, res)
        }
      }
    }

    // Every route, every parameter, every kind of junk: well over a thousand requests.
    console.info(`junk test: ${sent} requests over ${routes.length} routes`)
    expect(sent).toBeGreaterThan(1000)
    // Nothing moved: the player's money, the ledger.
    expect(await balanceOf(t, playerToken)).toBe(balanceBefore)
    expect((await t.db.select().from(transfers)).length).toBe(transfersBefore)
    await expectLedgerOk(t)
  })

  it('refuses a NUL character anywhere with a 400 (PostgreSQL text cannot hold one: it used to fail the query with a 500)', async () => {
    const player = await makePlayer(t.db)
    const transfersBefore = (await t.db.select().from(transfers)).length
    const bank = JSON.stringify(transferBody(player, { external_id: 'tx-\u0000-1' }))
    const seamless = JSON.stringify({ request_id: 'r\u0000', session_token: gameToken })
    const cases = [
      { url: '/api/bank/transfers', payload: bank, headers: bankSignature(t, bank) },
      {
        url: '/api/seamless/pgsoft/balance',
        payload: seamless,
        headers: signatureHeaders(DEMO_SEAMLESS_SECRET, { method: 'POST', path: '/api/seamless/pgsoft/balance', body: seamless, now: t.clock.now() }),
      },
      { url: '/api/auth/login', payload: JSON.stringify({ mobile: player.mobile + '\u0000', password: player.password }), headers: {} },
      { url: '/api/backoffice/auth/login', payload: JSON.stringify({ username: 'admin\u0000', password: 'x' }), headers: {} },
      { url: '/api/backoffice/withdrawals/1/reject', payload: JSON.stringify({ reason: 'no\u0000' }), headers: bearer(operatorToken) },
      { url: '/api/auth/login', payload: JSON.stringify({ ['mobile\u0000']: 1 }), headers: {} },
    ]
    for (const { url, payload, headers } of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400)
      expect(res.json(), url).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    }
    const query = await t.get('/api/wallet/histories?page=%00', playerToken)
    expect(query.statusCode).toBe(400)
    expect((await t.db.select().from(transfers)).length).toBe(transfersBefore)
  })
})
