// Slip verification (issue 37 §6, ADR 084), a scenario of `npm run bench` (`slips`) and, alone, `npm run bench:slips`:
// how long one slip verification takes through each vendor adapter,
// against its fake vendor on 127.0.0.1 (the contract tests' fake, answering the fixtures of the published documents).
// Not a test: it prints and records numbers. What it measures is the adapter's own cost (the request built, the
// answer read and checked with zod, the verdict made; OAuth2 token kept; KBank over mutual TLS with kept-alive
// connections) plus loopback HTTP: a real vendor adds its network and its own time, which only the vendor's access
// can measure.
//   BENCH_SLIP_CALLS (default 300) calls per adapter, one at a time (latency), then the same number with
//   BENCH_SLIP_CONCURRENCY (default 16) in flight (throughput).
// Writes bench/results/latest-slip-verify.md (not tracked); copy it to a dated file to record it.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { verifierSubjects, type VerifierSubject } from '../apps/api/test/slip-verifiers.ts'
import { makeTestPki } from '../apps/api/test/test-pki.ts'
import { root } from './server.mjs'

export const SLIP_CALLS = Number(process.env.BENCH_SLIP_CALLS ?? 300)
export const SLIP_CONCURRENCY = Number(process.env.BENCH_SLIP_CONCURRENCY ?? 16)
const CALLS = SLIP_CALLS
const CONCURRENCY = SLIP_CONCURRENCY

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (value: number) => value.toFixed(2)

export interface SlipVerifyRow {
  name: string
  p50: number
  p95: number
  p99: number
  max: number
  perSecond: number
  notVerified: number
}

async function measure(subject: VerifierSubject): Promise<SlipVerifyRow> {
  const { verifier, close } = await subject.start()
  let notVerified = 0
  const once = async () => {
    const started = performance.now()
    const verdict = await verifier.verify(subject.query)
    if (verdict.outcome !== 'VERIFIED') notVerified++
    return performance.now() - started
  }
  try {
    for (let i = 0; i < 20; i++) await once() // warm-up: the token, the TLS session, the JIT
    const latencies: number[] = []
    for (let i = 0; i < CALLS; i++) latencies.push(await once())
    latencies.sort((a, b) => a - b)
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < CALLS) await once()
      }),
    )
    const seconds = (performance.now() - started) / 1000
    return {
      name: subject.name,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      perSecond: CALLS / seconds,
      notVerified,
    }
  } finally {
    await close()
  }
}

/** Each adapter against its fake vendor, one after another (a fresh test PKI for KBank's mutual TLS). */
export async function measureSlipVerifiers(): Promise<SlipVerifyRow[]> {
  const rows: SlipVerifyRow[] = []
  for (const subject of verifierSubjects(makeTestPki())) rows.push(await measure(subject))
  return rows
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await measureSlipVerifiers()
  const table = [
    '| adapter | p50 ms | p95 ms | p99 ms | max ms | verifications/s at ' + CONCURRENCY + ' in flight | answers not VERIFIED |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${Math.round(r.perSecond)} | ${r.notVerified} |`),
  ].join('\n')
  const text = `# Slip verification latency per adapter (fake vendors on loopback)

${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}. ${CALLS} calls one at a time per adapter (after 20 to warm up), then ${CALLS} with ${CONCURRENCY} in flight.

${table}
`
  console.info(text)
  writeFileSync(path.join(root, 'bench', 'results', 'latest-slip-verify.md'), text)
}
