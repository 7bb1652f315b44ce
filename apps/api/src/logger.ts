// The server's log (ADR 091): JSON lines by pino at LOG_LEVEL, written through an asynchronous buffered destination,
// with every credential a line could pick up hidden. What each request pays for its line is kept small: one line when
// it completes (what Fastify's `incoming request` said is on it), serialized and appended to a buffer that is written
// to the file descriptor a few kilobytes at a time, and a redaction that looks only where a credential can be.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino, { type DestinationStream, type LoggerOptions } from 'pino'
import type { Config } from './config.ts'

/** Credentials by the name they travel under: a header, or a field of a logged object (one or two levels down). */
export const SECRET_FIELDS = ['password', 'old', 'new', 'otp', 'otp_code', 'token', 'session_token', 'secret', 'signature', 'authorization', 'cookie']
const SECRET = new Set(SECRET_FIELDS)
export const CENSOR = '[hidden]'

/**
 * The fields of a line whose serializer writes a fixed set of safe fields (Fastify's: a request's method, URL and
 * address; a reply's status): the redaction does not walk them. A request's headers are redacted by path in case a
 * serializer ever logs them.
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
 * The server's logger options: the level from LOG_LEVEL, the redaction of credentials (the fields above in any logged
 * object or binding, and a request's credential headers if a serializer ever logs them). The request log itself
 * carries method, URL and address only; the /play/<token> routes hide the token in the URL.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    // Paths under a named field only: pino applies a path that begins with a wildcard to every field of every line,
    // the message and the bindings included (ADR 091: about 30 µs of a request's 36 µs of logging). The wildcards are
    // hideSecrets' work, once a line, in the formatters.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-signature"]', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
      censor: CENSOR,
    },
    // Fastify's request serializer without the Accept-Version header and the client's port, which no one reads.
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: request.url, host: request.host, remoteAddress: request.ip }),
    },
    formatters: {
      log: (object) => hideSecrets(object),
      bindings: (bindings) => hideSecrets(bindings),
    },
  }
}

/** How many bytes the destination gathers before it writes them (a write of a few dozen lines instead of each). */
export const LOG_BUFFER_BYTES = 4096
/** The longest a line waits in the buffer on a quiet server before it is written. */
export const LOG_FLUSH_MS = 1000

/**
 * Where the server's lines go: standard output through sonic-boom without blocking (`sync: false`), gathered up to
 * LOG_BUFFER_BYTES. pino flushes it synchronously when the process exits (process.exit, the end of the event loop, an
 * uncaught exception) and ends it before; an error or fatal line is sent at once (`flushAtLevel`); a clean shutdown
 * awaits flushLog first (a write under way at an uncaught exception may come out after the lines behind it). What a
 * kill -9 or an out-of-memory abort finds in the buffer is lost: at most LOG_BUFFER_BYTES and the write under way.
 */
export function logDestination(fd = 1): LogDestination {
  // sonic-boom's own timer (unref'd) flushes without a callback: a callback waits on a `drain` listener, and under
  // steady load drain can wait long, so one a second piled up (MaxListenersExceededWarning in the bench).
  return pino.destination({ dest: fd, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS })
}

/** Starts a write of what the destination holds, without waiting for it (no listener left behind); a destroyed one is left. */
function sendNow(stream: LogDestination): void {
  try {
    stream.flush()
  } catch {
    // Destroyed at exit: pino's exit flush has already run.
  }
}

/** The server's log destination: a stream with sonic-boom's asynchronous flush. */
export type LogDestination = DestinationStream & { flush(cb?: (error?: Error) => void): void }

/**
 * Writes out what the destination holds, after the write under way if there is one; a clean shutdown awaits it before
 * process.exit. The synchronous flush pino runs at exit does not wait for a write under way (pinojs/sonic-boom#101): it
 * writes the lines behind it, and libuv runs the queued write as the process tears down, after them (ADR 091). An
 * error here (a closed standard output) is no reason not to exit.
 */
export function flushLog(stream: LogDestination): Promise<void> {
  return new Promise((resolve) => stream.flush(() => resolve()))
}

/** pino's level number of `error`: lines at it or above are flushed as they are written. */
const ERROR_LEVEL = 50

/**
 * The server's options with its destination (server.ts): loggerOptions, the asynchronous destination, and a hook that
 * sends a line at error level or above on its way at once, so that an error is never waiting in the buffer.
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
