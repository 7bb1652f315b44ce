import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { RateLimiter } from '../lib/rate-limiter.ts'

/** A preHandler that counts each request under `name` + key (the client IP by default) and answers 429 past `limit`. */
export function limitRequests(limiter: RateLimiter, options: { name: string; limit: number; windowMs: number; key?: (request: FastifyRequest) => string }) {
  return async function rateLimitHook(request: FastifyRequest, _reply: FastifyReply) {
    const key = `${options.name}:${options.key ? options.key(request) : request.ip}`
    const decision = await limiter.hit(key, options.limit, options.windowMs)
    if (!decision.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(decision.retryAfterMs / 1000))
  }
}
