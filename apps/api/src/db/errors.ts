/** The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. Works for pg and PGlite, through Drizzle's wrapper. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown }
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : 'unknown'
    current = e.cause
  }
  return null
}

/**
 * SQLSTATEs that mean "the database cannot serve this now", not "this request is wrong": connection exceptions (class
 * 08, which also covers no server matching the connection's target and a commit the synchronous standby never confirmed,
 * db/hosts.ts), the server shutting down or terminating the connection (57P01-57P03), too many connections (53300), a
 * statement cancelled by statement_timeout (57014), a lock not granted in time (55P03), a write refused by a server
 * that became read-only (25006: a primary demoted or held read-only during a failover, ADR 054).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25006'])
/** node-postgres and pg-pool say these without a SQLSTATE (the connection died, or no connection came in time). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated due to connection timeout',
]
/** Socket errors on the way to the database. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * True when the error (or one it wraps) says the database is down, unreachable, overloaded or too slow: the request
 * may succeed later, so it is answered 503, and money requests are retried with their idempotency keys.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.has(e.code) || e.code.startsWith('08') || UNAVAILABLE_SOCKET.has(e.code))) return true
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))) return true
    current = e.cause
  }
  return false
}
