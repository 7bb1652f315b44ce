import { backofficeContract, backofficeMoneyContract, msg } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { BackofficeService } from '../backoffice/backoffice.service.ts'
import type { MoneyDeskService } from './approvals.service.ts'

/**
 * The money desk's operator routes (ADR 035): every action that moves money, the approvals queue, the deposit
 * exceptions and the daily reconciliation. Only roles that decide money act (finance, ADR 036); every operator role may
 * look at the queues; the reconciliation is a check, for the roles that verify the ledger.
 */
export function moneyDeskRoutes(
  app: TypedApp,
  deps: {
    desk: MoneyDeskService
    backoffice: Pick<BackofficeService, 'withdrawal'>
    operator: OperatorGuard
  },
) {
  const { desk } = deps
  const anyOperator = deps.operator('backoffice.read')
  const moneyOperator = deps.operator('money.decide')
  const checker = deps.operator('ledger.verify')
  const c = backofficeMoneyContract
  const id = (params: { id: string }) => Number(params.id)

  app.post('/backoffice/deposits/manual', { schema: c.manualDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.manualDeposit(req.operator, req.body)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_CLAIM_PENDING'))
  })
  app.post('/backoffice/deposits/:id/assign', { schema: c.assignDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.assignDeposit(req.operator, id(req.params), req.body.mobile)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_ASSIGN_PENDING'))
  })
  app.post('/backoffice/members/:id/adjustments', { schema: c.requestAdjustment, preHandler: moneyOperator }, async (req) => {
    const adjustment = await desk.requestAdjustment(req.operator, id(req.params), req.body)
    return ok(adjustment, msg(adjustment.status === 'PENDING' ? 'ADJUSTMENT_PENDING' : 'ADJUSTMENT_APPLIED'))
  })
  app.post('/backoffice/withdrawals/:id/approve', { schema: backofficeContract.approveWithdrawal, preHandler: moneyOperator }, async (req) => {
    await desk.approveWithdrawal(req.operator, id(req.params), req.body.payout_ref)
    const withdrawal = await deps.backoffice.withdrawal(id(req.params))
    // A first approval the policy holds leaves the withdrawal pending for a second operator (ADR 031, 035).
    return ok(withdrawal, msg(withdrawal.status === 'PENDING' ? 'WITHDRAWAL_FIRST_APPROVAL' : 'WITHDRAWAL_APPROVED'))
  })
  app.post('/backoffice/withdrawals/:id/reject', { schema: backofficeContract.rejectWithdrawal, preHandler: moneyOperator }, async (req) => {
    await desk.rejectWithdrawal(req.operator, id(req.params), req.body.reason)
    return ok(await deps.backoffice.withdrawal(id(req.params)), msg('WITHDRAWAL_REJECTED'))
  })

  app.get('/backoffice/approvals', { schema: c.approvals, preHandler: anyOperator }, async (req) =>
    ok(await desk.approvals({ status: req.query.status, kind: req.query.kind, playerId: req.query.player_id }, req.query.page)),
  )
  app.post('/backoffice/approvals/:id/approve', { schema: c.approve, preHandler: moneyOperator }, async (req) =>
    ok(await desk.approve(req.operator, id(req.params)), msg('APPROVAL_APPLIED')),
  )
  app.post('/backoffice/approvals/:id/reject', { schema: c.reject, preHandler: moneyOperator }, async (req) =>
    ok(await desk.reject(req.operator, id(req.params), req.body.reason), msg('APPROVAL_REJECTED')),
  )

  app.get('/backoffice/deposit-exceptions', { schema: c.exceptions, preHandler: anyOperator }, async (req) =>
    ok(await desk.exceptions(req.query.status, req.query.page)),
  )
  app.post('/backoffice/deposit-exceptions/:id/resolve', { schema: c.resolveException, preHandler: moneyOperator }, async (req) =>
    ok(await desk.resolveException(req.operator, id(req.params), req.body), msg(req.body.action === 'CREDIT' ? 'EXCEPTION_CREDITED' : 'EXCEPTION_DISMISSED')),
  )
  app.get('/backoffice/reconciliation', { schema: c.reconciliation, preHandler: checker }, async (req) => ok(await desk.reconciliation(req.query.day)))
}
