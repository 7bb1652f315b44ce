import { and, count, desc, eq, ilike, isNull, like, max, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { players, playerSignals, sessions } from '../../db/schema.ts'

/** `text` as a LIKE pattern that matches it literally (`%`, `_` and `\` escaped). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The back-office's reads and status changes of members (issue 12 §5). */
export const membersRepository = {
  /**
   * Members whose phone starts with `q`, whose bank account contains it, whose name contains it (any case), or whose
   * invite code is it; newest first.
   */
  async search(db: Db, q: string, page: number, size: number) {
    const text = literal(q.trim())
    const where = or(
      like(players.mobile, `${text}%`),
      like(players.bankAccount, `%${text}%`),
      ilike(sql`${players.firstname} || ' ' || ${players.surname}`, `%${text}%`),
      eq(players.inviteCode, q.trim().toUpperCase()),
    )
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: players.id,
          mobile: players.mobile,
          firstname: players.firstname,
          surname: players.surname,
          bankCode: players.bankCode,
          bankAccount: players.bankAccount,
          status: players.status,
          createdAt: players.createdAt,
        })
        .from(players)
        .where(where)
        .orderBy(desc(players.id))
        .limit(size)
        .offset(page * size),
      db.select({ n: count() }).from(players).where(where),
    ])
    return { rows, total: total?.n ?? 0 }
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

  /** Sets the member's status when it differs, locking the row; answers the status before, or undefined (no member). */
  async setStatus(db: Db, id: number, status: 'ACTIVE' | 'LOCKED', now: Date): Promise<'ACTIVE' | 'LOCKED' | undefined> {
    const [row] = await db.select({ status: players.status }).from(players).where(eq(players.id, id)).for('update')
    if (!row) return undefined
    if (row.status !== status) await db.update(players).set({ status, updatedAt: now }).where(eq(players.id, id))
    return row.status
  },
}
export type MembersRepository = typeof membersRepository
