import { describe, expect, it, vi } from 'vitest'
import { fakeDb } from '../../../test/fakes/db.ts'
import { manualClock } from '../../lib/clock.ts'
import type { LineApi } from './line-api.ts'
import type { LineRepository } from './line.repository.ts'
import { createLineService } from './line.service.ts'

// The LINE service on fakes (ADR 088): what the webhook's events ask of LINE and of the database, without either.

function service() {
  const log = { info: vi.fn(), warn: vi.fn() }
  const api = { push: vi.fn(), reply: vi.fn(), linkToken: vi.fn(), quota: vi.fn() } satisfies Record<keyof LineApi, unknown>
  const repo = { firstSight: vi.fn(async () => true), playerOfLineUser: vi.fn(async () => undefined) }
  const line = createLineService({
    db: fakeDb(),
    clock: manualClock(),
    api: api as unknown as LineApi,
    settings: { linkPageUrl: 'https://sanam.example/line/link', accountLinkUrl: 'https://access.line.me/dialog/bot/accountLink', addFriendUrl: null },
    siteName: async () => 'Sanam',
    lineRepository: repo as unknown as LineRepository,
    log,
  })
  return { line, log, api, repo }
}

const GROUP = `C${'a1'.repeat(16)}`

describe('the webhook events', () => {
  it('logs the id of a group the Official Account joined (the desk’s), and asks nothing of LINE', async () => {
    const { line, log, api } = service()
    await line.receive([{ type: 'join', webhookEventId: '01J0GROUPJOIN', replyToken: 'r', source: { type: 'group', groupId: GROUP } }])
    await line.idle()
    expect(log.info).toHaveBeenCalledWith({ lineGroupId: GROUP }, expect.stringContaining('joined a group'))
    expect(api.linkToken).not.toHaveBeenCalled()
    expect(api.reply).not.toHaveBeenCalled()
  })

  it('offers no link to a message from a group or from an id that is not a LINE user’s', async () => {
    const { line, api, repo } = service()
    await line.receive([
      { type: 'message', webhookEventId: '01J0GROUPMSG', replyToken: 'r', source: { type: 'group', groupId: GROUP, userId: `U${'b2'.repeat(16)}` } },
      { type: 'message', webhookEventId: '01J0BADUSER', replyToken: 'r', source: { type: 'user', userId: 'U-not-an-id' } },
    ])
    await line.idle()
    expect(api.linkToken).not.toHaveBeenCalled()
    expect(repo.firstSight).not.toHaveBeenCalled()
  })
})
