// The server's log (ADR 091): JSON lines by pino at LOG_LEVEL, gathered in a buffer and written to the file
// descriptor a few kilobytes at a time, with every credential a line could pick up hidden. What each request pays for
// its line is kept small: one line when it completes (what Fastify's `incoming request` said is on it), serialized
// and appended to the buffer, and a redaction that looks only where a credential can be.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino, { type DestinationStream, type LoggerOptions } from 'pino'
import type { Config } from './config.ts'

/** Credentials by the name they travel under: a header, or a field of a logged object (one or two levels down). */
export const SECRET_FIELDS = [
  'password',
  'old',
  'new',
  'otp',
  'otp_code',
  'token',
  'session_token',
  'secret',
  'signature',
  'authorization',
  'cookie',
  'set-cookie',
  'x-signature',
  'x-api-key',
]
const SECRET = new Set(SECRET_FIELDS)
export const CENSOR = '[hidden]'

/**
 * The fields of a line whose serializer writes a fixed set of safe fields (a request's method, URL, host and address;
 * a reply's status), whatever object is logged under them: the redaction does not walk them, and no header reaches
 * the line through them.
 */
const SERIALIZED = new Set(['req', 'res'])

/**
 * `value` with every field named in SECRET_FIELDS replaced by CENSOR, at `depth` levels and below (a field of the
 * line, of an object in it, of an object in that: what `password`, `*.password` and `*.*.password` named). Copies
 * only the objects on the way to a hidden field; a line without one (every request line) is answered as it came.
 */
export function hideSecrets<T>(value: T, depth = 3): T {
  if (depth === 0 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value
  let copy: Record<string, unknown> | unknown[] | undefined
  const source = value as Record<string, unknown>
  for (const key of Object.keys(source)) {
    const field = source[key]
    const hidden = SECRET.has(key) ? CENSOR : depth === 3 && SERIALIZED.has(key) ? field : hideSecrets(field, depth - 1)
    if (hidden === field) continue
    copy ??= Array.isArray(value) ? [...value] : { ...source }
    ;(copy as Record<string, unknown>)[key] = hidden
  }
  return (copy ?? value) as T
}

/**
 * The server's logger options: the level from LOG_LEVEL, the redaction of credentials (the fields above, headers
 * included, in any logged object or binding). The request log itself carries method, URL and address only; the
 * /play/<token> routes hide the token in the URL.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    // No `redact`: pino runs its redactor on every line that has a field its paths begin with, and the request line has
    // `req` and `res`, whose serializers below write no header (ADR 091: about 3 µs of a line's 9 for nothing). The
    // credentials are hideSecrets' work, once a line, in the formatters.
    // Fastify's serializers without the Accept-Version header and the client's port, which no one reads: the request's
    // method, URL, host and address, the reply's status.
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: request.url, host: request.host, remoteAddress: request.ip }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    },
    formatters: {
      log: (object) => hideSecrets(object),
      bindings: (bindings) => hideSecrets(bindings),
    },
  }
}

/** How many bytes the destination gathers before it writes them: some 300 request lines a write (ADR 102). */
export const LOG_BUFFER_BYTES = 65_536
/** The longest a line waits in the buffer on a quiet server before it is written. */
export const LOG_FLUSH_MS = 1000

/** The destinations open in this process: each is written out when the process exits. */
const open = new Set<LogDestination>()
let exitFlushRegistered = false

/** Writes out what every open destination holds, synchronously (at `exit` there is no event loop left). */
function flushAtExit(): void {
  for (const stream of open) {
    try {
      stream.flushSync()
    } catch {
      // A closed or broken standard output: nothing more can be written, and the process is leaving anyway.
    }
  }
}

/**
 * Where the server's lines go: standard output through sonic-boom, gathered up to LOG_BUFFER_BYTES and then written
 * by the event loop's own thread (`sync: true`). Not through libuv's thread pool (ADR 091, amended): each
 * asynchronous write woke a pool thread, and on a loaded machine the server's thread then waited for the core behind
 * it and PostgreSQL's backends, which cost the balance read far more than the write itself. What the buffer holds is
 * written every LOG_FLUSH_MS on a quiet server, at once for a line at error level or above (`serverLoggerOptions`),
 * and when the process exits (process.exit, an uncaught exception, the end of the event loop). What a kill -9 or an
 * out-of-memory abort finds in the buffer is lost: less than LOG_BUFFER_BYTES. A reader of standard output that
 * stops reading stops the server at its next write, as pino's own default destination does.
 */
export function logDestination(fd = 1): LogDestination {
  const stream = pino.destination({
    dest: fd,
    sync: true,
    minLength: LOG_BUFFER_BYTES,
    maxWrite: 4 * LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  }) as LogDestination
  // pino writes out only its asynchronous destinations at exit: this one is written out here.
  if (!exitFlushRegistered) process.once('exit', flushAtExit)
  exitFlushRegistered = true
  open.add(stream)
  stream.once('close', () => open.delete(stream))
  return stream
}

/** Writes what the destination holds now; a destroyed one is left. */
function sendNow(stream: LogDestination): void {
  try {
    stream.flush()
  } catch {
    // An ended destination: there is nothing left to write.
  }
}

/** The server's log destination: sonic-boom's stream. */
export type LogDestination = DestinationStream & {
  flush(cb?: (error?: Error) => void): void
  flushSync(): void
  once(event: 'close', listener: () => void): unknown
}

/**
 * Writes out what the destination holds; a clean shutdown awaits it before process.exit, so that its last lines do not
 * depend on the exit's flush. An error here (a closed standard output) is no reason not to exit.
 */
export function flushLog(stream: LogDestination): Promise<void> {
  return new Promise((resolve) => stream.flush(() => resolve()))
}

/** pino's level number of `error`: lines at it or above are flushed as they are written. */
const ERROR_LEVEL = 50

/**
 * The server's options with its destination (server.ts): loggerOptions, the buffered destination, and a hook that
 * writes a line at error level or above at once, so that an error is never waiting in the buffer.
 */
export function serverLoggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream: LogDestination = logDestination()): LoggerOptions & { stream: LogDestination } {
  return {
    ...loggerOptions(config),
    stream,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args)
        if (level >= ERROR_LEVEL) sendNow(stream)
      },
    },
  }
}

/**
 * Fastify's request lines, one a request (ADR 091): `request completed` (or `request errored`) with the request's
 * method, URL and address beside its status and time, where Fastify writes an `incoming request` line as well. A
 * request for a stream (`Accept: text/event-stream`, the live balance) is also logged as it begins: it completes only
 * when it closes, minutes later.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.accept === 'text/event-stream') super.incomingRequest(request, reply)
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
