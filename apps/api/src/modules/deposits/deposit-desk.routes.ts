import { backofficeContract, backofficeMoneyContract, msg } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { DepositDeskService } from './deposit-desk.service.ts'
import { senderViewOf } from './deposit-view.ts'

/** The operators' deposits: the unmatched queue, the credited history, a manual deposit (a claim) and an assignment (ADR 035). */
export function depositDeskRoutes(app: TypedApp, deps: { desk: DepositDeskService; operator: OperatorGuard }) {
  const { desk } = deps
  const moneyOperator = deps.operator('money.decide')
  const c = backofficeMoneyContract
  const read = deps.operator('backoffice.read')

  app.get('/backoffice/deposits/unmatched', { schema: backofficeContract.unmatchedDeposits, preHandler: read }, async (req) =>
    ok(await desk.deposits({ unmatched: true }, req.query.page, senderViewOf(req.operator.role))),
  )
  app.get('/backoffice/deposits', { schema: backofficeContract.depositHistory, preHandler: read }, async (req) => {
    const { page, ...filters } = req.query
    return ok(await desk.deposits(filters, page, senderViewOf(req.operator.role)))
  })

  app.post('/backoffice/deposits/manual', { schema: c.manualDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.manualDeposit(req.operator, req.body)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_CLAIM_PENDING'))
  })
  app.post('/backoffice/deposits/:id/assign', { schema: c.assignDeposit, preHandler: moneyOperator }, async (req) => {
    const answer = await desk.assignDeposit(req.operator, pathId(req.params), req.body.mobile)
    return ok(answer, msg(answer.status === 'APPLIED' ? 'DEPOSIT_CREDITED' : 'DEPOSIT_ASSIGN_PENDING'))
  })
}
