import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { writeTogether } from '../../db/writes.ts'
import { manualClock, type ManualClock } from '../../lib/clock.ts'
import { openTestDatabase } from '../../../test/database.ts'
import { testOutbox } from '../../../test/outbox.ts'
import { ChannelError, SMS_ALERTS, smsChannel, type Delivery, type OutboxChannel } from './channel.ts'
import { outboxRepository } from './outbox.repository.ts'
import type { OutboxSettings } from './outbox.service.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await database.db.execute(sql`delete from outbox_attempts`)
  await database.db.execute(sql`delete from outbox_messages`)
  await database.db.execute(sql`delete from operator_alerts`)
})

/** A channel answering from a script (one failure or `ok` per call), recording what it was given. */
function scripted(script: Array<ChannelError | 'ok'>) {
  const calls: Delivery[] = []
  const channel: OutboxChannel = {
    name: 'sms',
    alerts: SMS_ALERTS,
    async send(delivery) {
      calls.push(delivery)
      const next = script.shift() ?? 'ok'
      if (next !== 'ok') throw next
    },
  }
  return { channel, calls }
}

function setup(script: Array<ChannelError | 'ok'>, settings: Partial<OutboxSettings> = {}) {
  const clock: ManualClock = manualClock()
  const { channel, calls } = scripted(script)
  const outbox = testOutbox(database.db, clock, { channels: [channel] }, { settings })
  const notice = () =>
    database.db.transaction((tx) => outbox.enqueue(tx, { channel: 'sms', recipient: '0812345678', template: 'PASSWORD_CHANGED', params: { site: 'Sanam' } }))
  return { clock, calls, outbox, notice }
}

const row = (id: number) => outboxRepository.findById(database.db, id)

describe('the outbox worker', () => {
  it('backs off exponentially on a transient failure, with one retry key for every attempt', async () => {
    const { clock, calls, outbox, notice } = setup([new ChannelError('500', 'transient'), new ChannelError('timeout', 'transient')], { backoffBaseMs: 5_000 })
    const { id } = await notice()
    expect(await outbox.runOnce()).toBe(1)
    expect((await row(id))!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(5_000)
    clock.advance(4_999)
    expect(await outbox.runOnce()).toBe(0)
    clock.advance(1)
    await outbox.runOnce()
    expect((await row(id))!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(10_000)
    clock.advance(10_000)
    await outbox.runOnce()
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 3, lastError: null })
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(1)
    const attempts = await outboxRepository.attemptsOf(database.db, id)
    expect(attempts.map((a) => a.outcome)).toEqual(['RETRY', 'RETRY', 'SENT'])
  })

  it('records the attempt of a worker that vanished (kill -9) once another takes the message after its lease, never finished', async () => {
    const clock = manualClock()
    const { channel, calls } = scripted([])
    const settings = { leaseMs: 60_000 }
    const vanishing = testOutbox(
      database.db,
      clock,
      { channels: [channel] },
      {
        settings,
        faults: () => {
          throw new Error('kill -9')
        },
      },
    )
    const { id } = await database.db.transaction((tx) =>
      vanishing.enqueue(tx, { channel: 'sms', recipient: '0812345678', template: 'PASSWORD_CHANGED', params: { site: 'Sanam' } }),
    )
    const takenAt = clock.now()
    await expect(vanishing.runOnce()).rejects.toThrow('kill -9')
    clock.advance(60_000)
    expect(await testOutbox(database.db, clock, { channels: [channel] }, { settings }).runOnce()).toBe(1)
    expect(calls).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 })
    const attempts = await outboxRepository.attemptsOf(database.db, id)
    expect(attempts.map(({ attempt, startedAt, finishedAt, outcome }) => ({ attempt, startedAt, finishedAt, outcome }))).toEqual([
      { attempt: 1, startedAt: takenAt, finishedAt: null, outcome: null },
      { attempt: 2, startedAt: clock.now(), finishedAt: clock.now(), outcome: 'SENT' },
    ])
  })

  it('waits what a 429 says (Retry-After), and the channel takes nothing more until then', async () => {
    const { clock, calls, outbox, notice } = setup([new ChannelError('429', 'rate_limited', 30_000)])
    const first = await notice()
    await outbox.runOnce()
    const second = await notice()
    clock.advance(29_000)
    expect(await outbox.runOnce()).toBe(0)
    expect(calls).toHaveLength(1)
    clock.advance(1_000)
    expect(await outbox.runOnce()).toBe(2)
    expect(await row(first.id)).toMatchObject({ status: 'SENT' })
    expect(await row(second.id)).toMatchObject({ status: 'SENT' })
  })

  it('does not try a permanent refusal (a bad number, the do-not-send list) again', async () => {
    const { clock, calls, outbox, notice } = setup([new ChannelError('do-not-send', 'permanent')])
    const { id } = await notice()
    await outbox.runOnce()
    clock.advance(24 * 3_600_000)
    await outbox.runOnce()
    expect(calls).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'FAILED', lastError: 'do-not-send' })
  })

  it('raises one alert for the desk when the gateway is out of credit, keeps the message, and clears the alert once one goes', async () => {
    const { clock, outbox, notice } = setup([new ChannelError('no credit', 'no_credit'), new ChannelError('no credit', 'no_credit')])
    const { id } = await notice()
    await notice()
    await outbox.runOnce()
    const alerts = rowsOf<{ kind: string; resolved_at: Date | null }>(await database.db.execute(sql`select kind, resolved_at from operator_alerts`))
    expect(alerts).toEqual([{ kind: 'SMS_NO_CREDIT', resolved_at: null }])
    expect((await row(id))!.status).toBe('PENDING')
    clock.advance(60 * 60_000)
    await outbox.runOnce()
    expect((await outbox.today()).alerts).toEqual([])
  })

  it('keeps to the channel rate budget: no more per second than configured', async () => {
    const { clock, calls, outbox, notice } = setup([], { perSecond: { sms: 3 } })
    for (let i = 0; i < 7; i++) await notice()
    expect(await outbox.runOnce()).toBe(3)
    expect(await outbox.runOnce()).toBe(0)
    clock.advance(1_000)
    expect(await outbox.runOnce()).toBe(3)
    expect(calls).toHaveLength(6)
  })

  it("takes every channel's due messages in one pass, each channel within its own rate budget, oldest first", async () => {
    const clock = manualClock()
    const sent: string[] = []
    const channel = (name: string): OutboxChannel => ({ name, alerts: SMS_ALERTS, send: async (d) => void sent.push(`${name} ${d.recipient}`) })
    const outbox = testOutbox(database.db, clock, { channels: [channel('sms'), channel('line')] }, { settings: { perSecond: { sms: 2, line: 5 } } })
    const line = (n: number) => `U${String(n).padStart(32, '0')}`
    for (let n = 0; n < 4; n++) {
      await database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, { channel: 'sms', recipient: `081000000${n}`, template: 'PASSWORD_CHANGED', params: { site: 'Sanam' } })
        await outbox.enqueue(tx, { channel: 'line', recipient: line(n), template: 'NOTICE_DEPOSIT_CREDITED', params: { site: 'Sanam', amount: 100 } })
      })
      clock.advance(1)
    }
    expect(await outbox.runOnce()).toBe(6)
    expect(sent.filter((s) => s.startsWith('sms'))).toEqual(['sms 0810000000', 'sms 0810000001'])
    expect(sent.filter((s) => s.startsWith('line'))).toEqual([0, 1, 2, 3].map((n) => `line ${line(n)}`))
    clock.advance(1_000)
    expect(await outbox.runOnce()).toBe(2)
    expect(sent.slice(6)).toEqual(['sms 0810000002', 'sms 0810000003'])
  })

  it('gives up after the last attempt', async () => {
    const { clock, outbox, notice } = setup(
      Array.from({ length: 5 }, () => new ChannelError('500', 'transient')),
      { maxAttempts: 3 },
    )
    const { id } = await notice()
    for (let i = 0; i < 5; i++) {
      await outbox.runOnce()
      clock.advance(3_600_000)
    }
    expect(await row(id)).toMatchObject({ status: 'DEAD', attempts: 3 })
  })
})

describe('codes in the outbox', () => {
  it('are sealed at rest, reach the channel in clear, and are wiped once sent', async () => {
    const { calls, outbox } = setup([])
    const { id } = await database.db.transaction((tx) =>
      outbox.enqueue(tx, {
        channel: 'sms',
        recipient: '0812345678',
        template: 'OTP',
        params: { site: 'Sanam', ref: 'KQ7M', minutes: 5 },
        secret: '482913',
        sentByRequest: true,
      }),
    )
    const stored = JSON.stringify(await row(id))
    expect(stored).not.toContain('482913')
    expect((await row(id))!.sealedSecret).toMatch(/^v1:/)
    expect(await outbox.deliverNow(id)).toBe(true)
    expect(calls[0]).toMatchObject({ recipient: '0812345678', otp: { code: '482913', ref: 'KQ7M' } })
    expect(calls[0]!.text).toContain('482913')
    expect(await row(id)).toMatchObject({ status: 'SENT', sealedSecret: null })
  })

  it('are not sent after they expire, and the sealed code is wiped', async () => {
    const { clock, calls, outbox } = setup([])
    const { id } = await database.db.transaction((tx) =>
      outbox.enqueue(tx, {
        channel: 'sms',
        recipient: '0812345678',
        template: 'OTP',
        params: { site: 'Sanam', ref: 'KQ7M', minutes: 5 },
        secret: '482913',
        expiresAt: new Date(clock.now().getTime() + 300_000),
        sentByRequest: true,
      }),
    )
    // The request died before sending; a worker finds the message only after the code expired.
    clock.advance(301_000)
    await outbox.runOnce()
    expect(calls).toHaveLength(0)
    expect(await row(id)).toMatchObject({ status: 'DEAD', sealedSecret: null })
  })

  it('a request that sends its own code tries once: a failure is final, never sent later behind the person', async () => {
    const { clock, calls, outbox } = setup([new ChannelError('down', 'transient')])
    const { id } = await database.db.transaction((tx) =>
      outbox.enqueue(tx, {
        channel: 'sms',
        recipient: '0812345678',
        template: 'OTP',
        params: { site: 'S', ref: 'R', minutes: 5 },
        secret: '111222',
        sentByRequest: true,
      }),
    )
    expect(await outbox.deliverNow(id)).toBe(false)
    clock.advance(3_600_000)
    await outbox.runOnce()
    expect(calls).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'DEAD', sealedSecret: null })
  })

  it('the SMS channel refuses a text with a link for good', async () => {
    const sent: string[] = []
    const channel = smsChannel({ name: 'fake', send: async (m) => void sent.push(m.text) })
    await expect(channel.send({ recipient: '0812345678', text: 'ดูที่ https://x.example', retryKey: 'k' })).rejects.toMatchObject({ kind: 'permanent' })
    expect(sent).toEqual([])
  })
})

describe('keeping', () => {
  it('prunes settled messages past 90 days with their attempts, and keeps anything still due whatever its age', async () => {
    const { clock, outbox, notice } = setup([new ChannelError('bad number', 'permanent')], { perSecond: { sms: 1 } })
    const refused = await notice()
    const waiting = await notice()
    await outbox.runOnce()
    expect((await row(refused.id))!.status).toBe('FAILED')
    expect((await row(waiting.id))!.status).toBe('PENDING')
    clock.advance(89 * 86_400_000)
    expect(await database.db.transaction((tx) => outbox.prune(tx))).toBe(0)
    clock.advance(2 * 86_400_000)
    expect(await database.db.transaction((tx) => outbox.prune(tx))).toBe(1)
    expect(await row(refused.id)).toBeUndefined()
    expect(await outboxRepository.attemptsOf(database.db, refused.id)).toEqual([])
    expect((await row(waiting.id))!.status).toBe('PENDING')
  })
})

describe("a notice's write (ADR 100)", () => {
  it('is written once per event and channel by the statement that carries it, and wakes the worker only once that commits', async () => {
    const { outbox } = setup([])
    let wakes = 0
    outbox.onEnqueued(() => wakes++)
    const written: number[] = []
    const notice = (tx: Parameters<typeof outbox.noticeWrite>[0]) =>
      outbox.noticeWrite(
        tx,
        { channel: 'sms', recipient: '0812345678', template: 'NOTICE_PAYOUT_PAID', params: { site: 'Sanam', amount: '10000' } },
        'withdrawal:7:paid',
        (id) => written.push(id),
      )
    const rollback = new Error('roll back')
    await expect(
      database.db.transaction(async (tx) => {
        const write = notice(tx)
        expect(written).toEqual([]) // built, not sent
        await writeTogether(tx, [write])
        expect(written).toHaveLength(1)
        throw rollback
      }),
    ).rejects.toBe(rollback)
    const [left] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from outbox_messages`))
    expect([wakes, left!.n]).toEqual([0, 0])

    await database.db.transaction(async (tx) => {
      // Carried by another write of the same transaction's statement, as a deposit's credit carries its notice.
      await writeTogether(tx, [{ sql: sql`update outbox_messages set last_error = null where false` }, notice(tx)])
      expect(wakes).toBe(0)
    })
    expect(wakes).toBe(1)
    const [id] = written.slice(-1)
    expect((await row(id!))!.status).toBe('PENDING')
    // The event reported again: nothing written, nobody woken.
    await database.db.transaction((tx) => writeTogether(tx, [notice(tx)]))
    expect([wakes, written.length]).toEqual([1, 2])
  })
})
