import { backofficeContract, backofficeOperatorsContract, msg } from '@sanam/contract'
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { BackofficeAuthService } from './operator-sign-in.service.ts'
import { operatorDeviceCookie, operatorDeviceTokenOf } from './operator-device-token.ts'

/** An operator's own session: sign-in, a one-time password renewed, TOTP enrolment, its password, sign-out. */
export function operatorSignInRoutes(
  app: TypedApp,
  deps: {
    auth: BackofficeAuthService
    operator: OperatorGuard
    limitLogin: preHandlerAsyncHookHandler
    /** Device cookies only over HTTPS: always outside demo mode (ADR 069), else when the request came over HTTPS. */
    secureCookies: boolean
  },
) {
  /** Sessions of an operator who has not enrolled TOTP yet reach only these routes. */
  const enrolling = deps.operator('self.session', { whileEnrolling: true })
  const self = backofficeOperatorsContract

  /** A sign-in's device token goes into its HttpOnly cookie (ADR 069), never into the answer's body. */
  const keepDevice = <T extends { device_token?: string }>(req: FastifyRequest, reply: FastifyReply, { device_token, ...session }: T) => {
    if (device_token) reply.header('set-cookie', operatorDeviceCookie(device_token, deps.secureCookies || req.protocol === 'https'))
    return session
  }
  const deviceToken = (req: FastifyRequest) => operatorDeviceTokenOf(req.headers.cookie)
  app.post('/backoffice/auth/login', { schema: backofficeContract.login, preHandler: deps.limitLogin }, async (req, reply) =>
    ok(keepDevice(req, reply, await deps.auth.login(req.body, req.ip, deviceToken(req))), msg('LOGGED_IN')),
  )
  app.post('/backoffice/auth/password/renew', { schema: self.renewPassword, preHandler: deps.limitLogin }, async (req, reply) =>
    ok(keepDevice(req, reply, await deps.auth.renewPassword(req.body, req.ip, deviceToken(req))), msg('LOGGED_IN')),
  )
  app.post('/backoffice/auth/logout', { schema: self.logout, preHandler: enrolling }, async (req) => {
    await deps.auth.logout(req.operator)
    return done(msg('LOGGED_OUT'))
  })
  app.get('/backoffice/me', { schema: self.me, preHandler: enrolling }, async (req) => ok(await deps.auth.me(req.operator)))
  app.post('/backoffice/auth/totp/start', { schema: self.totpStart, preHandler: enrolling }, async (req) => ok(await deps.auth.startTotp(req.operator)))
  app.post('/backoffice/auth/totp/confirm', { schema: self.totpConfirm, preHandler: enrolling }, async (req) =>
    ok(await deps.auth.confirmTotp(req.operator, req.body.otp), msg('TOTP_ENROLLED')),
  )
  app.post('/backoffice/auth/password', { schema: self.changePassword, preHandler: deps.operator('self.session') }, async (req) => {
    await deps.auth.changePassword(req.operator, req.body.current_password, req.body.new_password)
    return done(msg('OPERATOR_PASSWORD_CHANGED'))
  })
}
