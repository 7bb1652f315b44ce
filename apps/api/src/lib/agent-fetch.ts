// A fetch over node:http and node:https with keep-alive Agents: every vendor adapter's HTTP client (LINE, the SMS
// gateways, the slip verifiers, the payout bank; one way for all of them), for the calls it makes again and again.
// Node's global fetch (undici) cost the server about 0.8 ms of CPU a LINE push, and its garbage more, where node:http
// costs a fifth of that (issue 38 §6: the deposit's notice; bench/README.md "the outbox's cost"); it also lets an
// HTTPS agent present a client certificate (KBank's mutual TLS, ADR 084), which the global fetch cannot without the
// undici package, which the repo does not depend on. Only what the adapters use is supported: method, headers (a plain
// record), a string body and an AbortSignal; the answer is what they read of one (`HttpAnswer`), not a standard
// Response, whose Headers and body stream cost a LINE push about a third of a millisecond more (issue 38 §6).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest, type AgentOptions } from 'node:https'

/** What an adapter reads of an HTTP answer: a standard Response has it too (the global fetch, a test's fake). */
export interface HttpAnswer {
  status: number
  ok: boolean
  headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** A fetch as the adapters call it: the global one, a test's, or `agentFetch`. */
export type HttpFetch = (url: string, init: RequestInit) => Promise<HttpAnswer>

export type AgentFetch = HttpFetch & { close(): void }

/** The answer as the adapters read it; a status outside 200-599 is refused, as a standard Response would. */
function answerOf(res: IncomingMessage, body: Buffer): HttpAnswer {
  const status = res.statusCode ?? 0
  if (status < 200 || status > 599) throw new Error(`unexpected HTTP status ${status}`)
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    },
    text: () => Promise.resolve(body.toString('utf8')),
  }
}

/** The call's headers as node:http takes them: a plain record as it is, anything else through the standard Headers. */
function headersOf(init: RequestInit['headers']): Record<string, string> {
  if (init === undefined) return {}
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init).entries())
  return init as Record<string, string>
}

/**
 * A fetch whose connections are kept alive between calls, by `https` (its TLS options: a client certificate, a CA)
 * for https: addresses and a plain agent for http: ones (the fakes on 127.0.0.1). `close()` ends its idle connections.
 */
export function agentFetch(https: AgentOptions = {}): AgentFetch {
  // An idle connection is closed after 4 s, before a server's usual 5 s keep-alive ends it under a request (undici's default).
  const keepAlive = { keepAlive: true, timeout: 4_000 }
  const agents = { http: new HttpAgent(keepAlive), https: new HttpsAgent({ ...https, ...keepAlive }) }
  const fetchThrough = (url: string, init: RequestInit) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const signal = init.signal ?? undefined
      if (signal?.aborted) return reject(signal.reason)
      const secure = url.startsWith('https:')
      const headers = headersOf(init.headers)
      const body = typeof init.body === 'string' ? init.body : undefined
      const options = { method: init.method ?? 'GET', headers, signal }
      const answered = (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          try {
            resolve(answerOf(res, Buffer.concat(chunks)))
          } catch (error) {
            reject(error)
          }
        })
      }
      const req = secure ? httpsRequest(url, { ...options, agent: agents.https }, answered) : httpRequest(url, { ...options, agent: agents.http }, answered)
      req.on('error', reject)
      req.end(body)
    })
  return Object.assign(fetchThrough, {
    close: () => {
      agents.http.destroy()
      agents.https.destroy()
    },
  })
}
