import type { Db } from '../../db/client.ts'
import type { AuditRepository, ExpectedHead } from '../audit/audit.repository.ts'
import type { Ledger, LedgerFailure } from './ledger.service.ts'

/**
 * What the check reads: the ledger, the audit chain, and the reports' daily sums (ADR 097; the reports module's, given
 * by services.ts: typed here by what is asked of it, as the reports module depends on the ledger's).
 */
interface VerifyDeps {
  ledger: Pick<Ledger, 'verify'>
  auditRepository: Pick<AuditRepository, 'verifyChain'>
  daySums: { verify(tx: Db): Promise<{ checked: number; failures: LedgerFailure[] }> }
}

/**
 * The one check behind `npm run ledger:verify` and `GET /api/backoffice/ledger/verify`: every money invariant of
 * DESIGN §3, each stored daily sum of the reports against the ledger (ADR 097), then the audit log's keyed hash chain
 * (ADR 030, ADR 037), on the caller's snapshot `tx`. `expectedHead`, a head exported earlier, must still be in the
 * chain unchanged.
 */
export async function verifyMoneyAndAudit(tx: Db, deps: VerifyDeps, expectedHead?: ExpectedHead) {
  const money = await deps.ledger.verify(tx)
  const sums = await deps.daySums.verify(tx)
  const chain = await deps.auditRepository.verifyChain(tx, expectedHead)
  const failures = [...money.failures, ...sums.failures, ...chain.failures]
  return { ok: failures.length === 0, checked: money.checked + sums.checked + chain.checked, failures, auditHead: chain.head }
}

/** A head as exported and typed (`<position>:<hash>`), or undefined when absent or not in that form. */
export function parseHead(text: string | undefined): ExpectedHead | undefined {
  const match = text === undefined ? null : /^(\d{1,18}):([0-9a-fA-F]{64})$/.exec(text.trim())
  return match?.[1] && match[2] ? { seq: Number(match[1]), hash: match[2].toLowerCase() } : undefined
}

/** The ledger check the operators run (GET /api/backoffice/ledger/verify), on one read-only snapshot of `db`. */
export function createLedgerCheck(deps: { db: Db } & VerifyDeps) {
  return {
    /**
     * Every money invariant (DESIGN §3) and the audit log's keyed hash chain (ADR 030, ADR 037), on one read-only
     * snapshot; `head` (`<position>:<hash>`, exported earlier) must still be in the chain. Answers the chain's head.
     */
    async verify(head?: string) {
      const { ok, checked, failures, auditHead } = await deps.db.transaction((tx) => verifyMoneyAndAudit(tx, deps, parseHead(head)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      })
      return { ok, checked, failures, audit_head: auditHead }
    },
  }
}
export type LedgerCheck = ReturnType<typeof createLedgerCheck>
