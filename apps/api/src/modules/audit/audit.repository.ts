import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'

export interface AuditEntry {
  operatorId: number | null
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  at: Date
}

/** The append-only operator audit log (a database trigger refuses UPDATE and DELETE). */
export const auditRepository = {
  async record(db: Db, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      operatorId: entry.operatorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.at,
    })
  },
}
export type AuditRepository = typeof auditRepository
