import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { pageWhere, rowsOf, rowWhere, type DbNumber } from '../../db/rows.ts'
import { approvals, deposits, operators, players } from '../../db/schema.ts'

export type ApprovalRow = typeof approvals.$inferSelect
export type ApprovalKindName = ApprovalRow['kind']

const requester = alias(operators, 'requester')
const decider = alias(operators, 'decider')

/** SQL for the approvals queue (ADR 035). */
export const approvalsRepository = {
  /**
   * Serialises one operator's money requests for the rest of the transaction, so two of them sent at once cannot both
   * read the day's total before either is written (splitting gains nothing).
   */
  async lockOperator(db: Db, operatorId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('money-desk:operator'), ${operatorId}::int)`)
  },

  /**
   * The Bangkok day's totals in satang of the money actions not rejected: the operator's own (either direction), and
   * what the member received from operators (credits and payouts).
   */
  async dayTotals(db: Db, input: { operatorId: number; playerId: number; start: Date; end: Date }) {
    const [row] = rowsOf<{ operator: DbNumber | null; member: DbNumber | null }>(
      await db.execute(sql`
        select
          (select coalesce(sum(abs(amount)), 0) from approvals
            where requested_by = ${input.operatorId} and status <> 'REJECTED'
              and created_at >= ${input.start.toISOString()} and created_at < ${input.end.toISOString()}) as operator,
          (select coalesce(sum(amount), 0) from approvals
            where player_id = ${input.playerId} and amount > 0 and status <> 'REJECTED'
              and created_at >= ${input.start.toISOString()} and created_at < ${input.end.toISOString()}) as member`),
    )
    return { operator: BigInt(row?.operator ?? 0), member: BigInt(row?.member ?? 0) }
  },

  /** Inserts an action; undefined when its request id is already taken (the caller answers that one). */
  async insert(db: Db, row: typeof approvals.$inferInsert): Promise<ApprovalRow | undefined> {
    const [inserted] = await db
      .insert(approvals)
      .values(row)
      .onConflictDoNothing({ target: approvals.requestId, where: sql`request_id is not null` })
      .returning()
    return inserted
  },

  async byRequestId(db: Db, requestId: string): Promise<ApprovalRow | undefined> {
    return rowWhere(db, approvals, eq(approvals.requestId, requestId))
  },

  async find(db: Db, id: number, forUpdate = false): Promise<ApprovalRow | undefined> {
    return rowWhere(db, approvals, eq(approvals.id, id), forUpdate)
  },

  /** The waiting action on a withdrawal or a transfer, if any. */
  async pendingFor(db: Db, target: { withdrawalId: number } | { depositId: number }): Promise<ApprovalRow | undefined> {
    return rowWhere(
      db,
      approvals,
      and(
        eq(approvals.status, 'PENDING'),
        'withdrawalId' in target ? eq(approvals.withdrawalId, target.withdrawalId) : eq(approvals.depositId, target.depositId),
      ),
      true,
    )
  },

  /** Decides a PENDING action; undefined when it was no longer pending (a racing decision won). */
  async decide(db: Db, id: number, change: { status: 'APPLIED' | 'REJECTED'; decidedBy: number | null; decidedAt: Date; decisionNote?: string | null }) {
    const [row] = await db
      .update(approvals)
      .set({ status: change.status, decidedBy: change.decidedBy, decidedAt: change.decidedAt, decisionNote: change.decisionNote ?? null })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'PENDING')))
      .returning()
    return row
  },

  /** The bank feed completed a manual deposit (a claim): its waiting action is applied, by no operator. */
  async completeClaim(db: Db, depositId: number, at: Date): Promise<void> {
    await db
      .update(approvals)
      .set({ status: 'APPLIED', decidedAt: at, decisionNote: 'BANK_FEED' })
      .where(and(eq(approvals.depositId, depositId), eq(approvals.kind, 'MANUAL_DEPOSIT'), eq(approvals.status, 'PENDING')))
  },

  /** Actions with the member's phone, the bank reference and the operators' names, newest first. */
  async page(db: Db, filter: { status?: ApprovalRow['status']; kind?: ApprovalKindName; playerId?: number; ids?: number[] }, page: number, size: number) {
    const where = and(
      filter.status ? eq(approvals.status, filter.status) : undefined,
      filter.kind ? eq(approvals.kind, filter.kind) : undefined,
      filter.playerId !== undefined ? eq(approvals.playerId, filter.playerId) : undefined,
      filter.ids ? inArray(approvals.id, filter.ids) : undefined,
    )
    const list = db
      .select({
        approval: approvals,
        mobile: players.mobile,
        bankRef: deposits.externalId,
        requestedBy: requester.username,
        decidedBy: decider.username,
      })
      .from(approvals)
      .innerJoin(players, eq(players.id, approvals.playerId))
      .innerJoin(requester, eq(requester.id, approvals.requestedBy))
      .leftJoin(decider, eq(decider.id, approvals.decidedBy))
      .leftJoin(deposits, eq(deposits.id, approvals.depositId))
      .$dynamic()
    // In turn: this also runs inside a transaction.
    return pageWhere(db, list, { table: approvals, where, order: [desc(approvals.id)], inTurn: true }, page, size)
  },

  /** Each withdrawal's approval (who asked, who decided), for the withdrawal queue. */
  async withdrawalApprovals(db: Db, withdrawalIds: number[]) {
    if (withdrawalIds.length === 0) return []
    return db
      .select({
        withdrawalId: approvals.withdrawalId,
        status: approvals.status,
        requestedBy: approvals.requestedBy,
        requesterName: requester.username,
        requestedAt: approvals.createdAt,
        decidedBy: approvals.decidedBy,
        deciderName: decider.username,
        decidedAt: approvals.decidedAt,
      })
      .from(approvals)
      .innerJoin(requester, eq(requester.id, approvals.requestedBy))
      .leftJoin(decider, eq(decider.id, approvals.decidedBy))
      .where(and(inArray(approvals.withdrawalId, withdrawalIds), ne(approvals.status, 'REJECTED')))
  },
}
export type ApprovalsRepository = typeof approvalsRepository
