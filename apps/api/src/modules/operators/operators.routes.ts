import { backofficeOperatorsContract, msg } from '@sanam/contract'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorsService } from './operators.service.ts'

/** Owners manage operators (issue 12 §1). */
export function operatorsRoutes(app: TypedApp, deps: { operators: OperatorsService; operator: OperatorGuard }) {
  const { operators } = deps
  const owner = deps.operator('operators.manage')
  const c = backofficeOperatorsContract
  app.get('/backoffice/operators', { schema: c.list, preHandler: owner }, async () => ok({ list: await operators.list() }))
  app.post('/backoffice/operators', { schema: c.create, preHandler: owner }, async (req) =>
    ok(await operators.create(req.operator, req.body), msg('OPERATOR_CREATED')),
  )
  app.post('/backoffice/operators/:id/role', { schema: c.setRole, preHandler: owner }, async (req) =>
    ok(await operators.setRole(req.operator, Number(req.params.id), req.body.role), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/disable', { schema: c.disable, preHandler: owner }, async (req) =>
    ok(await operators.disable(req.operator, Number(req.params.id)), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/enable', { schema: c.enable, preHandler: owner }, async (req) =>
    ok(await operators.enable(req.operator, Number(req.params.id)), msg('OPERATOR_ENABLED')),
  )
  app.post('/backoffice/operators/:id/reset-password', { schema: c.resetPassword, preHandler: owner }, async (req) =>
    ok(await operators.resetPassword(req.operator, Number(req.params.id), req.body.password), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/reset-totp', { schema: c.resetTotp, preHandler: owner }, async (req) =>
    ok(await operators.resetTotp(req.operator, Number(req.params.id)), msg('OPERATOR_UPDATED')),
  )
}
