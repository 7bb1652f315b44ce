// The built server as the benchmarks start it: on a free port, in a child process, stopped with SIGTERM.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
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

/** The size of a log file and its lines (newlines), read a megabyte at a time. */
function linesIn(file) {
  if (!existsSync(file)) return { bytes: 0, lines: 0 }
  const fd = openSync(file, 'r')
  const chunk = Buffer.alloc(1 << 20)
  let bytes = 0
  let lines = 0
  try {
    for (let read; (read = readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
      bytes += read
      for (let at = chunk.indexOf(10); at !== -1 && at < read; at = chunk.indexOf(10, at + 1)) lines++
    }
  } finally {
    closeSync(fd)
  }
  return { bytes, lines }
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
 * What the benchmarks change of the server's own defaults, beyond its address (issue 40 §1): `env` and, when
 * BENCH_LOG_LEVEL is set, LOG_LEVEL. The reports name them.
 */
export function changedSettings(env) {
  const changed = { SANAM_MODE: 'demo', ...env }
  if (process.env.BENCH_LOG_LEVEL) changed.LOG_LEVEL = process.env.BENCH_LOG_LEVEL
  return changed
}

/**
 * Starts apps/api/dist/server.js as `npm start` runs it (its Node flags: the heap budget, ADR 064; its default log
 * level, its log on standard output) with `env` on top of the defaults, and waits until /api/health answers and the
 * server says it serves (over the IPC channel: with API_PROCESSES > 1, once every worker listens, not only the first;
 * ADR 052). Its standard output goes to a file, as a supervisor writes it to a journal or a file (ADR 091).
 * Answers its base URL, its process id (the primary's with several processes) and `stop`, which answers the size and
 * lines of its log once it has exited.
 */
export async function startSanam(env) {
  const port = await freePort()
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (issue 22 §1).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []
  const logFolder = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-log-'))
  const logFile = path.join(logFolder, 'server.log')
  const logFd = openSync(logFile, 'a')
  const child = spawn(process.execPath, [...START_FLAGS, ...profile, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    // Demo mode also on PostgreSQL (BENCH_DATABASE_URL): the load plays through the demo provider and its demo secret.
    // LOG_LEVEL only when BENCH_LOG_LEVEL says so: else the server's own default (info), as npm start runs it.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...changedSettings(env) },
    stdio: ['ignore', logFd, 'inherit', 'ipc'],
  })
  closeSync(logFd)
  const removeLog = () => rmSync(logFolder, { recursive: true, force: true })
  // Resolves true when the server says it serves, false when it exits first.
  const serving = new Promise((resolve) => {
    child.on('message', (message) => message?.sanam === 'serving' && resolve(true))
    child.once('exit', () => resolve(false))
  })
  const base = `http://127.0.0.1:${port}`
  // Up to two minutes: a first start on a new embedded folder migrates and seeds, slow on a loaded machine.
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        if (!(await serving)) break
        return {
          base,
          pid: child.pid,
          // Answers the log's size and lines once the server has exited (its last lines flushed), then removes it.
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => {
                const figures = linesIn(logFile)
                removeLog()
                r(figures)
              })
              child.kill('SIGTERM')
            }),
        }
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGKILL')
  removeLog()
  throw new Error('the server did not start')
}
