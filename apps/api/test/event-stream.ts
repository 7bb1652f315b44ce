import { createParser, type EventSourceMessage } from 'eventsource-parser'
import type { TestApp } from './app.ts'

/** What a stream delivered, in order: events, comment lines (heartbeats), and its end. */
export type StreamItem = { kind: 'event'; event: EventSourceMessage } | { kind: 'comment'; text: string } | { kind: 'end' }

/** An open Server-Sent Events stream read through a real socket, with waits for what it delivers next. */
export interface OpenStream {
  status: number
  headers: Headers
  /** Everything delivered so far. */
  items: StreamItem[]
  /** Resolves with the first item not yet passed over by an earlier `next` that `match` accepts. */
  next(match: (item: StreamItem) => boolean, timeoutMs?: number): Promise<StreamItem>
  /** The data of the next `balance` event, parsed. */
  nextBalance(timeoutMs?: number): Promise<{ balance: number }>
  /** Resolves when the server has ended the stream. */
  ended(timeoutMs?: number): Promise<void>
  close(): void
}

/** The app's address, listening on a free port of 127.0.0.1 (once per app): SSE needs a socket, not inject. */
export async function listening(t: TestApp): Promise<string> {
  const address = t.app.server.address()
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`
  return await t.app.listen({ port: 0, host: '127.0.0.1' })
}

/** GET a stream with an optional bearer token; a non-200 answer is returned with its body read and no items. */
export async function openStream(t: TestApp, token: string | undefined, path = '/api/wallet/stream'): Promise<OpenStream & { body?: unknown }> {
  const base = await listening(t)
  const abort = new AbortController()
  const res = await fetch(base + path, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, signal: abort.signal })
  const items: StreamItem[] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const w of [...waiters]) w()
  }
  let cursor = 0
  const stream: OpenStream = {
    status: res.status,
    headers: res.headers,
    items,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          for (; cursor < items.length; cursor++) {
            const item = items[cursor]!
            if (match(item)) {
              cursor++
              waiters.delete(look)
              clearTimeout(timer)
              resolve(item)
              return
            }
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`the stream delivered nothing matching within ${timeoutMs} ms: ${JSON.stringify(items.slice(-5))}`))
        }, timeoutMs)
        waiters.add(look)
        look()
      })
    },
    async nextBalance(timeoutMs) {
      const item = await stream.next((i) => i.kind === 'event' && i.event.event === 'balance', timeoutMs)
      return JSON.parse((item as Extract<StreamItem, { kind: 'event' }>).event.data) as { balance: number }
    },
    ended(timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          if (!items.some((i) => i.kind === 'end')) return
          waiters.delete(look)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`the stream did not end within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(look)
        look()
      })
    },
    close: () => abort.abort(),
  }
  if (res.status !== 200 || !res.body) return { ...stream, body: await res.json().catch(() => undefined) }
  const parser = createParser({
    onEvent: (event) => items.push({ kind: 'event', event }),
    onComment: (text) => items.push({ kind: 'comment', text }),
  })
  void (async () => {
    const decoder = new TextDecoder()
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }))
        wake()
      }
    } catch {
      // Aborted by close(), or the connection broke: either way the stream is over.
    }
    items.push({ kind: 'end' })
    wake()
  })()
  return stream
}
