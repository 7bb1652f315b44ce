// A fetch over node:http and node:https with keep-alive Agents, for the calls a vendor adapter makes again and again.
// Node's global fetch (undici) cost the server about 0.8 ms of CPU a LINE push, and its garbage more, where node:http
// costs a fifth of that (issue 38 §6: the deposit's notice; bench/README.md "the outbox's cost"); it also lets an
// HTTPS agent present a client certificate (KBank's mutual TLS, ADR 084), which the global fetch cannot without the
// undici package, which the repo does not depend on. Only what the adapters use is supported: method, headers, a
// string body and an AbortSignal; the answer is a standard Response.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest, type AgentOptions } from 'node:https'

export type AgentFetch = ((url: string, init: RequestInit) => Promise<Response>) & { close(): void }

/** The answer as a standard Response (which refuses a body on 204/304 and a status outside 200-599). */
function responseOf(res: IncomingMessage, body: Buffer<ArrayBuffer>): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
  }
  const status = res.statusCode ?? 0
  if (status < 200 || status > 599) throw new Error(`unexpected HTTP status ${status}`)
  return new Response([204, 304].includes(status) ? null : body, { status, headers })
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
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined
      if (signal?.aborted) return reject(signal.reason)
      const secure = url.startsWith('https:')
      const headers = Object.fromEntries(new Headers(init.headers).entries())
      const body = typeof init.body === 'string' ? init.body : undefined
      const options = { method: init.method ?? 'GET', headers, signal }
      const answered = (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          try {
            resolve(responseOf(res, Buffer.concat(chunks)))
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
