import { backofficeContract, msg } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { WithdrawalDeskService } from './withdrawal-desk.service.ts'

/** The operators' withdrawal queue (ADR 031, ADR 035): the list, a payout (maybe waiting for a second operator) or a refusal. */
export function withdrawalDeskRoutes(app: TypedApp, deps: { desk: WithdrawalDeskService; operator: OperatorGuard }) {
  const { desk } = deps
  const moneyOperator = deps.operator('money.decide')

  app.get('/backoffice/withdrawals', { schema: backofficeContract.withdrawals, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await desk.listWithdrawals(req.operator.operatorId, req.query.status, req.query.page)),
  )

  app.post('/backoffice/withdrawals/:id/approve', { schema: backofficeContract.approveWithdrawal, preHandler: moneyOperator }, async (req) => {
    await desk.approveWithdrawal(req.operator, pathId(req.params), req.body.payout_ref)
    const withdrawal = await desk.withdrawal(pathId(req.params))
    // A first approval the policy holds leaves the withdrawal pending for a second operator (ADR 031, 035).
    // Through a payout bank (ADR 081) it may still be on its way, held before sending, or unknown: the status says which.
    const note =
      withdrawal.status === 'PENDING' ? 'WITHDRAWAL_FIRST_APPROVAL' : withdrawal.status === 'SUCCESS' ? 'WITHDRAWAL_APPROVED' : 'WITHDRAWAL_SENT_TO_BANK'
    return ok(withdrawal, msg(note))
  })
  app.post('/backoffice/withdrawals/:id/reject', { schema: backofficeContract.rejectWithdrawal, preHandler: moneyOperator }, async (req) => {
    await desk.rejectWithdrawal(req.operator, pathId(req.params), req.body.reason)
    return ok(await desk.withdrawal(pathId(req.params)), msg('WITHDRAWAL_REJECTED'))
  })
}
