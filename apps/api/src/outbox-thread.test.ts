import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from './db/client.ts'
import { systemClock } from './lib/clock.ts'
import { outboxRepository } from './modules/outbox/outbox.repository.ts'
import type { SmsMessage } from './modules/sms/sms.ts'
import { OUTBOX_THREAD_RESTART_MS, startOutboxThread, type OutboxThreadLog } from './outbox-thread-host.ts'
import { openTestDatabase } from '../test/database.ts'
import { testOutbox } from '../test/outbox.ts'

// ADR 101: on PostgreSQL the server's outbox worker runs in a thread of its own, which builds the server's services
// from the same environment on its own connections. Shown with a real thread on a real database: a message committed
// by the server's thread is sent by the outbox's (the console sender's text back in the server's thread, where
// GET /api/dev/sms reads it), stop() ends the thread, and a thread that dies is started again and says so in the log.
// The embedded database keeps its worker in the server's thread (server.ts): nothing to show on PGlite.

const onPostgres = process.env.SANAM_TEST_DB === 'postgres'

function recordingLog() {
  const lines: { level: string; message: string; details: Record<string, unknown> }[] = []
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      lines.push({ level, message, details: details as Record<string, unknown> })
    }
  const log: OutboxThreadLog = { info: at('info'), warn: at('warn'), error: at('error') }
  return { log, lines }
}

describe.runIf(onPostgres)('the outbox thread (ADR 101)', () => {
  let database: Database & { url?: string }
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it("sends what the server's thread committed, its console texts back in the server's thread, and stops", async () => {
    // The server's side: its outbox writes the message and tells of the commit; it sends nothing itself here.
    const sentHere: SmsMessage[] = []
    const outbox = testOutbox(database.db, systemClock, { sms: { name: 'unused', send: async (m) => void sentHere.push(m) } })
    const consoleTexts: SmsMessage[] = []
    const { log, lines } = recordingLog()
    const thread = startOutboxThread({
      onEnqueued: outbox.onEnqueued,
      log,
      consoleSms: { send: async (message) => void consoleTexts.push(message) },
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', SANAM_MODE: 'demo', SEED_DEMO: 'false', SMS_PROVIDER: 'console', DATABASE_URL: database.url! },
    })
    try {
      await thread.ready
      const { id } = await database.db.transaction((tx) =>
        outbox.enqueue(tx, { channel: 'sms', recipient: '0812345678', template: 'PASSWORD_CHANGED', params: { site: 'Sanam' } }),
      )
      await vi.waitFor(() => expect(consoleTexts).toHaveLength(1), { timeout: 10_000, interval: 20 })
      expect(consoleTexts[0]).toMatchObject({ to: '0812345678', text: expect.stringContaining('Sanam') })
      await vi.waitFor(async () => expect((await outboxRepository.findById(database.db, id))?.status).toBe('SENT'), { timeout: 5_000, interval: 20 })
      expect(sentHere).toEqual([])
    } finally {
      await thread.stop()
    }
    // Stopped: a message committed now stays waiting for the next worker.
    const { id: later } = await database.db.transaction((tx) =>
      outbox.enqueue(tx, { channel: 'sms', recipient: '0812345679', template: 'PASSWORD_CHANGED', params: { site: 'Sanam' } }),
    )
    expect((await outboxRepository.findById(database.db, later))?.status).toBe('PENDING')
    expect(consoleTexts).toHaveLength(1)
    expect(lines.filter((line) => line.level !== 'info')).toEqual([])
  })

  it('starts a thread that died again, and says so in the log', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'outbox-thread-'))
    const entry = path.join(folder, 'dies.mjs')
    await writeFile(entry, "throw new Error('the thread could not go on')\n")
    const { log, lines } = recordingLog()
    const thread = startOutboxThread({ onEnqueued: () => () => {}, log, entry: pathToFileURL(entry) })
    try {
      await vi.waitFor(() => expect(lines.filter((line) => line.message === 'the outbox thread ended: starting it again')).toHaveLength(2), {
        timeout: 10 * OUTBOX_THREAD_RESTART_MS,
        interval: 20,
      })
      const failures = lines.filter((line) => line.message === 'the outbox thread failed')
      expect(failures.length).toBeGreaterThanOrEqual(2)
      expect(String(failures[0]!.details.err)).toContain('the thread could not go on')
      // Each failure in a row waits twice as long as the last before the next start.
      const restarts = lines.filter((line) => line.message === 'the outbox thread ended: starting it again').map((line) => line.details.restart_ms)
      expect(restarts).toEqual([OUTBOX_THREAD_RESTART_MS, 2 * OUTBOX_THREAD_RESTART_MS])
    } finally {
      await thread.stop()
    }
  })
})
