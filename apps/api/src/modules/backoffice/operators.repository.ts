import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operators, operatorSessions } from '../../db/schema.ts'

export type OperatorRow = typeof operators.$inferSelect

export const operatorsRepository = {
  async findByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
    const [row] = await db.select().from(operators).where(eq(operators.username, username)).limit(1)
    return row
  },
  async count(db: Db): Promise<number> {
    const rows = await db.select({ id: operators.id }).from(operators).limit(1)
    return rows.length
  },
  async insert(db: Db, row: typeof operators.$inferInsert): Promise<OperatorRow> {
    const [inserted] = await db.insert(operators).values(row).returning()
    if (!inserted) throw new Error('insert returned no row')
    return inserted
  },
  async insertSession(db: Db, row: typeof operatorSessions.$inferInsert): Promise<void> {
    await db.insert(operatorSessions).values(row)
  },
  async findLiveSession(db: Db, tokenHash: Buffer, now: Date) {
    const [row] = await db
      .select({ operatorId: operators.id, username: operators.username, role: operators.role })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
      .limit(1)
    return row
  },
}
export type OperatorsRepository = typeof operatorsRepository
