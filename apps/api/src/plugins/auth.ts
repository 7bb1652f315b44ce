import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { Actor } from '../lib/actor.ts'
import type { AuthService } from '../modules/auth/auth.service.ts'
import { documentSecurity } from './api-docs.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePlayer. */
    player: Actor
  }
}

/**
 * Reads `Authorization: Bearer <token>`; answers 401 unless it names a live session. The session usually comes from
 * the in-process session cache (ADR 010), which revocations clear in every process.
 */
export function requirePlayer(auth: Pick<AuthService, 'authenticate'>) {
  return documentSecurity(
    async function requirePlayerHook(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
      const actor = match?.[1] ? await auth.authenticate(match[1]) : null
      if (!actor) throw new AppError('UNAUTHORIZED')
      if (actor.locked) throw new AppError('ACCOUNT_LOCKED')
      request.player = { playerId: actor.playerId, sessionId: actor.sessionId }
    },
    [{ player: [] }],
  )
}
