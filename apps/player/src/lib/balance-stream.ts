import type { Balance } from '@sanam/contract'
import { isBahtAmount } from '@sanam/contract/money'
import { createParser } from 'eventsource-parser'

/**
 * The live balance's client (issue 21 §4, ADR 049): `GET /api/wallet/stream` read with fetch, so the bearer token
 * travels in the Authorization header (EventSource cannot send one), and parsed by eventsource-parser. This file owns
 * the connection: it reconnects with capped, jittered exponential backoff for as long as it is running, says whether
 * the stream is live (the callers poll while it is not) and hands a 401 to the session like any call. A stream the
 * server ends because the session is over (`event: end`) is not reopened.
 */

export const BALANCE_STREAM_PATH = '/api/wallet/stream'

/** 'live': a balance arrived on the open stream; 'down': not connected (connecting, failed, waiting to retry). */
export type StreamStatus = 'live' | 'down'

export interface BalanceStreamOptions {
  /** The session's token now; null stops the stream. */
  token: () => string | null
  onBalance: (balance: Balance) => void
  onStatus: (status: StreamStatus) => void
  /** The server refused the token (401): the session is over; the stream stops. */
  onUnauthorized: (token: string, message: string | undefined) => void
  fetch?: typeof fetch
  /** Waits between attempts (tests pass fake timers through the default). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** First and longest wait before reconnecting. */
  backoffMs?: { first: number; max: number }
  /** No byte (not even a heartbeat, every 15 s) for this long: the connection is dead though not closed. */
  silenceMs?: number
  random?: () => number
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** A balance event's data, or null when it is not one (the stream is then treated as broken). */
export function parseBalance(data: string): Balance | null {
  try {
    const value = JSON.parse(data) as Balance
    return value && typeof value === 'object' && isBahtAmount(value.balance) ? value : null
  } catch {
    return null
  }
}

/** The wait before attempt `failures + 1`: first·2^(failures-1), capped, ±20 % so phones do not return in step. */
export function backoffDelay(failures: number, backoff: { first: number; max: number }, random: () => number): number {
  const base = Math.min(backoff.max, backoff.first * 2 ** Math.min(Math.max(failures - 1, 0), 16))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/**
 * Opens the stream and keeps it open until `stop()`; answers `stop`, and `finished`, which settles once the client will
 * ask nothing more (stopped, signed out, a 401, a session the server ended): what a test waits on instead of a sleep.
 */
export function connectBalanceStream(options: BalanceStreamOptions): { stop(): void; finished: Promise<void> } {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const sleep = options.sleep ?? defaultSleep
  const backoff = options.backoffMs ?? { first: 1_000, max: 30_000 }
  const silenceMs = options.silenceMs ?? 45_000
  const random = options.random ?? Math.random
  const stopping = new AbortController()
  let status: StreamStatus = 'down'
  const setStatus = (next: StreamStatus) => {
    if (next === status) return
    status = next
    options.onStatus(next)
  }

  /**
   * One connection, until it ends; answers 'stop' when nothing should follow (stopped, signed out, 401), 'ended' when
   * it was live and then ended (the backoff starts afresh), 'retry' when it never became live.
   */
  async function once(token: string): Promise<'stop' | 'ended' | 'retry'> {
    let live = false
    const attempt = new AbortController()
    const abort = () => attempt.abort()
    stopping.signal.addEventListener('abort', abort)
    let silence: ReturnType<typeof setTimeout> | undefined
    const heard = () => {
      clearTimeout(silence)
      silence = setTimeout(abort, silenceMs)
    }
    try {
      heard()
      const res = await doFetch(BALANCE_STREAM_PATH, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: attempt.signal,
      })
      if (res.status === 401) {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null
        options.onUnauthorized(token, typeof body?.message === 'string' ? body.message : undefined)
        return 'stop'
      }
      if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return 'retry'
      let broken = false
      let over = false
      const parser = createParser({
        onEvent(event) {
          // The server closes it because the session is over: reconnecting would only be refused (the app's next
          // call meets the 401 and ends the session as any call does).
          if (event.event === 'end') over = true
          if (event.event !== 'balance') return
          const balance = parseBalance(event.data)
          if (!balance) {
            broken = true
            return
          }
          live = true
          setStatus('live')
          options.onBalance(balance)
        },
      })
      const reader = res.body.getReader()
      const decoder = new TextDecoder()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        heard()
        parser.feed(decoder.decode(value, { stream: true }))
        if (broken || over) break
      }
      if (broken || over) await reader.cancel().catch(() => undefined)
      if (over) return 'stop'
      return live ? 'ended' : 'retry'
    } catch {
      return live ? 'ended' : 'retry'
    } finally {
      clearTimeout(silence)
      stopping.signal.removeEventListener('abort', abort)
    }
  }

  const finished = (async () => {
    for (let failures = 0; !stopping.signal.aborted;) {
      const token = options.token()
      if (!token) break
      const outcome = await once(token)
      setStatus('down')
      if (outcome === 'stop' || stopping.signal.aborted) break
      // A stream that was live and then ended starts the backoff afresh; one that never opened waits longer each time.
      failures = outcome === 'ended' ? 1 : failures + 1
      await sleep(backoffDelay(failures, backoff, random), stopping.signal)
    }
  })()

  return {
    stop() {
      stopping.abort()
      setStatus('down')
    },
    finished,
  }
}
