import { backofficeMembersContract, msg } from '@sanam/contract'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { MembersService } from './members.service.ts'

/**
 * Members in the back-office: every operator role may look, lock, unlock, sign a member out and reset the password
 * (an unlock only of what its rank may undo; every role signs in with TOTP, and the temporary password goes to the
 * member by SMS). Adjusting a member's money is the money desk's route (ADR 035, ADR 036).
 */
export function membersRoutes(app: TypedApp, deps: { members: MembersService; operator: OperatorGuard }) {
  const { members } = deps
  const anyOperator = deps.operator('backoffice.read')
  const handler = deps.operator('members.handle')
  const c = backofficeMembersContract
  app.get('/backoffice/members', { schema: c.search, preHandler: anyOperator }, async (req) => ok(await members.search(req.query.q, req.query.page)))
  app.get('/backoffice/members/:id', { schema: c.profile, preHandler: anyOperator }, async (req) => ok(await members.profile(pathId(req.params))))
  app.post('/backoffice/members/:id/lock', { schema: c.lock, preHandler: handler }, async (req) =>
    ok(await members.lock(req.operator, pathId(req.params), req.body.reason), msg('MEMBER_LOCKED')),
  )
  app.post('/backoffice/members/:id/unlock', { schema: c.unlock, preHandler: handler }, async (req) =>
    ok(await members.unlock(req.operator, pathId(req.params), req.body.reason), msg('MEMBER_UNLOCKED')),
  )
  app.post('/backoffice/members/:id/end-sessions', { schema: c.endSessions, preHandler: handler }, async (req) =>
    ok(await members.endSessions(req.operator, pathId(req.params)), msg('MEMBER_SESSIONS_ENDED')),
  )

  app.get('/backoffice/members/:id/ledger', { schema: c.ledger, preHandler: anyOperator }, async (req) =>
    ok(await members.ledger(pathId(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/money', { schema: c.money, preHandler: anyOperator }, async (req) =>
    ok(await members.money(pathId(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/promotions', { schema: c.promotions, preHandler: anyOperator }, async (req) =>
    ok(await members.promotions(pathId(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/downline', { schema: c.downline, preHandler: anyOperator }, async (req) =>
    ok(await members.downline(pathId(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/sessions', { schema: c.sessions, preHandler: anyOperator }, async (req) =>
    ok(await members.sessions(pathId(req.params), req.query.page)),
  )
  app.post('/backoffice/members/:id/reset-password', { schema: c.resetPassword, preHandler: handler }, async (req) =>
    ok(await members.resetPassword(req.operator, pathId(req.params)), msg('MEMBER_PASSWORD_RESET')),
  )
}
