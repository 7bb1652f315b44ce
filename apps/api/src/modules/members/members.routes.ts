import { backofficeMembersContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { MembersService } from './members.service.ts'

/**
 * Members in the back-office: every operator role may look, lock, unlock, sign a member out and reset the password.
 * Adjusting a member's money is the money desk's route (ADR 035).
 */
export function membersRoutes(app: TypedApp, deps: { members: MembersService; anyOperator: preHandlerAsyncHookHandler }) {
  const { members, anyOperator } = deps
  const c = backofficeMembersContract
  app.get('/backoffice/members', { schema: c.search, preHandler: anyOperator }, async (req) => ok(await members.search(req.query.q, req.query.page)))
  app.get('/backoffice/members/:id', { schema: c.profile, preHandler: anyOperator }, async (req) => ok(await members.profile(Number(req.params.id))))
  app.post('/backoffice/members/:id/lock', { schema: c.lock, preHandler: anyOperator }, async (req) =>
    ok(await members.lock(req.operator, Number(req.params.id), req.body.reason), msg('MEMBER_LOCKED')),
  )
  app.post('/backoffice/members/:id/unlock', { schema: c.unlock, preHandler: anyOperator }, async (req) =>
    ok(await members.unlock(req.operator, Number(req.params.id), req.body.reason), msg('MEMBER_UNLOCKED')),
  )
  app.post('/backoffice/members/:id/end-sessions', { schema: c.endSessions, preHandler: anyOperator }, async (req) =>
    ok(await members.endSessions(req.operator, Number(req.params.id)), msg('MEMBER_SESSIONS_ENDED')),
  )

  const id = (params: { id: string }) => Number(params.id)
  app.get('/backoffice/members/:id/ledger', { schema: c.ledger, preHandler: anyOperator }, async (req) =>
    ok(await members.ledger(id(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/money', { schema: c.money, preHandler: anyOperator }, async (req) => ok(await members.money(id(req.params), req.query.page)))
  app.get('/backoffice/members/:id/promotions', { schema: c.promotions, preHandler: anyOperator }, async (req) =>
    ok(await members.promotions(id(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/downline', { schema: c.downline, preHandler: anyOperator }, async (req) =>
    ok(await members.downline(id(req.params), req.query.page)),
  )
  app.get('/backoffice/members/:id/sessions', { schema: c.sessions, preHandler: anyOperator }, async (req) =>
    ok(await members.sessions(id(req.params), req.query.page)),
  )
  app.post('/backoffice/members/:id/reset-password', { schema: c.resetPassword, preHandler: anyOperator }, async (req) =>
    ok(await members.resetPassword(req.operator, id(req.params)), msg('MEMBER_PASSWORD_RESET')),
  )
}
