import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { BackofficeAuthService, OperatorActor, OperatorRole } from '../modules/backoffice/backoffice-auth.service.ts'
import { documentSecurity } from './api-docs.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOperator. */
    operator: OperatorActor
  }
}

/**
 * Bearer token of a live operator session with one of `roles`; 401 without one, 403 for another role. A session that
 * must still enrol TOTP (owner or finance without it) gets 403 TOTP_ENROLL_REQUIRED except on routes marked
 * `whileEnrolling` (enrolment itself, reading oneself, signing out). A route marked `totp` (a member's password reset)
 * refuses any session without TOTP the same way, whatever the role.
 */
export function requireOperator(auth: Pick<BackofficeAuthService, 'authenticate'>) {
  return (roles: readonly OperatorRole[], options: { whileEnrolling?: boolean; totp?: boolean } = {}) =>
    documentSecurity(
      async function requireOperatorHook(request: FastifyRequest, _reply: FastifyReply) {
        const header = request.headers.authorization
        const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
        const operator = match?.[1] ? await auth.authenticate(match[1], request.ip) : null
        if (!operator) throw new AppError('UNAUTHORIZED')
        if (!roles.includes(operator.role)) throw new AppError('FORBIDDEN')
        if (operator.mustEnroll && !options.whileEnrolling) throw new AppError('TOTP_ENROLL_REQUIRED')
        if (options.totp && !operator.totpEnrolled) throw new AppError('TOTP_ENROLL_REQUIRED')
        request.operator = operator
      },
      [{ operator: [] }],
      roles,
    )
}
