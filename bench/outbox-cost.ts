// What the outbox costs the deposit and login paths (issue 38 §6, ADR 083, 087): two servers alike but for
// BENCH_OUTBOX_OFF (the deposit's notice not written, the outbox's worker not running), each with LINE on against a
// fake LINE on 127.0.0.1 and its players linked, so that on the server with the outbox every credited transfer writes
// the player's LINE notice in its transaction and the worker pushes it. The two are measured in interleaved rounds
// (bench/paired.ts).
import type { PairedSide } from './paired.ts'
import { fakeLineServer, lineEvent, lineUserId, type FakeLineServer } from '../apps/api/test/fakes/line-server.ts'
import { call } from '../e2e/support/http.ts'
import type { Player } from './players.ts'

/** Rounds of the comparison (each measures both paths on both servers for BENCH_SECONDS). */
export const OUTBOX_ROUNDS = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 6)
/** Players linked to LINE on each server: every deposit of theirs is a LINE notice on the server with the outbox. */
export const OUTBOX_PLAYERS = 8
const LINE_SECRET = 'line-channel-secret-of-the-bench'

/** A fake LINE for one server, and the settings that turn LINE on against it (ADR 088). */
export async function benchLine() {
  const line = await fakeLineServer({ channelSecret: LINE_SECRET, quota: { limit: null, used: 0 } })
  const env = {
    LINE_CHANNEL_SECRET: LINE_SECRET,
    LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-channel-access-token-of-the-bench',
    LINE_API_URL: line.url,
    LINE_ACCOUNT_LINK_URL: line.accountLinkUrl,
    LINE_LINK_PAGE_URL: 'http://127.0.0.1:9/line/link',
  }
  return { line, env }
}

/**
 * Links each player's LINE as a player does (ADR 088): the LINE user writes to the Official Account, Sanam replies with
 * a link, the signed-in player confirms it, and LINE's account-link dialog sends the accountLink event.
 */
export async function linkPlayers(base: string, line: FakeLineServer, players: Player[]): Promise<void> {
  line.deliverTo(async (body, signature) => {
    const res = await fetch(`${base}/api/line/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      body,
    })
    if (res.status !== 200) throw new Error(`bench outbox: the webhook answered ${res.status}`)
  })
  for (const player of players) {
    const before = line.replies().length
    await line.send(lineEvent(lineUserId(), { type: 'message' }))
    // Sanam replies after its 200 to LINE (ADR 088): the reply comes a moment later.
    for (let i = 0; i < 200 && line.replies().length === before; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    const linkToken = /linkToken=([A-Za-z0-9_-]+)/.exec(line.replies().at(-1) ?? '')?.[1]
    if (!linkToken) throw new Error(`bench outbox: no link in LINE's reply: ${line.replies().at(-1)}`)
    const started = await call<{ redirect_url: string }>(base, 'POST', '/api/line/link', { token: player.token, body: { link_token: linkToken } })
    if (started.status !== 200) throw new Error(`bench outbox: link ${started.status} ${JSON.stringify(started.body)}`)
    const dialog = await fetch(started.body.data.redirect_url, { redirect: 'manual' })
    if (dialog.status !== 302) throw new Error(`bench outbox: LINE's dialog answered ${dialog.status}`)
    const state = await call<{ linked: boolean }>(base, 'GET', '/api/line', { token: player.token })
    if (!state.body.data.linked) throw new Error(`bench outbox: the player is not linked: ${JSON.stringify(state.body)}`)
  }
}

/** One server of the comparison: the subject is the server with the outbox. */
export interface OutboxSide extends PairedSide {
  line: FakeLineServer
}
