// A process that logs as the server does (ADR 091: serverLoggerOptions, RequestLog, standard output through the
// asynchronous buffer), for logger.test.ts: it answers LOG_CHILD_REQUESTS requests, writes `answered` once they are
// done, then ends as LOG_CHILD_END says: `sigterm` waits for SIGTERM and shuts down as server.ts does (app.close,
// `closed`, flushLog, then process.exit(0)); `crash` throws an uncaught error; `drain` lets the event loop empty.
// `sigterm-write-under-way` is `sigterm` with the log's write under way at the shutdown: libuv's one pool thread (the
// test sets UV_THREADPOOL_SIZE=1) is busy hashing, and the shutdown's line is longer than the buffer, so its write waits
// for the thread (as under a loaded CPU) while the process heads for exit.
import { pbkdf2 } from 'node:crypto'
import Fastify from 'fastify'
import { flushLog, LOG_BUFFER_BYTES, RequestLog, serverLoggerOptions } from '../src/logger.ts'

const requests = Number(process.env.LOG_CHILD_REQUESTS ?? 1000)
const end = process.env.LOG_CHILD_END ?? 'sigterm'
const logger = serverLoggerOptions({ LOG_LEVEL: 'info' })
const app = Fastify({ logger, logController: new RequestLog() })
app.get('/api/thing', async () => ({ ok: true }))
await app.ready()
for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: `/api/thing?n=${i}` })
app.log.info('answered')
if (end === 'sigterm' || end === 'sigterm-write-under-way') {
  process.on('SIGTERM', () => {
    if (end === 'sigterm-write-under-way') pbkdf2('password', 'salt', 300_000, 64, 'sha512', () => undefined)
    const detail = end === 'sigterm-write-under-way' ? { detail: 'x'.repeat(2 * LOG_BUFFER_BYTES) } : {}
    app.log.info({ signal: 'SIGTERM', ...detail }, 'shutting down: finishing requests in flight')
    void app
      .close()
      .then(() => app.log.info('closed'))
      .then(() => flushLog(logger.stream))
      .then(() => process.exit(0))
  })
  // The write under way is the shutdown line's, none of the requests' (the pool is free of them).
  if (end === 'sigterm-write-under-way') await flushLog(logger.stream)
  // Tells the test it may send the signal (stderr: standard output is the log).
  process.stderr.write('ready\n')
  setInterval(() => undefined, 60_000)
} else if (end === 'crash') {
  setImmediate(() => {
    throw new Error('the process crashed')
  })
} else {
  await app.close()
}
