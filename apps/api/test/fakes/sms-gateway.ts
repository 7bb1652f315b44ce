import { afterEach, expect, it } from 'vitest'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a fake gateway received: method, path, headers and the raw body. */
export interface GatewayRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/**
 * How the fake answers the next request: a status, headers and body; or a failure at one step: `hang` (never answers),
 * `reset` (drops the connection before answering), `cut` (sends the head, then drops the connection mid-body).
 */
export type GatewayAnswer = { status: number; body: unknown; headers?: Record<string, string> } | { fail: 'hang' | 'reset' | 'cut' }

/** Each way a fake gateway can fail mid-request, named for a test's title (`it.each(CONNECTION_FAILURES)`). */
export const CONNECTION_FAILURES = [
  ['never answers', 'hang'],
  ['drops the connection', 'reset'],
  ['stops mid-answer', 'cut'],
] as const

/**
 * A fake SMS gateway on 127.0.0.1 (tests send traffic only to loopback): answers each request with the next of
 * `answers` (the last one repeats), and records what it received.
 */
export async function fakeSmsGateway(answers: GatewayAnswer[]) {
  const received: GatewayRequest[] = []
  const queue = [...answers]
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw })
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!
      if ('fail' in answer) {
        if (answer.fail === 'reset') req.socket.destroy()
        if (answer.fail === 'cut') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
          res.write('{"phone_number_list":[')
          setImmediate(() => req.socket.destroy())
        }
        return
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** From now on answers with `next` instead (the last one repeats). */
    answerWith(next: GatewayAnswer[]) {
      queue.splice(0, queue.length, ...next)
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A fake gateway per test: the answer starts one with its answers, closed after the test. */
export function useFakeGateway(): (answers: GatewayAnswer[]) => ReturnType<typeof fakeSmsGateway> {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })
  return async (answers) => {
    const fake = await fakeSmsGateway(answers)
    close = fake.close
    return fake
  }
}

/**
 * The error `attempt` was refused with, checked to be a `type` that never tells `secret` (errors are logged: a code,
 * a message's text).
 */
export async function refusalOf<E extends Error>(attempt: Promise<unknown>, type: abstract new (...args: never[]) => E, secret: string): Promise<E> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(type)
  expect(`${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`).not.toContain(secret)
  return error as E
}

/** A case of `itMapsEachAnswer`: the test's title, the gateway's answer, and the failure kind the outbox acts on. */
export type AnswerCase = readonly [title: string, answer: GatewayAnswer, kind: string]

/**
 * The two tests every gateway client has (ADR 083, 088): each of `cases` is refused with the kind the outbox acts on
 * (a rate limit with the answer's Retry-After, 7 s in the fixtures), and each connection failure is transient.
 * `refusal` sends one message to the fake at `url` (a short `timeoutMs` for the one that never answers) and answers
 * the error it was refused with.
 */
export function itMapsEachAnswer(
  gateway: ReturnType<typeof useFakeGateway>,
  refusal: (url: string, timeoutMs?: number) => Promise<{ kind: string; retryAfterMs?: number | undefined }>,
  cases: AnswerCase[],
) {
  it.each(cases)('maps %s', async (_title, answer, kind) => {
    const fake = await gateway([answer])
    const error = await refusal(fake.url)
    expect(error.kind).toBe(kind)
    if (kind === 'rate_limited') expect(error.retryAfterMs).toBe(7_000)
  })
  it.each(CONNECTION_FAILURES)('is transient when the gateway %s', async (_title, fail) => {
    const fake = await gateway([{ fail }])
    expect((await refusal(fake.url, 300)).kind).toBe('transient')
  })
}
