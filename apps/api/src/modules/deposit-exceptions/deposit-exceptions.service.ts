import { msg, satangToBaht, type DepositException, type MoneyLimitKind, type ResolveExceptionBody } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ApprovalRow } from '../approvals/approvals.repository.ts'
import type { ApprovalsService } from '../approvals/approvals.service.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import { memberByMobile } from '../deposits/deposit-desk.service.ts'
import type { DepositExceptionRow, DepositsRepository } from '../deposits/deposits.repository.ts'
import { senderAsSeen, toBackofficeDeposit, type SenderView } from '../deposits/deposit-view.ts'
import type { HeldTransfersService } from '../deposits/held-transfers.service.ts'
import { assignmentHolds } from '../deposits/transfer-rules.ts'
import { depositPeriodText } from '../limits/limit-rules.ts'
import type { PlayersRepository } from '../users/users.repository.ts'

const PAGE_SIZE = 20
type ExceptionReason = DepositException['reasons'][number]['code']

/** A flag on a transfer already credited (DEPOSIT_LIMIT): it is acknowledged, never credited again. */
export const creditedAlready = (e: Pick<DepositExceptionRow, 'reasons'>) => e.reasons.includes('DEPOSIT_LIMIT')

/**
 * The deposit-exceptions queue (ADR 035, ADR 048): feed transfers whose reference another record holds with other
 * facts, and credited transfers past the member's own deposit limit. An operator credits one (a deposit of its own,
 * given to the member through the approvals queue as an assignment) or dismisses it, with a reason; the deposits module
 * writes the rows, this queue decides.
 */
export function createDepositExceptionsService(deps: {
  db: Db
  clock: Clock
  approvals: Pick<ApprovalsService, 'lockOperator' | 'request' | 'view'>
  deposits: Pick<HeldTransfersService, 'depositOfException' | 'resolveException'>
  depositsRepository: Pick<DepositsRepository, 'exceptionForUpdate' | 'exceptionsPage'>
  playersRepository: Pick<PlayersRepository, 'findByMobile'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, approvals, deposits, depositsRepository, auditRepository } = deps
  const exceptionTexts = { AMOUNT: msg('EXCEPTION_AMOUNT'), SENDER: msg('EXCEPTION_SENDER'), PAY_IN_ACCOUNT: msg('EXCEPTION_PAY_IN_ACCOUNT') }
  /** A reason's text; DEPOSIT_LIMIT names the member's limit and what was left of it (ADR 048). */
  function exceptionText(code: ExceptionReason, e: DepositExceptionRow): string {
    if (code !== 'DEPOSIT_LIMIT') return exceptionTexts[code]
    const detail = e.limitDetail
    if (!detail) return msg('EXCEPTION_DEPOSIT_LIMIT', { period: '', limit: 0n, remaining: 0n })
    return msg('EXCEPTION_DEPOSIT_LIMIT', {
      period: depositPeriodText(detail.kind as MoneyLimitKind),
      limit: BigInt(detail.limit),
      remaining: BigInt(detail.remaining),
    })
  }

  async function exceptionView(id: number, tx: Db = db, view: SenderView = 'full'): Promise<DepositException> {
    const { rows } = await depositsRepository.exceptionsPage(tx, { ids: [id] }, 0, 1)
    if (!rows[0]) throw new AppError('NOT_FOUND', msg('EXCEPTION_NOT_FOUND'))
    return toException(rows[0], view)
  }

  function toException(r: Awaited<ReturnType<DepositsRepository['exceptionsPage']>>['rows'][number], view: SenderView): DepositException {
    const e = r.exception
    return {
      id: e.id,
      status: e.status,
      reasons: (e.reasons as ExceptionReason[]).map((code) => ({ code, text: exceptionText(code, e) })),
      transfer: {
        external_id: e.externalId,
        to_account: e.toAccount,
        from_bank_code: e.fromBankCode,
        ...senderAsSeen(e, view),
        amount: satangToBaht(e.amount),
        occurred_at: e.occurredAt.toISOString(),
        received_at: e.receivedAt.toISOString(),
      },
      existing: toBackofficeDeposit(r.deposit, r.mobile, view),
      resolved_by: r.resolvedBy,
      resolved_at: e.resolvedAt?.toISOString() ?? null,
      resolution_note: e.resolutionNote,
      credited_deposit_id: e.creditedDepositId,
    }
  }

  return {
    /** The queue, its senders as `view` shows them (issue 34 §2). */
    async exceptions(status: DepositException['status'], page: number, view: SenderView) {
      const { rows, total } = await depositsRepository.exceptionsPage(db, { status }, page, PAGE_SIZE)
      return { list: rows.map((row) => toException(row, view)), page, size: PAGE_SIZE, total }
    },

    /**
     * Resolves an exception with a reason: CREDIT makes the transfer a deposit of its own and gives it to the member
     * it belongs to through the policy (as an assignment); DISMISS closes it. Either is audited.
     */
    async resolveException(actor: AuditActor, id: number, body: ResolveExceptionBody) {
      return inTransaction(db, async (tx) => {
        await approvals.lockOperator(tx, actor.operatorId)
        const found = await depositsRepository.exceptionForUpdate(tx, id)
        if (!found) throw new AppError('NOT_FOUND', msg('EXCEPTION_NOT_FOUND'))
        if (found.status !== 'OPEN') throw new AppError('CONFLICT')
        if (body.action === 'CREDIT' && creditedAlready(found)) throw new AppError('CONFLICT', msg('EXCEPTION_DEPOSIT_LIMIT_NO_CREDIT'))
        const at = clock.now()
        let approval: ApprovalRow | undefined
        if (body.action === 'CREDIT') {
          const player = await memberByMobile(deps.playersRepository, tx, body.mobile)
          const deposit = await deposits.depositOfException(tx, found, body.reason)
          approval = await approvals.request(tx, actor, {
            kind: 'ASSIGN_DEPOSIT',
            playerId: player.id,
            amount: deposit.amount,
            note: body.reason,
            ...assignmentHolds({ ...deposit, receivedAt: found.receivedAt }, player),
            depositId: deposit.id,
            audit: () => ({ after: { exception_id: found.id, bank_ref: found.externalId } }),
          })
          await deposits.resolveException(tx, id, {
            status: 'CREDITED',
            resolvedBy: actor.operatorId,
            resolvedAt: at,
            resolutionNote: body.reason,
            creditedDepositId: deposit.id,
          })
        } else {
          await deposits.resolveException(tx, id, { status: 'DISMISSED', resolvedBy: actor.operatorId, resolvedAt: at, resolutionNote: body.reason })
        }
        await auditRepository.record(tx, {
          actor,
          action: body.action === 'CREDIT' ? 'deposit.exception_credit' : 'deposit.exception_dismiss',
          targetType: 'deposit_exception',
          targetId: String(id),
          before: { status: 'OPEN', deposit_id: found.depositId },
          after: { status: body.action === 'CREDIT' ? 'CREDITED' : 'DISMISSED', reason: body.reason, approval_id: approval?.id ?? null },
          at,
        })
        return { exception: await exceptionView(id, tx), approval: approval ? await approvals.view(approval.id, tx) : null }
      })
    },
  }
}
export type DepositExceptionsService = ReturnType<typeof createDepositExceptionsService>
