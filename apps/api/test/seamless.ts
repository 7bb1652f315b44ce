import type { SeamlessOp } from '@sanam/contract'
import { DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { moneyBody, seamlessCall } from '@sanam/contract/seamless-calls'
import type { SignatureScheme } from '@sanam/contract/signing'
import type { TestApp } from './app.ts'
import { signedInPlayer } from './money.ts'

/** Launches a game for the player and returns the session token from the demo URL (/play/<token>). */
export async function launch(t: TestApp, token: string, provider = 'pgsoft', game = 'fortune_ox'): Promise<string> {
  const res = await t.post('/api/portal/launch', { provider_id: provider, lang: 'th', game_code: game }, token)
  if (res.statusCode !== 200) throw new Error(`launch failed: ${res.body}`)
  const url: string = res.json().data.url
  return decodeURIComponent(url.split('?')[0]!.split('/').pop()!)
}

/** A signed-in player with `cash` baht (through the bank feed) and a game session of `provider`'s `game`. */
export async function playing(t: TestApp, cash = 1000, provider = 'pgsoft', game = 'fortune_ox') {
  const player = await signedInPlayer(t, {}, { cash })
  return { player, token: player.token, session: await launch(t, player.token, provider, game) }
}

/**
 * Posts a signed seamless callback exactly as a provider would (ADR 015: method, path, timestamp and body, at the
 * test clock's time). `signature` null sends none, a string replaces X-Signature; `at`, `signedPath` and `scheme`
 * sign with another time, another path or the body-only scheme; `raw` sends these exact bytes.
 */
export function callSeamless(
  t: TestApp,
  provider: string,
  op: SeamlessOp | (string & {}),
  body: Record<string, unknown>,
  options: { secret?: string; signature?: string | null; at?: Date; signedPath?: string; scheme?: SignatureScheme; raw?: string } = {},
) {
  const {
    path,
    raw,
    headers: signed,
  } = seamlessCall(provider, op, body, { ...options, secret: options.secret ?? DEMO_SEAMLESS_SECRET, now: options.at ?? t.clock.now() })
  let headers = signed
  if (options.signature === null) headers = { 'content-type': 'application/json' }
  else if (typeof options.signature === 'string') headers = { ...signed, 'x-signature': options.signature }
  return t.request('POST', path, { headers, payload: raw })
}

/** A bet or a win of `amount` in `round` as `tx`, on fortune_ox unless `game` says otherwise, sent as `provider` (pgsoft). */
export function sendMoney(
  t: TestApp,
  op: 'bet' | 'win',
  call: { session: string; round: string; tx: string; amount: string; game?: string | null },
  provider = 'pgsoft',
) {
  return callSeamless(t, provider, op, moneyBody(call))
}
