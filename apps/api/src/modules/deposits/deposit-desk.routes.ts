import { backofficeMoneyContract, msg } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { DepositDeskService } from './deposit-desk.service.ts'

/** The operators' deposit actions (ADR 035): a manual deposit (a claim) and the assignment of an unmatched transfer. */
export function depositDeskRoutes(app: TypedApp, deps: { desk: DepositDeskService; operator: OperatorGuard }) {
  const { desk } = deps
  const moneyOperator = deps.operator('money.decide')
  const c = backofficeMoneyContract

  app.post('/backoffice/deposits/manual', { schema: c.manualDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.manualDeposit(req.operator, req.body)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_CLAIM_PENDING'))
  })
  app.post('/backoffice/deposits/:id/assign', { schema: c.assignDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.assignDeposit(req.operator, Number(req.params.id), req.body.mobile)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_ASSIGN_PENDING'))
  })
}
