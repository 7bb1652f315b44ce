import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from './db/errors.ts'
import { errorCatalogue, type ErrorBody, type ErrorCode, type FieldError } from '@sanam/contract'

/** The one error type. `code` picks the HTTP status and the default Thai message from the contract. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
    /** Seconds after which a retry may succeed (429). */
    readonly retryAfter?: number,
  ) {
    super(message ?? errorCatalogue[code].message)
    this.name = 'AppError'
    this.status = errorCatalogue[code].status
  }
}

export function errorBody(code: ErrorCode, message?: string, errors?: FieldError[]): ErrorBody {
  return { success: false, code, message: message ?? errorCatalogue[code].message, ...(errors?.length ? { errors } : {}) }
}

const THAI = /[\u0E00-\u0E7F]/

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
}

/** The single error handler: a Thai message and a stable code for the client, details only in the log. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter))
    return reply.status(error.status).send(errorBody(error.code, error.message, error.errors))
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      // Every schema in the contract carries Thai messages; a library default in English never reaches a player.
      message: v.message && THAI.test(v.message) ? v.message : errorCatalogue.VALIDATION_FAILED.message,
    }))
    // The first problem is the message; the rest mark their fields.
    return reply.status(400).send(errorBody('VALIDATION_FAILED', errors[0]?.message, errors))
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
    return reply.status(500).send(errorBody('INTERNAL'))
  }
  const mapped = error.code ? fastifyCodes[error.code] : undefined
  if (mapped) return reply.status(errorCatalogue[mapped].status).send(errorBody(mapped))
  if (error.statusCode === 429) return reply.status(429).send(errorBody('RATE_LIMITED'))
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error')
    return reply.status(400).send(errorBody('VALIDATION_FAILED'))
  }
  if (isDatabaseUnavailable(error)) {
    // Down, unreachable, out of connections or too slow: the client may retry (money requests carry idempotency keys).
    request.log.error({ err: error }, 'database unavailable')
    void reply.header('retry-after', '1')
    return reply.status(503).send(errorBody('DEPENDENCY_DOWN'))
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.status(500).send(errorBody('INTERNAL'))
}
