import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { Actor } from '../lib/actor.ts'
import { documentSecurity } from './api-docs.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePlayer. */
    player: Actor
  }
}

/** What the player guard asks of the auth module, handed in by app.ts (ADR 066): the live session a token names. */
export interface PlayerAuthenticator {
  authenticate(token: string): Promise<(Actor & { locked: boolean }) | null>
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  return (typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1]
}

/**
 * Reads `Authorization: Bearer <token>`; answers 401 unless it names a live session. The session usually comes from
 * the in-process session cache (ADR 010), which revocations clear in every process. Every answer of a route behind it
 * is `Cache-Control: no-store` (issue 34 §7): a player's balance, history or details are never kept by a browser's or
 * a proxy's cache, whatever the route sets.
 */
export function requirePlayer(auth: PlayerAuthenticator) {
  return documentSecurity(
    async function requirePlayerHook(request: FastifyRequest, reply: FastifyReply) {
      void reply.header('cache-control', 'no-store')
      const token = bearerToken(request)
      const actor = token ? await auth.authenticate(token) : null
      if (!actor) throw new AppError('UNAUTHORIZED')
      if (actor.locked) throw new AppError('ACCOUNT_LOCKED')
      request.player = { playerId: actor.playerId, sessionId: actor.sessionId }
    },
    [{ player: [] }],
  )
}
