import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { players } from '../../db/schema.ts'
import { exists, insertedOrThrow, rowWhere } from '../../db/rows.ts'

export type PlayerRow = typeof players.$inferSelect
export type NewPlayer = typeof players.$inferInsert

/** All SQL about player rows. Every function takes the db or a transaction first. */
export const playersRepository = {
  async findById(db: Db, id: number): Promise<PlayerRow | undefined> {
    return rowWhere(db, players, eq(players.id, id))
  },
  async findByMobile(db: Db, mobile: string): Promise<PlayerRow | undefined> {
    return rowWhere(db, players, eq(players.mobile, mobile))
  },
  async isBankAccountTaken(db: Db, bankCode: string, bankAccount: string): Promise<boolean> {
    return exists(db, players, and(eq(players.bankCode, bankCode), eq(players.bankAccount, bankAccount)))
  },
  /** The player whose registered account this is (one per bank and account), if any. */
  async findByBankAccount(db: Db, bankCode: string, bankAccount: string): Promise<PlayerRow | undefined> {
    return rowWhere(db, players, and(eq(players.bankCode, bankCode), eq(players.bankAccount, bankAccount)))
  },
  async findIdByInviteCode(db: Db, inviteCode: string): Promise<number | undefined> {
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.inviteCode, inviteCode)).limit(1)
    return row?.id
  },
  async insert(db: Db, player: NewPlayer): Promise<PlayerRow> {
    return insertedOrThrow(db.insert(players).values(player).returning())
  },
  /**
   * Sets the player's password hash. `resetAt` marks it as an operator's temporary password (issue 12 §5); a password
   * the player chose clears the mark. With `ifResetAt`, only while the mark is still that one (a temporary password is
   * spent once, even by two requests at the same time); answers whether the row changed.
   */
  async updatePasswordHash(db: Db, id: number, passwordHash: string, now: Date, resetAt: Date | null = null, ifResetAt?: Date): Promise<boolean> {
    const changed = await db
      .update(players)
      .set({ passwordHash, passwordResetAt: resetAt, updatedAt: now })
      .where(and(eq(players.id, id), ifResetAt === undefined ? undefined : eq(players.passwordResetAt, ifResetAt)))
      .returning({ id: players.id })
    return changed.length > 0
  },
}
export type PlayersRepository = typeof playersRepository
