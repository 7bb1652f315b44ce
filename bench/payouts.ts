// npm run bench:payouts: payout throughput through a bank (issue 37 §3, ADR 081) against the fake bank on 127.0.0.1.
// The built server runs with PAYOUT_BANK=http pointed at the fake bank (tests' apps/api/test/fakes/payout-bank.ts,
// answering after BENCH_PAYOUT_BANK_MS); players ask for withdrawals; the demo desk's finance.a and finance.b approve
// them, BENCH_PAYOUT_WORKERS at a time, each approval answering once the bank's inquiry, initiate and confirm have.
// Prints payouts per second and the approval's latency, then checks that the bank moved each payout once and that
// the ledger verifies. Not a test: it records numbers (bench/README.md).
//   BENCH_PAYOUTS 400        withdrawals paid            BENCH_PAYOUT_WORKERS 8     approvals at once
//   BENCH_PAYOUT_BANK_MS 0,50 the bank's latency per call, one run each
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { call } from '../e2e/support/http.ts'
import { fakePayoutBankCore, fakePayoutBankServer } from '../apps/api/test/fakes/payout-bank.ts'
import { ledgerVerify } from './database.ts'
import { LOAD_ENV, preparePlayers } from './players.ts'
import { requireBuilt, startSanam } from './server.mjs'

const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 400)
const WORKERS = Number(process.env.BENCH_PAYOUT_WORKERS ?? 8)
const LATENCIES = (process.env.BENCH_PAYOUT_BANK_MS ?? '0,50').split(',').map(Number)
const PLAYERS = 16
const CLIENT = { clientId: 'sanam-bench', clientSecret: 'bench-client-secret-0001' }

async function deskToken(base: string, username: string): Promise<string> {
  const otp = (await call<{ code: string }>(base, 'GET', `/api/dev/totp?username=${username}`)).body.data.code
  const answer = await call<{ token: string }>(base, 'POST', '/api/backoffice/auth/login', {
    body: { username, password: 'demo-desk-password-1', otp },
  })
  if (answer.status !== 200) throw new Error(`${username} sign-in: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.data.token
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function measure(bankMs: number) {
  const core = fakePayoutBankCore()
  const bank = await fakePayoutBankServer(core, { ...CLIENT, delayMs: bankMs })
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-payouts-'))
  const sanam = await startSanam({
    ...LOAD_ENV,
    DATA_DIR: dataDir,
    PAYOUT_BANK: 'http',
    PAYOUT_BANK_URL: bank.url,
    PAYOUT_BANK_CLIENT_ID: CLIENT.clientId,
    PAYOUT_BANK_CLIENT_SECRET: CLIENT.clientSecret,
    PAYOUT_BANK_SOURCE_ACCOUNT: '9990001112',
    BACKOFFICE_FOUR_EYES_BAHT: '100000000',
    WITHDRAW_ONE_PENDING: 'false',
  })
  try {
    const { players } = await preparePlayers(sanam.base, PLAYERS, 50_000)
    players.forEach((p, i) => core.addAccount('002', p.bankAccount, `ทดสอบ โหลด${i}`))
    const ids: number[] = []
    for (let i = 0; i < PAYOUTS; i++) {
      const player = players[i % PLAYERS]!
      const asked = await call<{ id: number }>(sanam.base, 'POST', '/api/wallet/withdraw', { token: player.token, body: { amount: 100 } })
      if (asked.status !== 200) throw new Error(`withdraw: ${asked.status} ${JSON.stringify(asked.body)}`)
      ids.push(asked.body.data.id)
    }
    const desk = [await deskToken(sanam.base, 'finance.a'), await deskToken(sanam.base, 'finance.b')]
    const latencies: number[] = []
    const statuses = new Map<string, number>()
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        while (next < ids.length) {
          const id = ids[next++]!
          const t0 = performance.now()
          const answer = await call<{ status: string }>(sanam.base, 'POST', `/api/backoffice/withdrawals/${id}/approve`, { token: desk[worker % 2]!, body: {} })
          latencies.push(performance.now() - t0)
          const status = answer.status === 200 ? answer.body.data.status : `HTTP_${answer.status}`
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    const twice = new Set(core.moved.map((m) => m.reference)).size !== core.moved.length
    return {
      bankMs,
      paid: statuses.get('SUCCESS') ?? 0,
      perSecond: Math.round((ids.length / seconds) * 10) / 10,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      statuses: Object.fromEntries(statuses),
      bankMoved: core.moved.length,
      paidTwice: twice,
      dataDir,
    }
  } finally {
    await sanam.stop()
    await bank.close()
  }
}

requireBuilt('apps/api/dist/server.js')
console.info(`payouts through the fake bank: ${PAYOUTS} withdrawals of 100 baht, ${WORKERS} approvals at once, ${os.cpus().length} cores`)
console.info('| bank latency per call | payouts/s | approval p50 | approval p95 | paid | bank moved | paid twice | ledger |')
console.info('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (const ms of LATENCIES) {
  const r = await measure(ms)
  const verified = ledgerVerify({ DATA_DIR: r.dataDir })
  console.info(
    `| ${r.bankMs} ms | ${r.perSecond} | ${r.p50} ms | ${r.p95} ms | ${r.paid} | ${r.bankMoved} | ${r.paidTwice ? 'YES' : 'no'} | ${verified.ok ? 'verified' : verified.said} |`,
  )
  if (Object.keys(r.statuses).length > 1) console.info(`  statuses: ${JSON.stringify(r.statuses)}`)
  rmSync(r.dataDir, { recursive: true, force: true })
}
