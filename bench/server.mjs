// The built server as the benchmarks start it: on a free port, in a child process, stopped with SIGTERM.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { START_FLAGS } from '../scripts/start-flags.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Stops the run with a clear message when a built part it needs is missing. */
export function requireBuilt(...parts) {
  const missing = parts.filter((part) => !existsSync(path.join(root, part)))
  if (missing.length > 0) {
    console.error(`${missing.join(', ')} missing: run npm run build first`)
    process.exit(2)
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

/**
 * Starts apps/api/dist/server.js with Node's flags of `npm start` (the heap budget, ADR 064) and `env` on top of the
 * defaults, and waits until /api/health answers and the server says it serves (over the IPC channel: with
 * API_PROCESSES > 1, once every worker listens, not only the first; ADR 052).
 * Answers its base URL, its process id (the primary's with several processes) and `stop`.
 */
export async function startSanam(env) {
  const port = await freePort()
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (issue 22 §1).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []
  const child = spawn(process.execPath, [...START_FLAGS, ...profile, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    // Demo mode also on PostgreSQL (BENCH_DATABASE_URL): the load plays through the demo provider and its demo secret.
    // BENCH_LOG_LEVEL (default warn): what the server logs, to /dev/null; `info` is the server's own default.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', SANAM_MODE: 'demo', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  // Resolves true when the server says it serves, false when it exits first.
  const serving = new Promise((resolve) => {
    child.on('message', (message) => message?.sanam === 'serving' && resolve(true))
    child.once('exit', () => resolve(false))
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        if (!(await serving)) break
        return { base, pid: child.pid, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) }
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start')
}
