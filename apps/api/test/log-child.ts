// A process that logs as the server does (ADR 091: serverLoggerOptions, RequestLog, standard output through the
// buffer), for logger.test.ts: it answers LOG_CHILD_REQUESTS requests, writes `answered` once they are done, then ends
// as LOG_CHILD_END says: `sigterm` waits for SIGTERM and shuts down as server.ts does (app.close, `closed`, flushLog,
// then process.exit(0)); `crash` throws an uncaught error; `drain` lets the event loop empty.
import Fastify from 'fastify'
import { flushLog, RequestLog, serverLoggerOptions } from '../src/logger.ts'

const requests = Number(process.env.LOG_CHILD_REQUESTS ?? 1000)
const end = process.env.LOG_CHILD_END ?? 'sigterm'
const logger = serverLoggerOptions({ LOG_LEVEL: 'info' })
const app = Fastify({ logger, logController: new RequestLog() })
app.get('/api/thing', async () => ({ ok: true }))
await app.ready()
for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: `/api/thing?n=${i}` })
app.log.info('answered')
if (end === 'sigterm') {
  process.on('SIGTERM', () => {
    app.log.info({ signal: 'SIGTERM' }, 'shutting down: finishing requests in flight')
    void app
      .close()
      .then(() => app.log.info('closed'))
      .then(() => flushLog(logger.stream))
      .then(() => process.exit(0))
  })
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
