import type { Db } from '../../db/client.ts'
import type { AuditRepository, ExpectedHead } from '../audit/audit.repository.ts'
import type { Ledger } from './ledger.service.ts'

/**
 * The one check behind `npm run ledger:verify` and `GET /api/backoffice/ledger/verify`: every money invariant of
 * DESIGN §3, then the audit log's keyed hash chain (ADR 030, ADR 037), on the caller's snapshot `tx`. `expectedHead`,
 * a head exported earlier, must still be in the chain unchanged.
 */
export async function verifyMoneyAndAudit(
  tx: Db,
  deps: { ledger: Pick<Ledger, 'verify'>; auditRepository: Pick<AuditRepository, 'verifyChain'> },
  expectedHead?: ExpectedHead,
) {
  const money = await deps.ledger.verify(tx)
  const chain = await deps.auditRepository.verifyChain(tx, expectedHead)
  const failures = [...money.failures, ...chain.failures]
  return { ok: failures.length === 0, checked: money.checked + chain.checked, failures, auditHead: chain.head }
}

/** A head as exported and typed (`<position>:<hash>`), or undefined when absent or not in that form. */
export function parseHead(text: string | undefined): ExpectedHead | undefined {
  const match = text === undefined ? null : /^(\d{1,18}):([0-9a-fA-F]{64})$/.exec(text.trim())
  return match?.[1] && match[2] ? { seq: Number(match[1]), hash: match[2].toLowerCase() } : undefined
}
