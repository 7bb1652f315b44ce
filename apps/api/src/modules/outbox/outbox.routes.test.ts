import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/rows.ts'
import { useTestApp } from '../../../test/app.ts'
import { signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { testOutbox } from '../../../test/outbox.ts'
import { SmsSendError, type SmsMessage } from '../sms/sms.ts'
import { SMS_ALERTS, type Delivery, type OutboxChannel } from './channel.ts'

// The desk's view of the outbox and its resend (issue 38 §5, ADR 083), and two workers on one database.

/** A gateway that refuses one number for good (the do-not-send list) and takes every other. */
const DO_NOT_SEND = '0899999999'
const sent: SmsMessage[] = []
const t = useTestApp({
  deps: {
    sms: {
      name: 'fake',
      async send(message) {
        if (message.to === DO_NOT_SEND) throw new SmsSendError('do-not-send list', { kind: 'permanent' })
        sent.push(message)
      },
    },
  },
})

describe('the outbox for the desk', () => {
  it("lists today's failed notice, and resends it once asked (audited); a code is never resent", async () => {
    const player = await signedInPlayer(t, { mobile: DO_NOT_SEND })
    const changed = await t.post('/api/user/@me/password', { old: player.password, new: 'another-pass-9' }, player.token)
    expect(changed.statusCode).toBe(200)
    // The security notice was written with the change and goes by the worker.
    await t.services.outbox.runOnce()
    const support = await signInOperator(t, 'support')
    const today = await t.get('/api/backoffice/outbox', support.token)
    expect(today.statusCode).toBe(200)
    const data = today.json().data
    const failed = data.failed.find((m: { template: string }) => m.template === 'PASSWORD_CHANGED')
    expect(failed).toMatchObject({ status: 'FAILED', recipient: '089-xxx-9999', resendable: true, last_error: 'do-not-send list' })
    expect(data.channels.find((c: { channel: string }) => c.channel === 'sms').failed).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(data)).not.toContain(DO_NOT_SEND)

    const resent = await t.post(`/api/backoffice/outbox/${failed.id}/resend`, {}, support.token)
    expect(resent.statusCode).toBe(200)
    const copy = resent.json().data.id
    const [audit] = rowsOf<{ operator_id: string; target_id: string }>(
      await t.db.execute(sql`select operator_id::text, target_id from audit_log where action = 'outbox.resend' order by id desc limit 1`),
    )
    expect(audit).toEqual({ operator_id: String(support.id), target_id: String(failed.id) })
    const waiting = (await t.get('/api/backoffice/outbox', support.token)).json().data.waiting
    expect(waiting.map((m: { id: number }) => m.id)).toContain(copy)
    // A message that is not failed is not resent.
    expect((await t.post(`/api/backoffice/outbox/${copy}/resend`, {}, support.token)).json().code).toBe('OUTBOX_NOT_RESENDABLE')
  })

  it('refuses to resend a message that carried a code', async () => {
    const { id } = await t.db.transaction((tx) =>
      t.services.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: DO_NOT_SEND,
        template: 'OTP',
        params: { site: 'S', ref: 'R', minutes: 5 },
        secret: '123456',
        sentByRequest: true,
      }),
    )
    expect(await t.services.outbox.deliverNow(id)).toBe(false)
    const support = await signInOperator(t, 'support')
    const res = await t.post(`/api/backoffice/outbox/${id}/resend`, {}, support.token)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'OUTBOX_NOT_RESENDABLE' })
  })

  it('shows a LINE recipient masked (its first four and last four characters), never whole', async () => {
    const user = `U${'3c'.repeat(14)}9f0e`
    const group = `C${'7d'.repeat(16)}`
    await t.db.transaction(async (tx) => {
      for (const recipient of [user, group])
        await t.services.outbox.enqueue(tx, { channel: 'line', recipient, template: 'NOTICE_DEPOSIT_CREDITED', params: { site: 'S', amount: '10000' } })
    })
    // No LINE channel is configured here: the messages wait, and the desk lists them.
    const support = await signInOperator(t, 'support')
    const data = (await t.get('/api/backoffice/outbox', support.token)).json().data
    const recipients = data.waiting.filter((m: { channel: string }) => m.channel === 'line').map((m: { recipient: string }) => m.recipient)
    expect(recipients).toEqual(expect.arrayContaining(['U3c3…9f0e', 'C7d7…7d7d']))
    expect(JSON.stringify(data)).not.toContain(user)
    expect(JSON.stringify(data)).not.toContain(group)
  })

  it('is not for a signed-out caller', async () => {
    expect((await t.get('/api/backoffice/outbox')).statusCode).toBe(401)
  })
})

describe('two workers on one database', () => {
  it('never take the same message (FOR UPDATE SKIP LOCKED)', async () => {
    const calls: Delivery[] = []
    const channel: OutboxChannel = { name: 'sms', alerts: SMS_ALERTS, send: async (d) => void calls.push(d) }
    const workers = [0, 1].map(() => testOutbox(t.db, t.clock, { channels: [channel] }, { settings: { perSecond: { sms: 100 }, batch: 5 } }))
    await t.db.execute(sql`update outbox_messages set status = 'DEAD', sealed_secret = null where status in ('PENDING', 'SENDING')`)
    const ids: number[] = []
    for (let i = 0; i < 20; i++) {
      const { id } = await t.db.transaction((tx) =>
        workers[0]!.enqueue(tx, { channel: 'sms', recipient: `08100001${String(i).padStart(2, '0')}`, template: 'PASSWORD_CHANGED', params: { site: 'S' } }),
      )
      ids.push(id)
    }
    for (let pass = 0; pass < 10; pass++) await Promise.all(workers.map((w) => w.runOnce()))
    const keys = calls.map((c) => c.retryKey)
    expect(keys).toHaveLength(20)
    expect(new Set(keys).size).toBe(20)
  })
})
