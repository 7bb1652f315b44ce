import { randomUUID } from 'node:crypto'
import { msg, type NoticeKind } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { lineEvent, lineSignature, lineUserId, webhookBody } from '../../../test/fakes/line-server.ts'
import { deliverToApp, LINE_TEST_SECRET, lineConfig, linkLine, linkTokenFor, openDialog, postWebhook, useFakeLine } from '../../../test/line.ts'
import { signedInPlayer } from '../../../test/money.ts'
import { lineUserOf } from '../../../test/notices.ts'
import { exclusionsRepository } from '../exclusions/exclusions.repository.ts'
import { outboxRepository } from '../outbox/outbox.repository.ts'
import { signInOperator } from '../../../test/operators.ts'
import lineFixtures from './fixtures/line.json' with { type: 'json' }

// LINE for players (issue 38 §3, ADR 088) through the real app and a fake LINE on 127.0.0.1: the signed webhook,
// linking by link token and nonce, the notices chosen, unlinking, and what the notices module is told.

const line = useFakeLine()
/** Set by a test: the outbox worker is killed after LINE took the next message, before it could record it. */
let killAfterSend = false
const t = useTestApp(() => ({
  config: lineConfig(line()),
  deps: {
    outboxFaults: (step) => {
      if (step !== 'sent' || !killAfterSend) return
      killAfterSend = false
      throw new Error('kill -9')
    },
  },
}))
const MINUTE = 60_000

async function linked(token: string) {
  return (await t.get('/api/line', token)).json().data as { linked: boolean; notices: string[]; offered: boolean }
}

describe('the webhook', () => {
  it.each([
    ['no signature', undefined],
    ['a signature with another secret', lineSignature('another-channel-secret', webhookBody([]))],
    ['a signature of another body', lineSignature(LINE_TEST_SECRET, webhookBody([{ type: 'follow' }]))],
    ['garbage', 'not base64 at all'],
  ])('refuses %s with 401 and reads nothing', async (_name, signature) => {
    deliverToApp(t, line())
    const before = line().received.length
    const body = webhookBody([lineEvent(lineUserId(), { type: 'message' })])
    const res = await postWebhook(t, body, signature)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('BAD_SIGNATURE')
    await t.services.line.idle()
    expect(line().received.length).toBe(before)
  })

  it("answers LINE's verification (no events) with 200", async () => {
    const body = webhookBody([])
    expect((await postWebhook(t, body, lineSignature(LINE_TEST_SECRET, body))).statusCode).toBe(200)
  })

  it('refuses a signed body that is not a webhook with 400', async () => {
    const body = JSON.stringify({ events: 'none' })
    expect((await postWebhook(t, body, lineSignature(LINE_TEST_SECRET, body))).statusCode).toBe(400)
  })

  it('handles a redelivered event once: one link token, one reply', async () => {
    deliverToApp(t, line())
    const event = lineEvent(lineUserId(), { type: 'message' })
    const tokensBefore = line().requestsTo('/v2/bot/user/').length
    const repliesBefore = line().replies().length
    await line().send(event)
    await line().send({ ...event, deliveryContext: { isRedelivery: true } })
    expect(line().requestsTo('/v2/bot/user/').length - tokensBefore).toBe(1)
    expect(line().replies().length - repliesBefore).toBe(1)
    expect(line().replies().at(-1)).toMatch(/^เชื่อมต่อ LINE กับบัญชี .* http:\/\/localhost\/line\/link\?linkToken=/)
  })
})

describe('linking', () => {
  it('links the player: a message, the link, the confirmation, LINE’s accountLink; the chat is told', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    expect(await linked(player.token)).toMatchObject({ offered: true, linked: false })
    await linkLine(t, line(), player.token, lineUserId())
    expect(await linked(player.token)).toMatchObject({
      linked: true,
      notices: ['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion'],
    })
    expect(line().replies().at(-1)).toContain('เชื่อมต่อ LINE กับบัญชี')
  })

  it('sends the browser to LINE’s dialog with the link token and a nonce that is never the same', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const linkToken = await linkTokenFor(t, line(), lineUserId())
    const first = new URL((await t.post('/api/line/link', { link_token: linkToken }, player.token)).json().data.redirect_url)
    const second = new URL((await t.post('/api/line/link', { link_token: linkToken }, player.token)).json().data.redirect_url)
    expect(first.origin + first.pathname).toBe(line().accountLinkUrl)
    expect(first.searchParams.get('linkToken')).toBe(linkToken)
    expect(first.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(32)
    expect(second.searchParams.get('nonce')).not.toBe(first.searchParams.get('nonce'))
  })

  it('refuses a link token past its 10 minutes, and one never issued', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const linkToken = await linkTokenFor(t, line(), lineUserId())
    t.clock.advance(10 * MINUTE + 1)
    for (const token of [linkToken, 'NeverIssuedByLine0123456789']) {
      const res = await t.post('/api/line/link', { link_token: token }, player.token)
      expect(res.statusCode).toBe(410)
      expect(res.json().message).toBe('ลิงก์เชื่อมต่อ LINE หมดอายุหรือถูกใช้ไปแล้ว กรุณาส่งข้อความหา LINE Official Account อีกครั้งเพื่อรับลิงก์ใหม่')
    }
    expect(await linked(player.token)).toMatchObject({ linked: false })
  })

  it('does not link on a nonce past its 10 minutes', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const res = await t.post('/api/line/link', { link_token: await linkTokenFor(t, line(), lineUserId()) }, player.token)
    t.clock.advance(10 * MINUTE + 1)
    await openDialog(res.json().data.redirect_url)
    expect(await linked(player.token)).toMatchObject({ linked: false })
    expect(line().replies().at(-1)).toBe(msg('LINE_LINK_FAILED_REPLY'))
  })

  it('does not link again on a replayed nonce (after an unlink), nor on a nonce sent by another LINE user', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const userId = lineUserId()
    const res = await t.post('/api/line/link', { link_token: await linkTokenFor(t, line(), userId) }, player.token)
    const nonce = new URL(res.json().data.redirect_url).searchParams.get('nonce')!
    await line().send(lineEvent(lineUserId(), { type: 'accountLink', result: 'ok', nonce }))
    expect(await linked(player.token)).toMatchObject({ linked: false })
    await openDialog(res.json().data.redirect_url)
    expect(await linked(player.token)).toMatchObject({ linked: true })
    expect((await t.post('/api/line/unlink', undefined, player.token)).json().data).toMatchObject({ linked: false })
    await line().send(lineEvent(userId, { type: 'accountLink', result: 'ok', nonce }))
    expect(await linked(player.token)).toMatchObject({ linked: false })
  })

  it('keeps one LINE user to one player: a second player is refused, before and after LINE’s dialog', async () => {
    deliverToApp(t, line())
    const [first, second] = [await signedInPlayer(t), await signedInPlayer(t)]
    const userId = lineUserId()
    const tokenOfSecond = await linkTokenFor(t, line(), userId)
    const early = await t.post('/api/line/link', { link_token: tokenOfSecond }, second.token)
    await linkLine(t, line(), first.token, userId)
    // The second confirmed before the first finished: LINE's event for it binds nothing.
    await openDialog(early.json().data.redirect_url)
    expect(await linked(first.token)).toMatchObject({ linked: true })
    expect(await linked(second.token)).toMatchObject({ linked: false })
    // A token confirmed after the first is linked is refused with the reason.
    await t.post('/api/line/unlink', undefined, first.token)
    const again = await linkTokenFor(t, line(), userId)
    await linkLine(t, line(), first.token, userId)
    const late = await t.post('/api/line/link', { link_token: again }, second.token)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ code: 'LINE_TAKEN', message: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว หนึ่งบัญชี LINE เชื่อมต่อได้กับสมาชิกเพียงคนเดียว' })
  })

  it('unlinks when the LINE user blocks the Official Account', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const userId = lineUserId()
    await linkLine(t, line(), player.token, userId)
    await line().send(lineEvent(userId, { type: 'unfollow' }))
    expect(await linked(player.token)).toMatchObject({ linked: false })
  })
})

describe('the notices chosen, and what the notices module is told (PlayerLineAddress)', () => {
  it('answers null when not linked, the LINE user for a chosen notice, null for one not chosen; promotions only after the opt-in', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const lineUserFor = (notice: NoticeKind) => lineUserOf(t.db, t.services.line, player.id, notice)
    expect(await lineUserFor('deposit_credited')).toBeNull()
    const userId = lineUserId()
    await linkLine(t, line(), player.token, userId)
    expect(await lineUserFor('deposit_credited')).toBe(userId)
    expect(await lineUserFor('promotion')).toBeNull()
    const chosen = await t.post('/api/line/notices', { notices: ['payout_paid', 'promotion'] }, player.token)
    expect(chosen.json()).toMatchObject({ message: 'บันทึกการแจ้งเตือนทาง LINE แล้ว', data: { notices: ['payout_paid', 'promotion'] } })
    expect(await lineUserFor('deposit_credited')).toBeNull()
    expect(await lineUserFor('promotion')).toBe(userId)
    await t.post('/api/line/unlink', undefined, player.token)
    expect(await lineUserFor('payout_paid')).toBeNull()
  })

  it('tells a player in a self-exclusion nothing but the exclusion', async () => {
    deliverToApp(t, line())
    const player = await signedInPlayer(t)
    const userId = lineUserId()
    await linkLine(t, line(), player.token, userId)
    await t.post('/api/line/notices', { notices: ['deposit_credited', 'payout_paid', 'exclusion', 'promotion'] }, player.token)
    await exclusionsRepository.insert(t.db, {
      playerId: player.id,
      kind: 'SELF_EXCLUSION',
      period: '6M',
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 180 * 86_400_000),
    })
    for (const notice of ['deposit_credited', 'payout_paid', 'promotion'] as const)
      expect(await lineUserOf(t.db, t.services.line, player.id, notice)).toBeNull()
    expect(await lineUserOf(t.db, t.services.line, player.id, 'exclusion')).toBe(userId)
  })

  it.each([
    ['an unknown notice', { notices: ['jackpot'] }],
    ['one twice', { notices: ['payout_paid', 'payout_paid'] }],
    ['no list', { notices: 'payout_paid' }],
    ['an extra field', { notices: [], channel: 'sms' }],
  ])('refuses %s with a Thai message and changes nothing', async (_name, body) => {
    const player = await signedInPlayer(t)
    const res = await t.post('/api/line/notices', body, player.token)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/[ก-๙]/)
    expect((await linked(player.token)).notices).toEqual(['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion'])
  })
})

describe("the outbox's LINE channel", () => {
  it('pushes with the row’s retry key; a worker killed after LINE took it sends it again and LINE answers 409: one message', async () => {
    const to = lineUserId()
    const { id } = await outboxRepository.insert(t.db, {
      channel: 'line',
      recipient: to,
      templateId: 'PASSWORD_CHANGED',
      params: { site: 'Sanam' },
      idempotencyKey: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
      status: 'PENDING',
      nextAttemptAt: t.clock.now(),
    })
    const pushes = () =>
      line()
        .requestsTo('/v2/bot/message/push')
        .filter((r) => (JSON.parse(r.body) as { to: string }).to === to)
    killAfterSend = true
    await expect(t.services.outbox.runOnce()).rejects.toThrow('kill -9')
    expect((await outboxRepository.findById(t.db, id))?.status).toBe('SENDING')
    t.clock.advance(10 * MINUTE)
    await t.services.outbox.runOnce()
    expect((await outboxRepository.findById(t.db, id))?.status).toBe('SENT')
    expect(pushes().map((r) => r.headers['x-line-retry-key'])).toEqual(['6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'])
    expect(pushes().map((r) => r.headers.authorization)).toEqual(['Bearer long-lived-channel-access-token', 'Bearer long-lived-channel-access-token'])
  })
})

describe("LINE's own alerts for the desk (ADR 087)", () => {
  /** A LINE message due now, its push answered with LINE's documented `answer`. */
  async function pushAnswered(answer: { status: number; body: unknown }) {
    line().failNext('/v2/bot/message/push', answer)
    const { id } = await outboxRepository.insert(t.db, {
      channel: 'line',
      recipient: lineUserId(),
      templateId: 'PASSWORD_CHANGED',
      params: { site: 'Sanam' },
      idempotencyKey: randomUUID(),
      status: 'PENDING',
      nextAttemptAt: t.clock.now(),
    })
    await t.services.outbox.runOnce()
    return id
  }
  const desk = async () => {
    const owner = await signInOperator(t, 'owner')
    const alerts = (await t.get('/api/backoffice/alerts', owner.token)).json().data.list as Array<{ kind: string; title: string; todo: string; link: string }>
    const outbox = (await t.get('/api/backoffice/outbox', owner.token)).json().data.alerts as Array<{ kind: string; channel: string }>
    return { alerts, outbox }
  }

  it.each([
    ['the month’s quota is spent (429 "monthly limit")', lineFixtures.monthlyLimit, 'LINE_QUOTA', 'DESK_ALERT_LINE_QUOTA_SPENT'],
    ['LINE refuses the token (401)', lineFixtures.unauthorized, 'LINE_UNAUTHORIZED', 'DESK_ALERT_LINE_UNAUTHORIZED'],
  ] as const)('%s: LINE’s alert with LINE’s wording, not the SMS one; closed once a push goes', async (_title, answer, kind, text) => {
    const id = await pushAnswered(answer)
    expect((await outboxRepository.findById(t.db, id))?.status).toBe('PENDING')
    const before = await desk()
    expect(before.alerts.find((a) => a.kind === kind)).toEqual(expect.objectContaining({ title: msg(text), todo: msg(`${text}_TODO`), link: '/outbox' }))
    expect(before.alerts.filter((a) => a.kind.startsWith('SMS_'))).toEqual([])
    expect(before.outbox).toEqual([expect.objectContaining({ kind, channel: 'line' })])
    t.clock.advance(10 * MINUTE)
    await t.services.outbox.runOnce()
    expect((await outboxRepository.findById(t.db, id))?.status).toBe('SENT')
    expect((await desk()).outbox).toEqual([])
  })
})

it("reads the month's quota for the desk's 80 % alert", async () => {
  await expect(t.services.line.lineQuota()).resolves.toEqual({ limit: 500, used: 400 })
})

describe('a site without LINE (the setting unset: off)', () => {
  it('offers no LINE, refuses linking, answers every webhook 401 and tells the notices module null', async () => {
    const off = await buildTestApp()
    try {
      const player = await signedInPlayer(off)
      expect((await off.get('/api/line', player.token)).json().data).toMatchObject({ offered: false, linked: false, add_friend_url: null })
      const res = await off.post('/api/line/link', { link_token: 'NMZTNuVrPTqlr2IF8Bnymkb7rXfYv5EY' }, player.token)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('เว็บไซต์นี้ยังไม่เปิดให้เชื่อมต่อ LINE')
      const body = webhookBody([])
      expect((await postWebhook(off, body, lineSignature(LINE_TEST_SECRET, body))).statusCode).toBe(401)
      expect(await lineUserOf(off.db, off.services.line, player.id, 'exclusion')).toBeNull()
      await expect(off.services.line.lineQuota()).resolves.toBeNull()
    } finally {
      await off.close()
    }
  })
})
