import { randomUUID } from 'node:crypto'
import { DEMO_SEAMLESS_SECRET } from '../src/config.ts'
import { signatureHeaders, type SignatureScheme } from '../src/plugins/signed-json.ts'
import type { TestApp } from './app.ts'
import { bearer } from './money.ts'

/** Launches a game for the player and returns the session token from the demo URL (/play/<token>). */
export async function launch(t: TestApp, token: string, provider = 'pgsoft', game = 'fortune_ox'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/portal/launch', headers: bearer(token), payload: { provider_id: provider, lang: 'th', game_code: game } })
  if (res.statusCode !== 200) throw new Error(`launch failed: ${res.body}`)
  const url: string = res.json().data.url
  return decodeURIComponent(url.split('?')[0]!.split('/').pop()!)
}

/**
 * Posts a signed seamless callback exactly as a provider would (ADR 015: method, path, timestamp and body, at the
 * test clock's time). `signature` null sends none, a string replaces X-Signature; `at`, `signedPath` and `scheme`
 * sign with another time, another path or the body-only scheme; `raw` sends these exact bytes.
 */
export function callSeamless(
  t: TestApp,
  provider: string,
  op: string,
  body: Record<string, unknown>,
  options: { secret?: string; signature?: string | null; at?: Date; signedPath?: string; scheme?: SignatureScheme; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify({ request_id: randomUUID(), ...body })
  const url = `/api/seamless/${provider}/${op}`
  const signed =
    options.signature === null
      ? {}
      : signatureHeaders(options.secret ?? DEMO_SEAMLESS_SECRET, { method: 'POST', path: options.signedPath ?? url, body: raw, now: options.at ?? t.clock.now(), scheme: options.scheme ?? 'timestamped' })
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signed, ...(typeof options.signature === 'string' ? { 'x-signature': options.signature } : {}) }
  return t.app.inject({ method: 'POST', url, headers, payload: raw })
}
