import { backofficeMembersContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { MembersService } from './members.service.ts'

/** Members in the back-office: every operator role may look, lock, unlock and sign a member out (none moves money). */
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
}
