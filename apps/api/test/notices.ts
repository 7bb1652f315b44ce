import { asc, sql } from 'drizzle-orm'
import type { NoticeKind } from '@sanam/contract'
import type { Db } from '../src/db/client.ts'
import { rowsOf } from '../src/db/rows.ts'
import { operatorAlerts, outboxMessages } from '../src/db/schema.ts'
import { toldOf } from '../src/modules/line/line.repository.ts'
import type { PlayerLineAddress } from '../src/modules/notices/player-line-address.ts'

/**
 * A stand-in for the LINE module's addresses (ADR 087, 088): players a test links, each with the notices they chose
 * (every kind but promotions unless told), as a query answering the LINE user or no row, and no row for a player in
 * a time-out or self-exclusion but for the exclusion's own notice (the real one's condition, at the app's clock `now`).
 */
export function fakeLineAddress(now: () => Date) {
  const linked = new Map<number, { user: string; kinds: readonly NoticeKind[] }>()
  const address: PlayerLineAddress = {
    lineUserQuery(playerId, notice) {
      const link = linked.get(playerId)
      return link && link.kinds.includes(notice)
        ? sql`select ${link.user}::text as recipient where ${toldOf(playerId, notice, now())}`
        : sql`select null::text as recipient where false`
    },
  }
  return {
    address,
    link(playerId: number, kinds: readonly NoticeKind[] = ['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion']) {
      const user = `U${playerId.toString(16).padStart(32, '0')}`
      linked.set(playerId, { user, kinds })
      return user
    },
  }
}

/** The outbox's messages, oldest first, as a test compares them: channel, recipient, template. */
export async function outboxMessagesOf(db: Db, recipients: readonly string[]) {
  const rows = await db.select().from(outboxMessages).orderBy(asc(outboxMessages.id))
  return rows.filter((r) => recipients.includes(r.recipient)).map((r) => ({ channel: r.channel, recipient: r.recipient, template: r.templateId }))
}

/** The desk's alerts of `kind`, oldest first: subject and params. */
export async function alertsOf(db: Db, kind: string) {
  const rows = await db.select().from(operatorAlerts).orderBy(asc(operatorAlerts.id))
  return rows.filter((r) => r.kind === kind).map((r) => ({ subject: r.subject, params: r.params }))
}

/** The LINE user a `PlayerLineAddress` query answers for a notice, or null (none, or LINE off), as a test reads it. */
export async function lineUserOf(db: Db, address: PlayerLineAddress, playerId: number, notice: NoticeKind): Promise<string | null> {
  const query = address.lineUserQuery(playerId, notice)
  return query ? (rowsOf<{ recipient: string }>(await db.execute(query))[0]?.recipient ?? null) : null
}
