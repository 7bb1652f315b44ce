import type { NoticeKind } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { writeTogether, type Write } from '../../db/writes.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import type { OutboxService } from '../outbox/outbox.service.ts'
import type { TemplateId, TemplateParams } from '../outbox/templates.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { PlayerLineAddress } from './player-line-address.ts'

/** One notice: its kind (the player's LINE choice), its template, whether SMS may carry it, and the event it reports. */
interface Notice {
  playerId: number
  kind: NoticeKind
  template: TemplateId
  params: TemplateParams
  /** Only a payout's status and the exclusion's own protection notice go by SMS (Thai rules; ADR 087). */
  sms: boolean
  /** The event, e.g. `deposit:42`: one message per event and channel, however often the event's code runs. */
  eventKey: string
}

/**
 * The player's notices (issue 38 §1, ADR 087): written to the outbox in the transaction of the event they report, so a
 * notice exists exactly when its event committed, once per event and channel. LINE when the player linked it and chose
 * the notice; SMS only for a payout's status and an exclusion's confirmation; nothing at all to a player under a
 * time-out or self-exclusion but the exclusion's own notice. Nothing about promotions is sent from here.
 */
export function createNoticesService(deps: {
  clock: Clock
  outbox: Pick<OutboxService, 'noticeWrite'>
  lineAddress: PlayerLineAddress
  /** The site's name as the texts start with it: the site service's cached one (no statement in the event's transaction but on a miss). */
  siteName: (tx: Db) => Promise<string>
  playersRepository: Pick<PlayersRepository, 'findById'>
  exclusionsRepository: Pick<ExclusionsRepository, 'activeMany'>
}) {
  /**
   * The writes of `notice` (db/writes.ts: its LINE and SMS messages), for its event's transaction; `written` is told of
   * each message written once they have run.
   */
  async function writesOf(tx: Db, notice: Notice, written?: () => void): Promise<Write[]> {
    // LINE's recipient is a query run inside the outbox's insert: linked, chosen and not excluded, in one statement. A
    // LINE-only notice (a deposit credited, a limit) costs its event's transaction no statement but that write, which
    // the event's own write can carry (issue 38 §6).
    const lineUser = deps.lineAddress.lineUserQuery(notice.playerId, notice.kind)
    if (!lineUser && !notice.sms) return []
    // SMS has no such query: an excluded player's SMS (and LINE with it) is refused here, once.
    if (notice.sms && notice.kind !== 'exclusion' && (await deps.exclusionsRepository.activeMany(tx, [notice.playerId], deps.clock.now())).has(notice.playerId))
      return []
    const params = { site: await deps.siteName(tx), ...notice.params }
    const writes: Write[] = []
    if (lineUser)
      writes.push(deps.outbox.noticeWrite(tx, { channel: 'line', recipient: lineUser, template: notice.template, params }, notice.eventKey, written))
    if (notice.sms) {
      const player = await deps.playersRepository.findById(tx, notice.playerId)
      if (player)
        writes.push(deps.outbox.noticeWrite(tx, { channel: 'sms', recipient: player.mobile, template: notice.template, params }, notice.eventKey, written))
    }
    return writes
  }

  /** Writes `notice` in its event's transaction, one statement for its messages; answers how many were written. */
  async function send(tx: Db, notice: Notice): Promise<number> {
    let written = 0
    await writeTogether(tx, await writesOf(tx, notice, () => written++))
    return written
  }

  return {
    /**
     * A deposit was credited (by any source): LINE only. The notice's writes, for the credit to send with its own write
     * (issue 38 §6); nothing is written until the caller sends them (`writeTogether`), in the credit's transaction.
     */
    depositCreditedWrites(tx: Db, deposit: { playerId: number; depositId: number; amount: bigint }): Promise<Write[]> {
      return writesOf(tx, {
        playerId: deposit.playerId,
        kind: 'deposit_credited',
        template: 'NOTICE_DEPOSIT_CREDITED',
        params: { amount: deposit.amount.toString() },
        sms: false,
        eventKey: `deposit:${deposit.depositId}`,
      })
    },

    /** A withdrawal was paid out or refused (by an operator or the payout bank): its status, by LINE and SMS. */
    withdrawalDecided(tx: Db, withdrawal: { playerId: number; withdrawalId: number; amount: bigint; paid: boolean }) {
      return send(tx, {
        playerId: withdrawal.playerId,
        kind: withdrawal.paid ? 'payout_paid' : 'payout_refused',
        template: withdrawal.paid ? 'NOTICE_PAYOUT_PAID' : 'NOTICE_PAYOUT_REFUSED',
        params: { amount: withdrawal.amount.toString() },
        sms: true,
        eventKey: `withdrawal:${withdrawal.withdrawalId}:${withdrawal.paid ? 'paid' : 'refused'}`,
      })
    },

    /**
     * A money limit changed: `applied` (set, tightened, or a loosening confirmed: in force now) or `pending` (a
     * loosening asked, confirmable from `confirmableAt`). LINE only. `changeKey` names the change (kind and instant).
     */
    limitChanged(tx: Db, change: { playerId: number; outcome: 'applied' | 'pending'; confirmableAt?: Date; changeKey: string }) {
      return send(tx, {
        playerId: change.playerId,
        kind: 'limit_changed',
        template: change.outcome === 'applied' ? 'NOTICE_LIMIT_APPLIED' : 'NOTICE_LIMIT_PENDING',
        params: change.confirmableAt ? { at: change.confirmableAt.toISOString() } : {},
        sms: false,
        eventKey: `limit:${change.playerId}:${change.changeKey}:${change.outcome}`,
      })
    },

    /**
     * A time-out or self-exclusion started: the one notice an excluded player gets, by SMS as well (a protection notice:
     * if someone else chose it, the account holder learns at once) and by LINE when chosen.
     */
    excluded(tx: Db, exclusion: { playerId: number; exclusionId: number; endsAt: Date | null }) {
      return send(tx, {
        playerId: exclusion.playerId,
        kind: 'exclusion',
        template: 'NOTICE_EXCLUSION',
        params: exclusion.endsAt ? { until: exclusion.endsAt.toISOString() } : {},
        sms: true,
        eventKey: `exclusion:${exclusion.exclusionId}`,
      })
    },
  }
}
export type NoticesService = ReturnType<typeof createNoticesService>
