import { randomUUID } from 'node:crypto'
import { DEMO_SEAMLESS_SECRET } from '../src/config.ts'
import { signBody } from '../src/plugins/signed-json.ts'
import type { TestApp } from './app.ts'
import { bearer } from './money.ts'

/** Launches a game for the player and returns the session token from the demo URL (/play/<token>). */
export async function launch(t: TestApp, token: string, provider = 'pgsoft', game = 'fortune_ox'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/portal/launch', headers: bearer(token), payload: { provider_id: provider, lang: 'th', game_code: game } })
  if (res.statusCode !== 200) throw new Error(`launch failed: ${res.body}`)
  const url: string = res.json().data.url
  return decodeURIComponent(url.split('?')[0]!.split('/').pop()!)
}

/** Posts a signed seamless callback exactly as a provider would. */
export function callSeamless(t: TestApp, provider: string, op: string, body: Record<string, unknown>, options: { secret?: string; signature?: string | null } = {}) {
  const raw = JSON.stringify({ request_id: randomUUID(), ...body })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.signature !== null) headers['x-signature'] = options.signature ?? signBody(options.secret ?? DEMO_SEAMLESS_SECRET, raw)
  return t.app.inject({ method: 'POST', url: `/api/seamless/${provider}/${op}`, headers, payload: raw })
}
