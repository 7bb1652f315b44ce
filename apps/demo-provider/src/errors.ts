import { errorCatalogue, type ErrorBody, type ErrorCode } from '@sanam/contract'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

/** The demo provider's refusals: a contract error code (its HTTP status) and the message in the launch's language. */
export class DemoError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Seconds after which a retry may succeed (429). */
    readonly retryAfter?: number,
  ) {
    super(message ?? errorCatalogue[code].message)
    this.name = 'DemoError'
    this.status = errorCatalogue[code].status
  }
}

/**
 * The plugin scope's error handler: its own refusals in the contract's error envelope; anything else (a body that
 * fails its schema, a framework error) is thrown on to the host's handler, so those answer as everywhere else.
 */
export function handleDemoError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof DemoError)) throw error
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter))
  const body: ErrorBody = { success: false, code: error.code, message: error.message }
  return reply.status(error.status).send(body)
}
