import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { auditLog, operators } from '../../db/schema.ts'

/** Who acted: an operator at an address. Start-up and scripts act with `null`. */
export interface AuditActor {
  operatorId: number
  /** The client address TRUST_PROXY yields. */
  ip: string | null
}

export interface AuditEntry {
  actor: AuditActor | null
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  at: Date
}

export interface AuditFilter {
  operatorId?: number
  action?: string
  targetType?: string
  targetId?: string
  /** Inclusive lower bound. */
  from?: Date
  /** Exclusive upper bound. */
  to?: Date
}

/** Shaped like the ledger's failures (no account: the chain is one sequence), so both print and answer alike. */
export interface AuditChainFailure {
  check: 'audit_chain'
  account?: undefined
  detail: string
}

/**
 * The append-only operator audit log. A database trigger refuses UPDATE and DELETE, and another chains each new row
 * to the previous one by hash (migration 0010, ADR 030); this repository only inserts and reads.
 */
export const auditRepository = {
  async record(db: Db, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      operatorId: entry.actor?.operatorId ?? null,
      ip: entry.actor?.ip ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.at,
    })
  },

  /** A page of entries matching `filter`, newest first, with the operator's username. */
  async list(db: Db, filter: AuditFilter, page: number, size: number) {
    const where = and(...conditionsOf(filter))
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: auditLog.id,
          operatorId: auditLog.operatorId,
          operatorUsername: operators.username,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
          ip: auditLog.ip,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(operators, eq(operators.id, auditLog.operatorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(size)
        .offset(page * size),
      db.select({ n: count() }).from(auditLog).where(where),
    ])
    return { rows, total: total?.n ?? 0 }
  },

  /** The action names written so far, for the filter. */
  async actions(db: Db): Promise<string[]> {
    const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action)
    return rows.map((r) => r.action)
  },

  /**
   * Walks the chain in order and names every break: a row whose hash does not match its fields (edited), whose
   * `prev_hash` is not the previous row's hash, or a gap in `chain_seq` (removed). Rows removed from the very end
   * leave no trace in the chain itself; `head` is the value to keep elsewhere to detect that (ADR 030).
   */
  async verifyChain(db: Db): Promise<{ checked: number; failures: AuditChainFailure[]; head: { seq: number; hash: string } | null }> {
    const rows = rowsOf<{ id: string; seq: string | null; linked: boolean | null; intact: boolean | null; gap: string | null; hash: string | null }>(
      await db.execute(sql`
        select id, chain_seq as seq,
          prev_hash is not distinct from lag(hash) over w as linked,
          hash = audit_row_hash(prev_hash, chain_seq, operator_id, action, target_type, target_id, before, after, ip, created_at) as intact,
          chain_seq - coalesce(lag(chain_seq) over w, 0) as gap,
          encode(hash, 'hex') as hash
        from audit_log
        window w as (order by chain_seq)
        order by chain_seq`),
    )
    const failures: AuditChainFailure[] = []
    for (const r of rows) {
      if (r.seq === null) {
        failures.push({ check: 'audit_chain', detail: `audit entry ${r.id} is outside the chain` })
        continue
      }
      if (Number(r.gap) !== 1) failures.push({ check: 'audit_chain', detail: `entries before chain position ${r.seq} are missing` })
      else if (!r.linked) failures.push({ check: 'audit_chain', detail: `audit entry ${r.id} does not follow the entry before it` })
      if (!r.intact) failures.push({ check: 'audit_chain', detail: `audit entry ${r.id} was changed after it was written` })
    }
    const last = rows.at(-1)
    return { checked: rows.length, failures, head: last?.seq && last.hash ? { seq: Number(last.seq), hash: last.hash } : null }
  },
}
export type AuditRepository = typeof auditRepository

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.operatorId !== undefined) conditions.push(eq(auditLog.operatorId, filter.operatorId))
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action))
  if (filter.targetType !== undefined) conditions.push(eq(auditLog.targetType, filter.targetType))
  if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId))
  if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, filter.from))
  if (filter.to !== undefined) conditions.push(lt(auditLog.createdAt, filter.to))
  return conditions
}
