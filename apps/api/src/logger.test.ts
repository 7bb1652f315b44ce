import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CENSOR, hideSecrets, LOG_BUFFER_BYTES, logDestination, serverLoggerOptions } from './logger.ts'

// The server's log (ADR 091): credentials hidden where they can be without walking every line, lines written by the
// server's own thread a buffer at a time, and nothing in the buffer lost when the process ends.

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
    [
      'a signature, an API key or a cookie being set, in headers',
      { call: { headers: { 'x-signature': 'sha256=x', 'x-api-key': 'k-1', 'set-cookie': 'sid=z', accept: 'application/json' } } },
      { call: { headers: { 'x-signature': CENSOR, 'x-api-key': CENSOR, 'set-cookie': CENSOR, accept: 'application/json' } } },
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

describe('the destination', () => {
  it('writes each full buffer at once from the server’s own thread, and what is left on a flush', () => {
    // A file, as a supervisor's journal: what is written is there to read at once, with no pool thread to wait for
    // (ADR 091: the hand-off to libuv's pool cost the balance read more than the write).
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sanam-log-'))
    const file = path.join(folder, 'server.log')
    const fd = fs.openSync(file, 'w')
    const stream = logDestination(fd)
    const log = pino(serverLoggerOptions({ LOG_LEVEL: 'info' }, stream), stream)
    try {
      const lines = 3 * Math.ceil(LOG_BUFFER_BYTES / 100)
      // Thai in every other line: three bytes a character, where sonic-boom's patched bound on a chunk's bytes (its
      // characters times three, ADR 102) is tightest.
      const filler = (i: number) => (i % 2 === 0 ? 'x' : 'ก').repeat(60)
      for (let i = 0; i < lines; i++) log.info({ n: i, filler: filler(i) }, 'a line')
      const written = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)
      // Without a turn of the event loop: every full buffer is in the file, the last part still in the buffer.
      const before = written().length
      expect(before).toBeGreaterThan(lines / 2)
      expect(before).toBeLessThan(lines)
      stream.flushSync()
      const parsed = written().map((line) => JSON.parse(line) as { n: number; filler: string })
      expect(parsed.map((line) => line.n)).toEqual(Array.from({ length: lines }, (_, i) => i))
      expect(parsed.every((line) => line.filler === filler(line.n))).toBe(true)
    } finally {
      ;(stream as unknown as { destroy(): void }).destroy()
      fs.rmSync(folder, { recursive: true })
    }
  })
})

/** Runs log-child.ts with `end` and answers its standard output's lines, parsed, once it has exited, and its exit code. */
function runChild(
  end: 'sigterm' | 'crash' | 'drain',
  requests: number,
): Promise<{ lines: Array<{ msg: string; req?: { url: string } }>; code: number | null }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: root,
      env: { ...process.env, LOG_CHILD_END: end, LOG_CHILD_REQUESTS: String(requests) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    process_.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    process_.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8')
      if (end === 'sigterm' && err.includes('ready\n')) process_.kill('SIGTERM')
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

describe('the buffered log at the end of the process', () => {
  // Many times the buffer (a line is about 200 bytes), so most lines went out in the buffer's writes and the last ones
  // only at the end.
  const requests = Math.ceil((12 * LOG_BUFFER_BYTES) / 150)

  it.each([
    ['a clean shutdown (SIGTERM, then process.exit as server.ts does)', 'sigterm' as const, 0, 'closed'],
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
