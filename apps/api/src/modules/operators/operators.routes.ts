import { backofficeOperatorsContract, msg, type OperatorChangeResult } from '@sanam/contract'
import { DEMO_DESK } from '@sanam/contract/demo-secrets'
import { Secret, TOTP } from 'otpauth'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorsService } from './operators.service.ts'

/** A change made at once says what it did; one waiting for a second owner says so instead (ADR 070). */
const changed = (result: OperatorChangeResult, done: string) => ok(result, result.operator ? done : msg('OPERATOR_CHANGE_PENDING'))

/** Owners manage operators (issue 12 §1). */
export function operatorsRoutes(app: TypedApp, deps: { operators: OperatorsService; operator: OperatorGuard }) {
  const { operators } = deps
  const owner = deps.operator('operators.manage')
  const c = backofficeOperatorsContract
  app.get('/backoffice/operators', { schema: c.list, preHandler: owner }, async () => ok({ list: await operators.list() }))
  app.post('/backoffice/operators', { schema: c.create, preHandler: owner }, async (req) =>
    changed(await operators.create(req.operator, req.body), msg('OPERATOR_CREATED')),
  )
  app.post('/backoffice/operators/:id/role', { schema: c.setRole, preHandler: owner }, async (req) =>
    changed(await operators.setRole(req.operator, pathId(req.params), req.body.role), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/phone', { schema: c.setPhone, preHandler: owner }, async (req) =>
    changed(await operators.setPhone(req.operator, pathId(req.params), req.body.phone), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/disable', { schema: c.disable, preHandler: owner }, async (req) =>
    ok(await operators.disable(req.operator, pathId(req.params)), msg('OPERATOR_UPDATED')),
  )
  app.post('/backoffice/operators/:id/enable', { schema: c.enable, preHandler: owner }, async (req) =>
    ok(await operators.enable(req.operator, pathId(req.params)), msg('OPERATOR_ENABLED')),
  )
  app.post('/backoffice/operators/:id/reset-password', { schema: c.resetPassword, preHandler: owner }, async (req) =>
    changed(await operators.resetPassword(req.operator, pathId(req.params)), msg('OPERATOR_PASSWORD_SENT')),
  )
  app.post('/backoffice/operators/:id/reset-totp', { schema: c.resetTotp, preHandler: owner }, async (req) =>
    changed(await operators.resetTotp(req.operator, pathId(req.params)), msg('OPERATOR_UPDATED')),
  )
  // Changes to owners and finance operators wait here for a second owner (ADR 070).
  app.get('/backoffice/operators/requests', { schema: c.requests, preHandler: owner }, async (req) =>
    ok({ list: await operators.requests(req.operator.operatorId) }),
  )
  app.post('/backoffice/operators/requests/:id/approve', { schema: c.approveRequest, preHandler: owner }, async (req) =>
    ok(await operators.approve(req.operator, pathId(req.params)), msg('OPERATOR_REQUEST_APPROVED')),
  )
  app.post('/backoffice/operators/requests/:id/reject', { schema: c.rejectRequest, preHandler: owner }, async (req) =>
    ok(await operators.reject(req.operator, pathId(req.params)), msg('OPERATOR_REQUEST_REJECTED')),
  )
}

/**
 * GET /dev/totp?username=: the current code of a demo desk operator (issue 35 §6), whose secret is published anyway.
 * Registered only in demo mode; any other username is not found.
 */
export function devTotpRoutes(app: TypedApp, deps: { clock: Clock }) {
  app.get('/dev/totp', { schema: backofficeOperatorsContract.devTotp }, async (req) => {
    const account = DEMO_DESK.find((d) => d.username === req.query.username)
    if (!account) throw new AppError('NOT_FOUND')
    const now = deps.clock.now().getTime()
    const code = new TOTP({ secret: Secret.fromBase32(account.totpSecret) }).generate({ timestamp: now })
    return ok({ username: account.username, code, valid_for_seconds: 30 - (Math.floor(now / 1000) % 30) })
  })
}
