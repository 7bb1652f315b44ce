// Payout throughput through a bank (issue 37 §3 and §6, ADR 081) against the fake bank on 127.0.0.1: a scenario of
// `npm run bench` (`payouts`, on PGlite and PostgreSQL) and, alone, `npm run bench:payouts`.
// The built server runs with PAYOUT_BANK=http pointed at the fake bank (tests' apps/api/test/fakes/payout-bank.ts,
// answering after BENCH_PAYOUT_BANK_MS); players ask for withdrawals; the demo desk's finance.a and finance.b approve
// them, BENCH_PAYOUT_WORKERS at a time, each approval answering once the bank's inquiry, initiate and confirm have.
// Prints payouts per second and the approval's latency, then checks that the bank moved each payout once and that
// the ledger verifies. Not a test: it records numbers (bench/README.md).
//   BENCH_PAYOUTS 400        withdrawals paid            BENCH_PAYOUT_WORKERS 8     approvals at once
//   BENCH_PAYOUT_BANK_MS 0,50 the bank's latency per call, one run each (npm run bench: the first only)
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { call } from '../e2e/support/http.ts'
import { fakePayoutBankCore, fakePayoutBankServer, type FakePayoutBankCore } from '../apps/api/test/fakes/payout-bank.ts'
import { ledgerVerify } from './database.ts'
import { LOAD_ENV, preparePlayers, type Player } from './players.ts'
import { requireBuilt, startSanam } from './server.mjs'

export const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 400)
export const PAYOUT_WORKERS = Number(process.env.BENCH_PAYOUT_WORKERS ?? 8)
export const PAYOUT_BANK_LATENCIES = (process.env.BENCH_PAYOUT_BANK_MS ?? '0,50').split(',').map(Number)
const PLAYERS = 16
const CLIENT = { clientId: 'sanam-bench', clientSecret: 'bench-client-secret-0001' }

/**
 * The fake bank on 127.0.0.1 answering after `delayMs`, and the server's environment that pays through it (with the
 * four-eyes threshold out of the way and several withdrawals a player, so approvals are the one thing measured).
 */
export async function startPayoutBank(delayMs: number) {
  const core = fakePayoutBankCore()
  const bank = await fakePayoutBankServer(core, { ...CLIENT, delayMs })
  return { core, env: payoutBankSettings(bank.url), close: () => bank.close() }
}

/** The settings a bench server pays through the fake bank at `url` with; the bench's report names them (issue 40 §1). */
export function payoutBankSettings(url: string) {
  return {
    PAYOUT_BANK: 'http',
    PAYOUT_BANK_URL: url,
    PAYOUT_BANK_CLIENT_ID: CLIENT.clientId,
    PAYOUT_BANK_CLIENT_SECRET: CLIENT.clientSecret,
    PAYOUT_BANK_SOURCE_ACCOUNT: '9990001112',
    BACKOFFICE_FOUR_EYES_BAHT: '100000000',
    // Several withdrawals a player (the payouts and risk scenarios ask one after another, each left waiting).
    WITHDRAW_ONE_PENDING: 'false',
  }
}

async function deskToken(base: string, username: string): Promise<string> {
  const otp = (await call<{ code: string }>(base, 'GET', `/api/dev/totp?username=${username}`)).body.data.code
  const answer = await call<{ token: string }>(base, 'POST', '/api/backoffice/auth/login', {
    body: { username, password: 'demo-desk-password-1', otp },
  })
  if (answer.status !== 200) throw new Error(`${username} sign-in: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.data.token
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * `count` withdrawals of 100 baht asked by `players` (in turn; the bank knows their accounts), then approved by the
 * demo desk, `workers` at a time: payouts a second, the approval's latency, what did not end SUCCESS, and whether the
 * bank moved any reference twice.
 */
export async function payOut(base: string, players: Player[], core: FakePayoutBankCore, count: number, workers: number) {
  // preparePlayers registers player i as ทดสอบ โหลด<i>: the name the bank's inquiry answers.
  players.forEach((p, i) => core.addAccount('002', p.bankAccount, `ทดสอบ โหลด${i}`))
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const player = players[i % players.length]!
    const asked = await call<{ id: number }>(base, 'POST', '/api/wallet/withdraw', { token: player.token, body: { amount: 100 } })
    if (asked.status !== 200) throw new Error(`withdraw: ${asked.status} ${JSON.stringify(asked.body)}`)
    ids.push(asked.body.data.id)
  }
  const desk = [await deskToken(base, 'finance.a'), await deskToken(base, 'finance.b')]
  const latencies: number[] = []
  const statuses = new Map<string, number>()
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < ids.length) {
        const id = ids[next++]!
        const t0 = performance.now()
        const answer = await call<{ status: string }>(base, 'POST', `/api/backoffice/withdrawals/${id}/approve`, { token: desk[worker % 2]!, body: {} })
        latencies.push(performance.now() - t0)
        const status = answer.status === 200 ? answer.body.data.status : `HTTP_${answer.status}`
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const paid = statuses.get('SUCCESS') ?? 0
  return {
    requests: ids.length,
    rps: Math.round((ids.length / seconds) * 10) / 10,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    p99: Math.round(percentile(latencies, 99)),
    errors: ids.length - paid,
    paid,
    statuses: Object.fromEntries(statuses),
    bankMoved: core.moved.length,
    paidTwice: new Set(core.moved.map((m) => m.reference)).size !== core.moved.length,
  }
}

async function measure(bankMs: number) {
  const bank = await startPayoutBank(bankMs)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-payouts-'))
  const sanam = await startSanam({ ...LOAD_ENV, DATA_DIR: dataDir, ...bank.env })
  try {
    const { players } = await preparePlayers(sanam.base, PLAYERS, 50_000)
    return { bankMs, dataDir, ...(await payOut(sanam.base, players, bank.core, PAYOUTS, PAYOUT_WORKERS)) }
  } finally {
    await sanam.stop()
    await bank.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireBuilt('apps/api/dist/server.js')
  console.info(`payouts through the fake bank: ${PAYOUTS} withdrawals of 100 baht, ${PAYOUT_WORKERS} approvals at once, ${os.cpus().length} cores`)
  console.info('| bank latency per call | payouts/s | approval p50 | approval p95 | paid | bank moved | paid twice | ledger |')
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const ms of PAYOUT_BANK_LATENCIES) {
    const r = await measure(ms)
    const verified = ledgerVerify({ DATA_DIR: r.dataDir })
    console.info(
      `| ${r.bankMs} ms | ${r.rps} | ${r.p50} ms | ${r.p95} ms | ${r.paid} | ${r.bankMoved} | ${r.paidTwice ? 'YES' : 'no'} | ${verified.ok ? 'verified' : verified.said} |`,
    )
    if (Object.keys(r.statuses).length > 1) console.info(`  statuses: ${JSON.stringify(r.statuses)}`)
    rmSync(r.dataDir, { recursive: true, force: true })
  }
}
