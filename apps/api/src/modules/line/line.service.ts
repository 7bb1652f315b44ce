import { DEFAULT_LINE_NOTICES, msg, NOTICE_KINDS, type LineLinkStart, type LineState, type NoticeKind } from '@sanam/contract'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import { LINE_USER_ID, type LineApi, type LineQuota } from './line-api.ts'
import type { LineLinkRow, LineRepository } from './line.repository.ts'
import type { LineEvent } from './line-webhook.ts'

/** A link token and a nonce are good for 10 minutes, once (LINE's rule for the token; Sanam's for its nonce). */
export const LINK_MINUTES = 10
/** Webhook event ids and link requests are kept this long (a redelivery comes within hours). */
export const KEEP_LINE_DAYS = 7

export interface LineSettings {
  /** Sanam's page a player opens from the chat: the link token goes on it as `?linkToken=`. */
  linkPageUrl: string
  /** LINE's account-link dialog (https://access.line.me/dialog/bot/accountLink, or the fake LINE's). */
  accountLinkUrl: string
  /** The Official Account's add-friend link the account page shows (and draws as a QR code), if any. */
  addFriendUrl: string | null
}

/**
 * LINE for players (issue 38 §3, ADR 088): linking through LINE's link token and Sanam's one-time nonce (no LINE
 * Login), the notices each player chooses, the webhook's events, and `lineUserQuery`, the notices module's
 * `PlayerLineAddress`. `api` null: the site has not connected LINE, which is then off everywhere (fail closed).
 */
export function createLineService(deps: {
  db: Db
  clock: Clock
  api: LineApi | null
  settings: LineSettings
  siteName: () => Promise<string>
  lineRepository: LineRepository
  log: { warn(details: object, message: string): void; info(details: object, message: string): void }
}) {
  const { db, clock, api, settings, lineRepository: repo } = deps
  /** What the webhook left to do after answering (LINE calls); tests wait for it with `idle()`. */
  const pending = new Set<Promise<void>>()

  function later(work: () => Promise<void>) {
    const running = work()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'a LINE reply or link token failed; the player can write again'))
      .finally(() => pending.delete(running))
    pending.add(running)
  }

  function stateOf(row: LineLinkRow | undefined): LineState {
    return {
      offered: api !== null,
      linked: api !== null && Boolean(row?.lineUserId),
      linked_at: row?.linkedAt?.toISOString() ?? null,
      notices: row ? NOTICE_KINDS.filter((kind) => row.notices.includes(kind)) : [...DEFAULT_LINE_NOTICES],
      add_friend_url: api ? settings.addFriendUrl : null,
    }
  }

  function mustBeOffered(): LineApi {
    if (!api) throw new AppError('LINE_OFF')
    return api
  }

  /** A LINE user wrote (or tapped the rich menu, or followed) and is not linked: a link token, and the link in a reply. */
  async function offerLink(lineApi: LineApi, userId: string, replyToken: string | undefined) {
    const token = await lineApi.linkToken(userId)
    await repo.insertRequest(db, { lineUserId: userId, tokenHash: sha256(token), tokenExpiresAt: new Date(clock.now().getTime() + LINK_MINUTES * 60_000) })
    if (!replyToken) return
    const url = `${settings.linkPageUrl}?linkToken=${encodeURIComponent(token)}`
    await lineApi.reply(replyToken, msg('LINE_LINK_REPLY', { site: await deps.siteName(), url }))
  }

  /** LINE's accountLink event: binds the nonce's player to the LINE user, once; answers whether it did. */
  async function completeLink(userId: string, nonce: string): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      const now = clock.now()
      const playerId = await repo.completeNonce(tx, sha256(nonce), userId, now)
      if (playerId === undefined) return false
      const holder = await repo.playerOfLineUser(tx, userId)
      if (holder !== undefined && holder !== playerId) return false
      if (holder === undefined) await repo.link(tx, playerId, userId, now, [...DEFAULT_LINE_NOTICES])
      return true
    })
  }

  return {
    /** The player's LINE as the account page shows it. */
    async state(player: Actor): Promise<LineState> {
      return stateOf(await repo.linkOf(db, player.playerId))
    },

    /** Which notices go to LINE from now on (promotion only when listed: the explicit opt-in). */
    async chooseNotices(player: Actor, notices: NoticeKind[]): Promise<LineState> {
      mustBeOffered()
      await repo.saveNotices(db, player.playerId, [...notices], clock.now())
      return stateOf(await repo.linkOf(db, player.playerId))
    },

    /** Unlinks the player's LINE, at any time; the notices chosen stay for a next link. */
    async unlink(player: Actor): Promise<LineState> {
      await repo.unlink(db, { playerId: player.playerId }, clock.now())
      return stateOf(await repo.linkOf(db, player.playerId))
    },

    /**
     * The signed-in player confirms the link token of the chat they came from: a one-time nonce (stored hashed, 10
     * minutes) and LINE's account-link dialog to send the browser to. A token unknown, used or past its 10 minutes is
     * LINE_LINK_EXPIRED; a LINE user linked to another player is LINE_TAKEN.
     */
    async startLink(player: Actor, linkToken: string): Promise<LineLinkStart> {
      mustBeOffered()
      const nonce = newToken()
      const now = clock.now()
      await inTransaction(db, async (tx) => {
        const userId = await repo.confirmToken(
          tx,
          sha256(linkToken),
          player.playerId,
          { hash: sha256(nonce), expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000) },
          now,
        )
        if (userId === undefined) throw new AppError('LINE_LINK_EXPIRED')
        const holder = await repo.playerOfLineUser(tx, userId)
        if (holder !== undefined && holder !== player.playerId) throw new AppError('LINE_TAKEN')
      })
      const query = new URLSearchParams({ linkToken, nonce })
      return { redirect_url: `${settings.accountLinkUrl}?${query.toString()}` }
    },

    /**
     * The webhook's events, signature checked: each handled once (a redelivered `webhookEventId` is ignored). Links
     * are bound before the answer; LINE calls (a link token, a reply) run after it.
     */
    async receive(events: LineEvent[]): Promise<void> {
      const lineApi = mustBeOffered()
      for (const event of events) {
        // Added to a group (the desk's, issue 38 §4): its id, which the operator needs to send the desk's alerts there.
        if (event.type === 'join' && event.source?.type === 'group')
          deps.log.info({ lineGroupId: event.source.groupId }, 'the LINE Official Account joined a group: its id is the one to give for the desk')
        const userId = event.source?.type === 'user' ? event.source.userId : undefined
        if (!userId || !LINE_USER_ID.test(userId)) continue
        if (!(await repo.firstSight(db, event.webhookEventId, clock.now()))) continue
        if (event.type === 'accountLink') {
          const linked = event.link?.result === 'ok' && typeof event.link.nonce === 'string' && (await completeLink(userId, event.link.nonce))
          const replyToken = event.replyToken
          if (replyToken)
            later(async () => lineApi.reply(replyToken, linked ? msg('LINE_LINKED_REPLY', { site: await deps.siteName() }) : msg('LINE_LINK_FAILED_REPLY')))
        } else if (event.type === 'unfollow') {
          // Blocked: LINE would refuse every push now; the player links again after following again.
          await repo.unlink(db, { lineUserId: userId }, clock.now())
        } else if (event.type === 'message' || event.type === 'follow' || event.type === 'postback') {
          if ((await repo.playerOfLineUser(db, userId)) === undefined) later(() => offerLink(lineApi, userId, event.replyToken))
        }
      }
    },

    /** Resolves once the work the webhook left for after its answer is done (tests; a graceful stop). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending])
    },

    /**
     * The notices module's `PlayerLineAddress`: the query answering the LINE user to tell about `notice` (none: not
     * linked, the notice not chosen, or a player in a time-out or self-exclusion and not the exclusion's own notice);
     * null when LINE is off. The notices module runs it inside the outbox's insert (one statement, issue 38 §6).
     */
    lineUserQuery(playerId: number, notice: NoticeKind): SQL | null {
      return api ? repo.lineUserQuery(playerId, notice, clock.now()) : null
    },

    /** The month's LINE quota and its use, for the desk's 80 % alert; null when LINE is off. */
    async lineQuota(): Promise<LineQuota | null> {
      return api ? api.quota() : null
    },

    /** The job's work: webhook event ids and link requests past their keeping time. */
    async prune(tx: Db): Promise<number> {
      return repo.prune(tx, new Date(clock.now().getTime() - KEEP_LINE_DAYS * 86_400_000))
    },
  }
}
export type LineService = ReturnType<typeof createLineService>
