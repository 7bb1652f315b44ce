import type { Db } from '../../db/client.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'

/**
 * The one check behind `npm run ledger:verify` and `GET /api/backoffice/ledger/verify`: every money invariant of
 * DESIGN §3, then the audit log's hash chain (ADR 030), on the caller's snapshot `tx`.
 */
export async function verifyMoneyAndAudit(tx: Db, deps: { ledger: Pick<Ledger, 'verify'>; auditRepository: Pick<AuditRepository, 'verifyChain'> }) {
  const money = await deps.ledger.verify(tx)
  const chain = await deps.auditRepository.verifyChain(tx)
  const failures = [...money.failures, ...chain.failures]
  return { ok: failures.length === 0, checked: money.checked + chain.checked, failures, auditHead: chain.head }
}
