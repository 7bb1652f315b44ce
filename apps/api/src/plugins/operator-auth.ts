import { OPERATOR_PERMISSIONS, type OperatorPermission, type OperatorRole } from '@sanam/contract'
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from '../errors.ts'
import type { OperatorActor } from '../lib/actor.ts'
import { documentSecurity } from './api-docs.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOperator. */
    operator: OperatorActor
  }
}

/** What the guard asks of operator sign-in, handed in by app.ts (ADR 066): the operator a live session's token names. */
export interface OperatorAuthenticator {
  authenticate(token: string, address: string): Promise<OperatorActor | null>
}

/** The guard of a back-office route: an operator whose role holds `permission` (the contract's table, ADR 036). */
export type OperatorGuard = (permission: OperatorPermission, options?: { whileEnrolling?: boolean }) => preHandlerAsyncHookHandler

/**
 * Bearer token of a live operator session whose role holds `permission` in OPERATOR_PERMISSIONS; 401 without one, 403
 * for a role without it. A session that must still enrol TOTP (any role without it) gets 403 TOTP_ENROLL_REQUIRED
 * except on routes marked `whileEnrolling` (enrolment itself, reading oneself, signing out). Every answer of a route
 * behind it is `Cache-Control: no-store` (issue 34 §7), as every player route's is (plugins/auth.ts).
 */
export function requireOperator(auth: OperatorAuthenticator): OperatorGuard {
  return (permission, options = {}) => {
    const roles: readonly OperatorRole[] = OPERATOR_PERMISSIONS[permission]
    return documentSecurity(
      async function requireOperatorHook(request: FastifyRequest, reply: FastifyReply) {
        void reply.header('cache-control', 'no-store')
        const header = request.headers.authorization
        const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
        const operator = match?.[1] ? await auth.authenticate(match[1], request.ip) : null
        if (!operator) throw new AppError('UNAUTHORIZED')
        if (!roles.includes(operator.role)) throw new AppError('FORBIDDEN')
        if (operator.mustEnroll && !options.whileEnrolling) throw new AppError('TOTP_ENROLL_REQUIRED')
        request.operator = operator
      },
      [{ operator: [] }],
      roles,
    )
  }
}
