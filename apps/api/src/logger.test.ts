import { execFileSync, spawn } from 'node:child_process'
import { type EventEmitter, once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CENSOR, flushLog, hideSecrets, LOG_BUFFER_BYTES, logDestination, serverLoggerOptions } from './logger.ts'

// The server's log (ADR 091): credentials hidden where they can be without walking every line, and nothing written to
// the asynchronous buffer lost when the process ends.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const child = path.join(root, 'apps/api/test/log-child.ts')

describe('hideSecrets', () => {
  it.each([
    ['a field of the line', { password: 'pw-1', user: 7 }, { password: CENSOR, user: 7 }],
    ['a field of an object in it', { body: { otp_code: '123456', mobile: '0812345678' } }, { body: { otp_code: CENSOR, mobile: '0812345678' } }],
    ['two levels down', { call: { body: { session_token: 's-1', amount: 5 } } }, { call: { body: { session_token: CENSOR, amount: 5 } } }],
    ['in a list', { changes: [{ old: 'a', new: 'b' }] }, { changes: [{ old: CENSOR, new: CENSOR }] }],
    [
      'a header of a logged object',
      { upstream: { headers: { authorization: 'Bearer x', cookie: 'sid=y' } } },
      { upstream: { headers: { authorization: CENSOR, cookie: CENSOR } } },
    ],
  ])('hides %s', (_what, line, expected) => {
    const copy = structuredClone(line)
    expect(hideSecrets(line)).toEqual(expected)
    // The object the caller logged is left as it was.
    expect(line).toEqual(copy)
  })

  it('answers a line without a credential as it came, without copying it (every request line)', () => {
    const line = { res: { statusCode: 200 }, responseTime: 1.5, nested: { a: { b: { c: 1 } } } }
    expect(hideSecrets(line)).toBe(line)
  })

  it('leaves the request and the reply to their serializers, which write method, URL, address and status only', () => {
    const request = { method: 'GET', url: '/x', headers: { authorization: 'Bearer x' } }
    expect(hideSecrets({ req: request }).req).toBe(request)
  })
})

describe('the destination under a reader that stalls', () => {
  it('keeps no listener a flush: errors while a write waits leave none behind', async () => {
    // A pipe nobody reads: the first writes fill it, and the destination's write waits (EAGAIN, retried).
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sanam-log-'))
    const fifo = path.join(folder, 'stalled')
    execFileSync('mkfifo', [fifo])
    const fd = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK)
    const stream = logDestination(fd)
    const log = pino(serverLoggerOptions({ LOG_LEVEL: 'info' }, stream), stream)
    try {
      for (let i = 0; i < 100; i++) log.info({ filler: 'x'.repeat(2_000) }, 'a line')
      for (let i = 0; i < 20; i++) log.error({ i }, 'an error line')
      // Each error asked for its line to go at once; before, each left a `drain` listener until the pipe moved.
      expect((stream as unknown as EventEmitter).listenerCount('drain')).toBeLessThanOrEqual(1)
    } finally {
      // A reader at last: the waiting write goes, and the destination ends and closes its descriptor itself (a
      // destination destroyed mid-write would retry on a closed number, which the next test's pipes may reuse).
      const reader = spawn('cat', [fifo], { stdio: 'ignore' })
      await flushLog(stream)
      const closed = once(stream as unknown as EventEmitter, 'close')
      ;(stream as unknown as { end(): void }).end()
      await closed
      reader.kill()
      fs.rmSync(folder, { recursive: true })
    }
  })
})

/** Runs log-child.ts with `end` and answers its standard output's lines, parsed, once it has exited, and its exit code. */
function runChild(
  end: 'sigterm' | 'sigterm-write-under-way' | 'crash' | 'drain',
  requests: number,
): Promise<{ lines: Array<{ msg: string; req?: { url: string } }>; code: number | null }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: root,
      env: { ...process.env, LOG_CHILD_END: end, LOG_CHILD_REQUESTS: String(requests), UV_THREADPOOL_SIZE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    process_.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    process_.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8')
      if (end.startsWith('sigterm') && err.includes('ready\n')) process_.kill('SIGTERM')
    })
    process_.once('error', reject)
    process_.once('exit', (code) => {
      try {
        resolve({
          lines: out
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { msg: string }),
          code,
        })
      } catch (error) {
        reject(new Error(`${String(error)}\n${err}`))
      }
    })
  })
}

describe('the asynchronous log at the end of the process', () => {
  // Many times the buffer, so most lines went out in the buffer's writes and the last ones only at the end.
  const requests = 2000

  it.each([
    ['a clean shutdown (SIGTERM, then process.exit as server.ts does)', 'sigterm' as const, 0, 'closed'],
    // pino's flush at exit does not wait for a write under way (flushLog does): the lines behind it came out first.
    ['a clean shutdown with a write under way', 'sigterm-write-under-way' as const, 0, 'closed'],
    ['an uncaught exception', 'crash' as const, 1, 'answered'],
    ['the event loop running out of work', 'drain' as const, 0, 'answered'],
  ])(
    'loses no line at %s',
    async (_when, end, exitCode, last) => {
      const { lines, code } = await runChild(end, requests)
      expect(code).toBe(exitCode)
      const completed = lines.filter((line) => line.msg === 'request completed')
      // One line a request, each with what Fastify's `incoming request` said (its URL), none missing.
      expect(completed.map((line) => line.req?.url)).toEqual(Array.from({ length: requests }, (_, i) => `/api/thing?n=${i}`))
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(false)
      expect(lines.at(-1)?.msg).toBe(last)
      expect(JSON.stringify(lines).length).toBeGreaterThan(10 * LOG_BUFFER_BYTES)
    },
    60_000,
  )
})
