import { and, count, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { playerMatches } from '../../db/player-search.ts'
import { type DbNumber as Num, oneRow, pageWhere, rowsOf } from '../../db/rows.ts'
import { players, playerSignals, sessions } from '../../db/schema.ts'

/** One page of `list` (a select from `table`) where `where` holds, newest (highest id) first, and how many rows hold. */
const newestFirstPage = <List extends PgSelect>(
  db: Db,
  list: List,
  table: typeof players | typeof sessions,
  where: SQL | undefined,
  page: number,
  size: number,
) => pageWhere(db, list, { table, where, order: [desc(table.id)] }, page, size)

/** A member as every list of members shows one. */
const memberColumns = {
  id: players.id,
  mobile: players.mobile,
  firstname: players.firstname,
  surname: players.surname,
  status: players.status,
  createdAt: players.createdAt,
}

/** The back-office's reads and status changes of members (issue 12 §5). */
export const membersRepository = {
  /** Members `q` finds (playerMatches), or every member without `q`; newest first. */
  async search(db: Db, q: string | undefined, page: number, size: number) {
    return newestFirstPage(
      db,
      db
        .select({ ...memberColumns, bankCode: players.bankCode, bankAccount: players.bankAccount })
        .from(players)
        .$dynamic(),
      players,
      q === undefined ? undefined : playerMatches(q),
      page,
      size,
    )
  },

  /** The member with their last sign-in, last sign-in address and how many web sessions are live. */
  async profile(db: Db, id: number, now: Date) {
    const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1)
    if (!row) return undefined
    const [[lastLogin], [lastAddress], [live]] = await Promise.all([
      db
        .select({ at: max(sessions.createdAt) })
        .from(sessions)
        .where(eq(sessions.playerId, id)),
      db
        .select({ value: playerSignals.value })
        .from(playerSignals)
        .where(and(eq(playerSignals.playerId, id), eq(playerSignals.kind, 'LOGIN_ADDRESS')))
        .orderBy(desc(playerSignals.seenAt))
        .limit(1),
      db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.playerId, id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now}`)),
    ])
    return { player: row, lastLoginAt: lastLogin?.at ?? null, lastAddress: lastAddress?.value ?? null, liveSessions: live?.n ?? 0 }
  },

  /**
   * What an operator deciding a withdrawal needs to know of each player, in one statement: cash balance, credited
   * deposits and paid withdrawals (count and sum), today's bets net of rollbacks, the active promotion, and the
   * latest sign-in address.
   */
  async contextMany(db: Db, playerIds: readonly number[], dayStart: Date, dayEnd: Date) {
    if (playerIds.length === 0) return []
    const ids = sql.join(
      playerIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )
    const rows = rowsOf<{
      id: Num
      cash: Num | null
      deposits: Num
      deposited: Num | null
      withdrawals: Num
      withdrawn: Num | null
      turnover_today: Num | null
      promotion: string | null
      last_ip: string | null
    }>(
      await db.execute(sql`
        select p.id,
          (select balance from accounts where player_id = p.id and kind = 'cash') as cash,
          (select count(*) from deposits where player_id = p.id and credited_at is not null) as deposits,
          (select sum(amount) from deposits where player_id = p.id and credited_at is not null) as deposited,
          (select count(*) from withdrawals where player_id = p.id and status = 'SUCCESS') as withdrawals,
          (select sum(amount) from withdrawals where player_id = p.id and status = 'SUCCESS') as withdrawn,
          (select sum(amount) from seamless_transactions
            where player_id = p.id and op = 'bet' and status = 'OK' and created_at >= ${dayStart.toISOString()}::timestamptz and created_at < ${dayEnd.toISOString()}::timestamptz) as turnover_today,
          (select pr.title from player_promotions pp join promotions pr on pr.id = pp.promotion_id
            where pp.player_id = p.id and pp.status = 'ACTIVE') as promotion,
          (select value from player_signals where player_id = p.id and kind = 'LOGIN_ADDRESS' order by seen_at desc limit 1) as last_ip
        from players p where p.id in (${ids})`),
    )
    const big = (v: Num | null) => BigInt(v ?? 0)
    return rows.map((r) => ({
      playerId: Number(r.id),
      cash: big(r.cash),
      deposits: Number(r.deposits),
      deposited: big(r.deposited),
      withdrawals: Number(r.withdrawals),
      withdrawn: big(r.withdrawn),
      turnoverToday: big(r.turnover_today),
      promotion: r.promotion,
      lastIp: r.last_ip,
    }))
  },

  /**
   * One page of the member's ledger: every transfer into or out of one of their accounts, newest first, with the
   * kind of account on each side (a player's own kind, or the house account's name). Read per account from the
   * transfers' (debit_account_id, id) and (credit_account_id, id) indexes, newest first and no deeper than the page
   * (issue 22 §5): the cost grows with the member's page, never with the whole ledger. A transfer between two of the
   * member's own accounts is on both sides once.
   */
  async ledgerPage(db: Db, playerId: number, page: number, size: number) {
    const depth = (page + 1) * size
    const rows = rowsOf<{
      id: Num
      kind: string
      reference: string
      amount: Num
      created_at: Date | string
      from_kind: string
      from_mine: boolean
      to_kind: string
      to_mine: boolean
    }>(
      await db.execute(sql`
        with mine as (select id from accounts where player_id = ${playerId}),
        newest as (
          select id from (
            select x.id from mine cross join lateral (
              select id from transfers where debit_account_id = mine.id order by id desc limit ${depth}) x
            union
            select x.id from mine cross join lateral (
              select id from transfers where credit_account_id = mine.id order by id desc limit ${depth}) x
          ) u
          order by id desc
          limit ${size} offset ${page * size})
        select t.id, t.kind, t.reference, t.amount, t.created_at,
          da.kind as from_kind, da.player_id is not distinct from ${playerId}::bigint as from_mine,
          ca.kind as to_kind, ca.player_id is not distinct from ${playerId}::bigint as to_mine
        from newest n
        join transfers t on t.id = n.id
        join accounts da on da.id = t.debit_account_id
        join accounts ca on ca.id = t.credit_account_id
        order by t.id desc`),
    )
    // How many: the member's transfers counted from the same two indexes, per account.
    const [total] = rowsOf<{ n: Num }>(
      await db.execute(sql`
        select count(*) as n from (
          select t.id from accounts a join transfers t on t.debit_account_id = a.id where a.player_id = ${playerId}
          union
          select t.id from accounts a join transfers t on t.credit_account_id = a.id where a.player_id = ${playerId}) u`),
    )
    return {
      rows: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        reference: r.reference,
        amount: BigInt(r.amount),
        at: new Date(r.created_at),
        from: { kind: r.from_kind, mine: r.from_mine },
        to: { kind: r.to_kind, mine: r.to_mine },
      })),
      total: Number(total?.n ?? 0),
    }
  },

  /** One page of the member's web sessions, newest first. */
  async sessionsPage(db: Db, playerId: number, page: number, size: number) {
    return newestFirstPage(
      db,
      db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        })
        .from(sessions)
        .$dynamic(),
      sessions,
      eq(sessions.playerId, playerId),
      page,
      size,
    )
  },

  /** One page of the members this member invited (level 1), newest first. */
  async downlinePage(db: Db, playerId: number, page: number, size: number) {
    return newestFirstPage(db, db.select(memberColumns).from(players).$dynamic(), players, eq(players.uplineId, playerId), page, size)
  },

  /** The member's status and who locked it, the row locked until the transaction ends; undefined for no member. */
  async statusForUpdate(db: Db, id: number) {
    return oneRow(
      db.select({ status: players.status, lockedBy: players.lockedBy, lockedByRole: players.lockedByRole }).from(players).where(eq(players.id, id)),
      true,
    )
  },
  /** Sets the member's status and who locked it (null when active). */
  async setStatus(db: Db, id: number, status: MemberStatus, now: Date): Promise<void> {
    await db
      .update(players)
      .set({ status: status.status, lockedBy: status.lockedBy, lockedByRole: status.lockedByRole, updatedAt: now })
      .where(eq(players.id, id))
  },
}
export type MembersRepository = typeof membersRepository
export type MemberStatus = Pick<typeof players.$inferSelect, 'status' | 'lockedBy' | 'lockedByRole'>
