import type { Balance } from '@sanam/contract'
import { describe, expect, it, vi } from 'vitest'
import { backoffDelay, connectBalanceStream, type BalanceStreamOptions, type StreamStatus } from './balance-stream.ts'

const balance = (baht: number): Balance => ({
  balance: baht,
  bonus: { remaining: 0, total: 0, min: 0, max: 0, interval: 'DAY' } as unknown as Balance['bonus'],
  refund: { remaining: 0, total: 0, min: 0, max: 0, interval: 'DAY' } as unknown as Balance['refund'],
  turnover: 0,
})

/** A server answer whose body the test writes to, chunk by chunk, and may end. */
function streamAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  const encoder = new TextEncoder()
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  }
}
const refused = (status: number, message = 'กรุณาเข้าสู่ระบบ') =>
  new Response(JSON.stringify({ success: false, code: 'X', message }), { status, headers: { 'content-type': 'application/json' } })

/** Runs the client with a scripted fetch (one answer per attempt) and a sleep that records its waits. */
function run(answers: Array<() => Response | Promise<Response>>, overrides: Partial<BalanceStreamOptions> = {}) {
  const balances: number[] = []
  const statuses: StreamStatus[] = []
  const waits: number[] = []
  const unauthorized = vi.fn()
  let attempt = 0
  // Past the script, an answer that never comes: the client waits there (a used answer cannot be read twice).
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const next = answers[attempt++] ?? (() => new Promise<Response>(() => undefined))
    const headers = new Headers(init?.headers)
    expect(headers.get('authorization')).toBe('Bearer the-token')
    return next()
  })
  const client = connectBalanceStream({
    token: () => 'the-token',
    onBalance: (b) => balances.push(b.balance),
    onStatus: (s) => statuses.push(s),
    onUnauthorized: unauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async (ms) => {
      waits.push(ms)
    },
    random: () => 0.5,
    ...overrides,
  })
  return { balances, statuses, waits, unauthorized, fetch, client }
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 })

describe('the live balance client (fetch + eventsource-parser)', () => {
  it('sends the token in the header, reads balance events, skips comments, and is live once a balance came', async () => {
    const answer = streamAnswer()
    const { balances, statuses, client } = run([() => answer.response])
    answer.write(':open\n\n')
    await Promise.resolve()
    expect(statuses).toEqual([])
    answer.write(`event: balance\ndata: ${JSON.stringify(balance(1000))}\n\n:\n\nevent: bal`)
    await until(() => balances.length === 1)
    expect(statuses).toEqual(['live'])
    answer.write(`ance\ndata: ${JSON.stringify(balance(1500.5))}\n\n`)
    await until(() => balances.length === 2)
    expect(balances).toEqual([1000, 1500.5])
    client.stop()
    expect(statuses).toEqual(['live', 'down'])
  })

  it('a 401 hands the session its end with the server’s message and stops: no reconnection', async () => {
    const { unauthorized, fetch, waits, client } = run([() => refused(401, 'เซสชันหมดอายุ')])
    await client.finished
    expect(unauthorized).toHaveBeenCalledWith('the-token', 'เซสชันหมดอายุ')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(waits).toEqual([])
  })

  it('a stream the server ends because the session is over is not reopened, and does not end the session itself', async () => {
    const answer = streamAnswer()
    const { statuses, waits, fetch, unauthorized, balances, client } = run([() => answer.response])
    answer.write(`event: balance\ndata: ${JSON.stringify(balance(5))}\n\n`)
    await until(() => balances.length === 1)
    answer.write('event: end\ndata: {"reason":"session"}\n\n')
    await client.finished
    expect(statuses).toEqual(['live', 'down'])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(waits).toEqual([])
    expect(unauthorized).not.toHaveBeenCalled()
  })

  it('reconnects after failures with growing, capped waits, and is down (the app polls) until a balance comes', async () => {
    const answer = streamAnswer()
    const failing = () => refused(503)
    const { statuses, waits, balances, client } = run(
      [failing, () => Promise.reject(new TypeError('network')), failing, failing, failing, failing, () => answer.response],
      {
        backoffMs: { first: 1_000, max: 8_000 },
      },
    )
    await until(() => waits.length === 6)
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000])
    expect(statuses).toEqual([])
    answer.write(`event: balance\ndata: ${JSON.stringify(balance(42))}\n\n`)
    await until(() => balances.length === 1)
    expect(statuses).toEqual(['live'])
    client.stop()
  })

  it('a live stream the server ends goes down at once and reconnects after the first wait', async () => {
    const first = streamAnswer()
    const second = streamAnswer()
    const { statuses, waits, balances, client } = run([() => first.response, () => second.response])
    first.write(`event: balance\ndata: ${JSON.stringify(balance(10))}\n\n`)
    await until(() => balances.length === 1)
    first.end()
    await until(() => waits.length === 1)
    expect(statuses).toEqual(['live', 'down'])
    expect(waits).toEqual([1_000])
    second.write(`event: balance\ndata: ${JSON.stringify(balance(11))}\n\n`)
    await until(() => balances.length === 2)
    expect(statuses).toEqual(['live', 'down', 'live'])
    client.stop()
  })

  it('treats an answer that is not an event stream, or a balance that is not money, as a failure', async () => {
    const bad = streamAnswer()
    const { waits, balances, client } = run([() => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }), () => bad.response])
    await until(() => waits.length === 1)
    bad.write(`event: balance\ndata: {"balance":"1000"}\n\n`)
    await until(() => waits.length === 2)
    expect(balances).toEqual([])
    client.stop()
  })

  it('stops asking once the session has no token', async () => {
    const fetch = vi.fn()
    await connectBalanceStream({ token: () => null, onBalance: vi.fn(), onStatus: vi.fn(), onUnauthorized: vi.fn(), fetch }).finished
    expect(fetch).not.toHaveBeenCalled()
  })

  it('spreads the waits ±20 % so phones do not all come back at once', () => {
    const backoff = { first: 1_000, max: 30_000 }
    expect(backoffDelay(1, backoff, () => 0)).toBe(800)
    expect(backoffDelay(1, backoff, () => 1)).toBe(1_200)
    expect(backoffDelay(10, backoff, () => 0.5)).toBe(30_000)
  })
})
