import { authContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { AuthService } from './auth.service.ts'
import type { ConsoleSmsSender } from '../sms/console-sms.ts'

export function authRoutes(
  app: TypedApp,
  deps: {
    auth: AuthService
    requirePlayer: preHandlerAsyncHookHandler
    limitLogin: preHandlerAsyncHookHandler
    limitRegister: preHandlerAsyncHookHandler
  },
) {
  const { auth } = deps

  app.post('/auth/register', { schema: authContract.register, preHandler: deps.limitRegister }, async (req) => {
    const result = await auth.register(req.body)
    return ok(result, result.sms ? 'ส่งรหัส OTP ไปยังเบอร์โทรศัพท์ของคุณแล้ว' : 'สมัครสมาชิกสำเร็จ')
  })

  app.post('/auth/confirm', { schema: authContract.confirm }, async (req) => {
    await auth.confirm(req.body)
    return done('ยืนยัน OTP สำเร็จ')
  })

  app.post('/auth/login', { schema: authContract.login, preHandler: deps.limitLogin }, async (req) =>
    ok(await auth.login(req.body.mobile, req.body.password), 'เข้าสู่ระบบสำเร็จ'),
  )

  app.post('/auth/logout', { schema: authContract.logout, preHandler: deps.requirePlayer }, async (req) => {
    await auth.logout(req.player)
    return done('ออกจากระบบแล้ว')
  })
}

/** GET /dev/sms: the console sender's outbox. Registered only when SMS_PROVIDER=console. */
export function devSmsRoutes(app: TypedApp, deps: { outbox: ConsoleSmsSender }) {
  app.get('/dev/sms', { schema: authContract.devSms }, async (req) => {
    const messages = deps.outbox.outbox(req.query.mobile).map(({ to: _to, ...m }) => m)
    return ok({ messages })
  })
}
