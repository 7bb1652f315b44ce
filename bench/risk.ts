// The risk rules on the withdrawal request (issue 39 §5, ADR 089): a player with 10,000 events (bets and deposits)
// asks for withdrawals one after another; each is timed from request to answer (the rules' one statement of facts runs
// inside it, under the player's lock) and left waiting (the bench server allows several: WITHDRAW_ONE_PENDING=false).
// The goal is the request's p95 under 50 ms: the rules' evaluation is part of it, so it is an upper bound of theirs.
import { call } from '../e2e/support/http.ts'
import type { Figures } from './load.ts'
import { deposit, launch, postSigned, seamless, sessionOf, type Player } from './players.ts'

const EVENTS = Number(process.env.BENCH_RISK_EVENTS ?? 10_000)
const REQUESTS = Number(process.env.BENCH_RISK_REQUESTS ?? 200)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** Answers the withdrawal requests' figures and their p95 (ms) as a fact the goal reads. */
export async function riskOnWithdrawal(t: { base: string; players: Player[]; toAccount: string }) {
  const player = t.players[0]!
  // The events: a few deposits, then bets of 1 baht (each one seamless bet), EVENTS in all.
  const deposits = Math.min(50, EVENTS)
  for (let i = 0; i < deposits; i++) await deposit(t.base, player, t.toAccount, 100)
  const session = sessionOf((await launch(t.base, player.token)).body.data.url)
  for (let i = deposits; i < EVENTS; i++) {
    const answer = await postSigned(t.base, seamless('bet', session, '1.00'))
    if (answer.status !== 200) throw new Error(`bench risk: bet ${i} refused: ${answer.status}`)
  }
  const times: number[] = []
  let errors = 0
  let firstError = ''
  const failed = (what: string, answer: { status: number; body: unknown }) => {
    errors++
    firstError ||= `${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
  }
  const started = Date.now()
  for (let i = 0; i < REQUESTS; i++) {
    const sent = performance.now()
    const answer = await call<{ id: number }>(t.base, 'POST', '/api/wallet/withdraw', { token: player.token, body: { amount: 100 } })
    times.push(performance.now() - sent)
    if (answer.status !== 200) {
      failed('withdraw', answer)
      continue
    }
  }
  const sorted = [...times].sort((a, b) => a - b)
  const figures: Figures = {
    requests: REQUESTS,
    rps: Math.round((REQUESTS / (Date.now() - started)) * 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  }
  const p95 = percentile(sorted, 95)
  return {
    ...figures,
    facts: { p95 },
    note: `a player with ${EVENTS} events: withdrawal request p95 ${Math.round(p95 * 10) / 10} ms over ${REQUESTS} requests, each left waiting (the server runs with WITHDRAW_ONE_PENDING=false).${firstError ? ` First failure: ${firstError}` : ''}`,
  }
}
