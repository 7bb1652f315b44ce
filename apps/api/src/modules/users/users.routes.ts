import { msg, userContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { UserService } from './users.service.ts'

export function userRoutes(app: TypedApp, deps: { users: UserService; auth: AuthService; requirePlayer: preHandlerAsyncHookHandler }) {
  app.get('/user/@me', { schema: userContract.me, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deps.users.me(req.player.playerId))
  })

  app.post('/user/@me/password', { schema: userContract.changePassword, preHandler: deps.requirePlayer }, async (req) => {
    await deps.auth.changePassword(req.player, req.body.old, req.body.new)
    return done(msg('PASSWORD_CHANGED'))
  })
}
