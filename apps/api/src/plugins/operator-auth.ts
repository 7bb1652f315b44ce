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

/** Bearer token of a live operator session with one of `roles`; 401 without one, 403 for another role. */
export function requireOperator(auth: Pick<BackofficeAuthService, 'authenticate'>) {
  return (roles: OperatorRole[]) =>
    documentSecurity(
      async function requireOperatorHook(request: FastifyRequest, _reply: FastifyReply) {
        const header = request.headers.authorization
        const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
        const operator = match?.[1] ? await auth.authenticate(match[1]) : null
        if (!operator) throw new AppError('UNAUTHORIZED')
        if (!roles.includes(operator.role)) throw new AppError('FORBIDDEN')
        request.operator = operator
      },
      [{ operator: [] }],
      roles,
    )
}
