import { and, asc, desc, eq, gt, inArray, isNull, lt, max, ne, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operatorChanges, operatorRequests, operators, operatorSessions } from '../../db/schema.ts'
import type { TimedEdge } from './operator-relations.ts'
import { insertedOrThrow, oneRow, rowWhere } from '../../db/rows.ts'

export type OperatorRow = typeof operators.$inferSelect
export type OperatorPatch = Partial<
  Pick<OperatorRow, 'role' | 'passwordHash' | 'passwordResetAt' | 'disabledAt' | 'totpSecret' | 'totpPendingSecret' | 'totpLastStep' | 'lastLoginAt' | 'phone'>
>
export type OperatorRequestRow = typeof operatorRequests.$inferSelect
export type OperatorRequestKind = OperatorRequestRow['kind']
export type OperatorChange = typeof operatorChanges.$inferInsert
export type OperatorChangeKind = OperatorChange['kind']

export const operatorsRepository = {
  async findByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
    return rowWhere(db, operators, eq(operators.username, username))
  },
  async findById(db: Db, id: number, lock = false): Promise<OperatorRow | undefined> {
    return rowWhere(db, operators, eq(operators.id, id), lock)
  },
  async list(db: Db): Promise<OperatorRow[]> {
    return db.select().from(operators).orderBy(asc(operators.id))
  },
  /** Enabled owners other than `exceptId`, locked: the last owner can be neither disabled nor demoted. */
  async otherEnabledOwners(db: Db, exceptId: number): Promise<number> {
    const rows = await db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, 'owner'), isNull(operators.disabledAt), ne(operators.id, exceptId)))
      .for('update')
    return rows.length
  },
  async insert(db: Db, row: typeof operators.$inferInsert): Promise<OperatorRow> {
    return insertedOrThrow(db.insert(operators).values(row).returning())
  },
  async update(db: Db, id: number, patch: OperatorPatch): Promise<OperatorRow | undefined> {
    const [row] = await db.update(operators).set(patch).where(eq(operators.id, id)).returning()
    return row
  },
  /**
   * Sets the operator's own password in place of a one-time one, only while the one-time password is still the one
   * read (`resetAt`): of two renewals racing with it, one sets the password and the other finds it spent.
   */
  async renewPassword(db: Db, id: number, passwordHash: string, resetAt: Date): Promise<boolean> {
    const rows = await db
      .update(operators)
      .set({ passwordHash, passwordResetAt: null })
      .where(and(eq(operators.id, id), eq(operators.passwordResetAt, resetAt)))
      .returning({ id: operators.id })
    return rows.length === 1
  },
  /** Records who created, reset or changed the role of an operator (append-only, ADR 036). */
  async recordChange(db: Db, change: OperatorChange): Promise<void> {
    await db.insert(operatorChanges).values(change)
  },
  /** Whether a change of one of `kinds` was made to `operatorId` after `since`. */
  /** The last change of `kinds` to the operator made after `since`, if any. */
  async lastChangeSince(db: Db, operatorId: number, kinds: readonly OperatorChangeKind[], since: Date): Promise<Date | undefined> {
    const rows = await db
      .select({ at: operatorChanges.at })
      .from(operatorChanges)
      .where(and(eq(operatorChanges.operatorId, operatorId), inArray(operatorChanges.kind, [...kinds]), gt(operatorChanges.at, since)))
      .orderBy(desc(operatorChanges.at))
      .limit(1)
    return rows[0]?.at
  },
  /** Each operator's last change of `kinds`, whenever made (the operators list: from when each decides money). */
  async lastChanges(db: Db, kinds: readonly OperatorChangeKind[]): Promise<Map<number, Date>> {
    const rows = await db
      .select({ operatorId: operatorChanges.operatorId, at: max(operatorChanges.at) })
      .from(operatorChanges)
      .where(inArray(operatorChanges.kind, [...kinds]))
      .groupBy(operatorChanges.operatorId)
    return new Map(rows.flatMap((row) => (row.at ? [[row.operatorId, row.at] as const] : [])))
  },
  /**
   * Every change that ties its maker to the operator changed (ADR 070): `forGood` kinds whenever made, `recent` kinds
   * made after `since`, each with when it was made. The table holds a row per creation, reset, role or phone change:
   * read whole.
   */
  async relationEdges(db: Db, forGood: readonly OperatorChangeKind[], recent: readonly OperatorChangeKind[], since: Date): Promise<TimedEdge[]> {
    const rows = await db
      .select({ operator: operatorChanges.operatorId, by: operatorChanges.byOperatorId, kind: operatorChanges.kind, at: operatorChanges.at })
      .from(operatorChanges)
      .where(or(inArray(operatorChanges.kind, [...forGood]), and(inArray(operatorChanges.kind, [...recent]), gt(operatorChanges.at, since))))
    return rows.map((row) => ({ operator: row.operator, by: row.by, at: row.at, forGood: forGood.includes(row.kind) }))
  },
  async insertRequest(db: Db, row: typeof operatorRequests.$inferInsert): Promise<OperatorRequestRow> {
    return insertedOrThrow(db.insert(operatorRequests).values(row).returning())
  },
  async findRequest(db: Db, id: number, lock = false): Promise<OperatorRequestRow | undefined> {
    return rowWhere(db, operatorRequests, eq(operatorRequests.id, id), lock)
  },
  /** The changes waiting for a second owner, oldest first. */
  async pendingRequests(db: Db): Promise<OperatorRequestRow[]> {
    return db.select().from(operatorRequests).where(eq(operatorRequests.status, 'pending')).orderBy(asc(operatorRequests.id))
  },
  /** Decides a pending request, only while it is pending: of two owners deciding at once, one decides. */
  async decideRequest(
    db: Db,
    id: number,
    decision: { status: 'applied' | 'rejected'; decidedBy: number; decidedAt: Date; operatorId?: number },
  ): Promise<boolean> {
    const rows = await db
      .update(operatorRequests)
      .set(decision)
      .where(and(eq(operatorRequests.id, id), eq(operatorRequests.status, 'pending')))
      .returning({ id: operatorRequests.id })
    return rows.length === 1
  },
  /**
   * Takes TOTP time step `step` for the operator, only if it is later than every step taken before: a code is
   * accepted once, and never an older one after a newer (no replay inside the code's window). False when taken.
   */
  async takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
    const rows = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id })
    return rows.length === 1
  },
  async insertSession(db: Db, row: typeof operatorSessions.$inferInsert): Promise<void> {
    await db.insert(operatorSessions).values(row)
  },
  /** The live session of `tokenHash`: not revoked, not expired, used within the idle limit, its operator enabled. */
  async findLiveSession(db: Db, tokenHash: Buffer, now: Date, idleSince: Date) {
    return oneRow(
      db
        .select({
          sessionId: operatorSessions.id,
          lastSeenAt: operatorSessions.lastSeenAt,
          operatorId: operators.id,
          username: operators.username,
          role: operators.role,
          totpSecret: operators.totpSecret,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, idleSince),
            isNull(operators.disabledAt),
          ),
        )
        .limit(1),
    )
  },
  async touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
    await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, sessionId))
  },
  async revokeSession(db: Db, tokenHash: Buffer, now: Date): Promise<void> {
    await db
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)))
  },
  /** Ends the operator's sessions, all of them or all but `keepTokenHash`; answers how many ended. */
  async revokeSessionsOf(db: Db, operatorId: number, now: Date, keepTokenHash?: Buffer): Promise<number> {
    const rows = await db
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.revokedAt),
          keepTokenHash ? ne(operatorSessions.tokenHash, keepTokenHash) : undefined,
        ),
      )
      .returning({ id: operatorSessions.id })
    return rows.length
  },
}
export type OperatorsRepository = typeof operatorsRepository
