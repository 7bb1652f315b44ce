import type { AuditQuery } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { filterRange } from '@sanam/contract/bangkok'
import type { AuditRepository } from './audit.repository.ts'

const PAGE_SIZE = 50

/** Reading the audit log (issue 12 §6): filtered pages for the screen and the action names for its filter. */
export function createAuditService(deps: { db: Db; auditRepository: Pick<AuditRepository, 'list' | 'actions'> }) {
  const { db, auditRepository } = deps
  return {
    /** `from` and `to` given as days are Bangkok days, both included; as instants, `to` is exclusive. */
    async list(query: Omit<AuditQuery, 'page' | 'operator_id'> & { page: number; operator_id?: number | undefined }) {
      const { from, to } = filterRange(query.from, query.to)
      const { rows, total } = await auditRepository.list(
        db,
        { operatorId: query.operator_id, action: query.action, member: query.member, targetType: query.target_type, targetId: query.target_id, from, to },
        query.page,
        PAGE_SIZE,
      )
      return {
        list: rows.map((r) => ({
          id: r.id,
          operator_id: r.operatorId,
          operator_username: r.operatorUsername,
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          before: r.before,
          after: r.after,
          ip: r.ip,
          at: r.createdAt.toISOString(),
        })),
        page: query.page,
        size: PAGE_SIZE,
        total,
      }
    },
    actions: async () => ({ list: await auditRepository.actions(db) }),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
