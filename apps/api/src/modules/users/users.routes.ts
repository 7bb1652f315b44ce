import { msg, userContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { Actor } from '../../lib/actor.ts'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { UserService } from './users.service.ts'

/** A player's own password change, which the auth module answers (routes.ts hands it in; users import nothing of auth). */
interface PasswordChange {
  changePassword(actor: Actor, oldPassword: string, newPassword: string): Promise<unknown>
}

export function userRoutes(app: TypedApp, deps: { users: UserService; auth: PasswordChange; requirePlayer: preHandlerAsyncHookHandler }) {
  app.get('/user/@me', { schema: userContract.me, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deps.users.me(req.player.playerId))
  })

  app.post('/user/@me/password', { schema: userContract.changePassword, preHandler: deps.requirePlayer }, async (req) => {
    await deps.auth.changePassword(req.player, req.body.old, req.body.new)
    return done(msg('PASSWORD_CHANGED'))
  })
}
