// Server-Sent Events on a Fastify reply (ADR 049): the text/event-stream framing, written by hand because it is three
// kinds of line; what a stream says and when it ends belongs to its owner (the wallet's live balance).
import type { FastifyReply, FastifyRequest } from 'fastify'

/** What a stream's owner writes to one open event stream. */
export interface EventSink {
  /** One event: `event: <name>` and its data on one line (JSON never holds a raw newline). */
  event(name: string, data: string): void
  /** A comment line: ignored by every client, it keeps proxies from closing an idle connection. */
  comment(text?: string): void
  /** Ends the stream (the client sees it close and may reconnect). Safe to call twice. */
  end(): void
  /** Called once when the stream is gone, however it went: ended here, the client left, the connection broke. */
  onClose(fn: () => void): void
}

/** A client that reads nothing while this much waits unsent is cut off rather than buffered without end. */
export const SSE_MAX_BACKLOG_BYTES = 64 * 1024

/**
 * Takes the reply over from Fastify and opens an event stream on it: status 200, the headers Fastify's hooks already
 * put on the reply (helmet's), `text/event-stream`, no caching and no proxy buffering. Call it only once every check
 * that could refuse the request has passed: from here on the answer is the stream.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventSink {
  reply.hijack()
  const res = reply.raw
  const given = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined)
  res.writeHead(200, {
    ...Object.fromEntries(given),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and others buffer a response unless told not to; a buffered event arrives late.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    // The connection ends with the stream: nothing is sent on it after, and a kept-alive socket would only linger.
    connection: 'close',
  })
  request.raw.socket?.setNoDelay(true)
  let open = true
  const closers: Array<() => void> = []
  const close = () => {
    if (!open) return
    open = false
    for (const fn of closers.splice(0)) fn()
  }
  res.on('close', close)
  res.on('error', close)
  // A client that half-closes (sends FIN) has left: the server would otherwise keep writing heartbeats to it.
  request.raw.socket?.once('end', () => sink.end())
  const write = (text: string) => {
    if (!open) return
    res.write(text)
    if (res.writableLength > SSE_MAX_BACKLOG_BYTES) sink.end()
  }
  const sink: EventSink = {
    event: (name, data) => write(`event: ${name}\ndata: ${data}\n\n`),
    comment: (text = '') => write(`:${text}\n\n`),
    end() {
      if (!open) return
      res.end()
      close()
    },
    onClose(fn) {
      if (open) closers.push(fn)
      else fn()
    },
  }
  // The first bytes go out at once, so the client knows the stream is open before the first event.
  sink.comment('open')
  return sink
}
