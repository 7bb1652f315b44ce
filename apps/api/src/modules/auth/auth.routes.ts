import { authContract, msg } from '@sanam/contract'
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { LinkService } from '../links/links.service.ts'
import type { AuthService } from './auth.service.ts'
import type { ConsoleSmsSender } from '../sms/console-sms.ts'

export function authRoutes(
  app: TypedApp,
  deps: {
    auth: AuthService
    /** Records the device and address of each registration and sign-in (linked accounts). */
    links: Pick<LinkService, 'registered' | 'signedIn'>
    requirePlayer: preHandlerAsyncHookHandler
    limitLogin: preHandlerAsyncHookHandler
    limitRegister: preHandlerAsyncHookHandler
  },
) {
  const { auth, links } = deps
  const seen = (req: FastifyRequest) => ({ deviceId: req.headers['x-device-id'], address: req.ip })
  /** The signed device token of an earlier sign-in on this device (ADR 039), if the player app sent one. */
  const deviceToken = (req: FastifyRequest) => {
    const value = req.headers['x-device-token']
    return typeof value === 'string' ? value : undefined
  }

  app.post('/auth/register', { schema: authContract.register, preHandler: deps.limitRegister }, async (req) => {
    const result = await auth.register(req.body, seen(req))
    // Without OTP the player exists now; with it, the confirming request records the registration.
    if (!result.sms) await links.registered(req.body.mobile, seen(req))
    return ok(result, result.sms ? msg('OTP_SENT') : msg('REGISTERED'))
  })

  app.post('/auth/confirm', { schema: authContract.confirm }, async (req) => {
    await auth.confirm(req.body, seen(req))
    await links.registered(req.body.mobile, seen(req))
    return done(msg('OTP_VERIFIED'))
  })

  app.post('/auth/login', { schema: authContract.login, preHandler: deps.limitLogin }, async (req) => {
    const result = await auth.login(req.body.mobile, req.body.password, deviceToken(req))
    await links.signedIn(result.uid, seen(req))
    return ok(result, msg('LOGGED_IN'))
  })

  app.post('/auth/password/renew', { schema: authContract.renewPassword, preHandler: deps.limitLogin }, async (req) => {
    const result = await auth.renewPassword(req.body.mobile, req.body.password, req.body.new_password, deviceToken(req))
    await links.signedIn(result.uid, seen(req))
    return ok(result, msg('PASSWORD_RENEWED'))
  })

  app.post('/auth/logout', { schema: authContract.logout, preHandler: deps.requirePlayer }, async (req) => {
    await auth.logout(req.player)
    return done(msg('LOGGED_OUT'))
  })
}

/** GET /dev/sms: the console sender's outbox. Registered only when SMS_PROVIDER=console. */
export function devSmsRoutes(app: TypedApp, deps: { outbox: ConsoleSmsSender }) {
  app.get('/dev/sms', { schema: authContract.devSms }, async (req) => {
    const messages = deps.outbox.outbox(req.query.mobile).map(({ to: _to, ...m }) => m)
    return ok({ messages })
  })
}
