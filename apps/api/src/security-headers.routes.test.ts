import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet from 'helmet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityHeaders, securityHeaderValues } from './security-headers.ts'
import { useTestApp } from '../test/app.ts'
import { signedInPlayer } from '../test/money.ts'
import { launch } from '../test/seamless.ts'

// The security headers on every kind of answer the server gives: the API's JSON, the player page (with the site
// metadata inlined), the back-office page, the demo game's page and script. And HSTS only over HTTPS: a request
// that came over TLS per a trusted proxy's X-Forwarded-Proto, never on the word of an untrusted client.

const PAGE = (title: string) => `<!doctype html><html lang="th"><head><meta charset="UTF-8" /><meta name="description" content="" /><title>${title}</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`

let dir: string
let gameToken: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sanam-headers-'))
  for (const app of ['player', 'backoffice']) {
    await mkdir(path.join(dir, app, 'assets'), { recursive: true })
    await writeFile(path.join(dir, app, 'index.html'), PAGE(app))
  }
})
const webApps = () => ({ player: path.join(dir, 'player'), backoffice: path.join(dir, 'backoffice') })
const t = useTestApp(() => ({ deps: { webApps: webApps() } }))
// The same server behind one trusted proxy hop (inject's address is 127.0.0.1).
const proxied = useTestApp(() => ({ config: { TRUST_PROXY: '127.0.0.1' }, deps: { webApps: webApps() } }))
beforeAll(async () => {
  gameToken = await launch(t, (await signedInPlayer(t)).token)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The CSP as directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

const ANSWERS: Array<{ name: string; url: () => string; type: RegExp }> = [
  { name: 'an API answer', url: () => '/api/health', type: /^application\/json/ },
  { name: 'an API refusal', url: () => '/api/user/@me', type: /^application\/json/ },
  { name: 'the player page', url: () => '/', type: /^text\/html/ },
  { name: 'a player app route', url: () => '/deposit', type: /^text\/html/ },
  { name: 'the back-office page', url: () => '/backoffice/', type: /^text\/html/ },
  { name: 'the demo game page', url: () => `/play/${gameToken}`, type: /^text\/html/ },
  { name: 'the demo game page for an unknown token', url: () => '/play/not-a-token', type: /^text\/html/ },
  { name: 'the demo game script', url: () => '/play/assets/demo-game.js', type: /javascript/ },
]

describe('security headers', () => {
  it.each(ANSWERS)('$name: CSP without inline scripts, no framing, nosniff, no referrer, no HSTS over plain HTTP', async ({ url, type }) => {
    const res = await t.get(url())
    expect(res.statusCode).toBeLessThan(500)
    expect(res.headers['content-type']).toMatch(type)
    const policy = csp(res.headers['content-security-policy'])
    expect(policy.get('default-src')).toEqual(["'self'"])
    // Scripts only from the server's own files: the inlined site metadata is a JSON data block, which CSP does not
    // run, so it needs no hash or nonce.
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('script-src-attr')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    // No page of ours is meant to be framed: the demo game opens in its own window (COOP allows that popup).
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('the player page with the metadata inlined has no inline script a browser would run', async () => {
    const html = (await t.get('/')).body
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs!) && body!.trim() !== '')
    expect(inline.length).toBeGreaterThan(0)
    for (const [, attrs] of inline) expect(attrs).toContain('type="application/json"')
  })

  it.each(ANSWERS)('$name: HSTS when a trusted proxy says the request came over HTTPS, and only then', async ({ url }) => {
    const https = await proxied.app.inject({ method: 'GET', url: url(), headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains')
    const http = await proxied.app.inject({ method: 'GET', url: url(), headers: { 'x-forwarded-proto': 'http' } })
    expect(http.headers['strict-transport-security']).toBeUndefined()
    // Without a trusted proxy, a client's own X-Forwarded-Proto counts for nothing.
    const forged = await t.app.inject({ method: 'GET', url: url(), headers: { 'x-forwarded-proto': 'https' } })
    expect(forged.headers['strict-transport-security']).toBeUndefined()
  })

  it("every answer carries exactly the headers helmet's own middleware sets, computed once", async () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()))
    helmet(securityHeaders)(response.req, response, () => undefined)
    const helmets = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]))
    expect(Object.keys(helmets).length).toBeGreaterThan(8)
    expect(securityHeaderValues()).toEqual(helmets)
    const api = (await t.get('/api/health')).headers
    for (const [name, value] of Object.entries(helmets)) expect(api[name], name).toBe(value)
    // A CSP source computed per request (a nonce) cannot be read once: refused at start-up, not served stale.
    expect(() => securityHeaderValues({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } })).toThrow(/per-request/)
  })
})
