// A fetch over HTTPS with a client certificate (KBank's mutual TLS, ADR 084). Node's global fetch cannot present a
// client certificate without the undici package, which the repo does not depend on; node:https with an Agent can,
// and keeps connections alive between calls. Only what the adapters use is supported: method, headers, a string
// body and an AbortSignal; the answer is a standard Response.
import { Agent, request } from 'node:https'
import type { VendorFetch } from './vendor-http.ts'

export interface ClientTls {
  /** The client certificate (PEM) the bank issued or signed at onboarding. */
  cert: string
  /** Its private key (PEM). */
  key: string
  /** The CA (PEM) that signed the bank's server certificate, when it is not one Node already trusts. */
  ca?: string
}

/** A fetch that presents `tls` on every connection and refuses a server certificate it cannot verify. */
export function mtlsFetch(tls: ClientTls): VendorFetch & { close(): void } {
  const agent = new Agent({ cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}), keepAlive: true, rejectUnauthorized: true })
  const fetchOverTls = (url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined
      if (signal?.aborted) return reject(signal.reason)
      const headers = Object.fromEntries(new Headers(init.headers).entries())
      const body = typeof init.body === 'string' ? init.body : undefined
      const req = request(url, { method: init.method ?? 'GET', headers, agent, signal }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const responseHeaders = new Headers()
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value)
            else if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v)
          }
          const status = res.statusCode ?? 0
          // Response refuses a body on 204/304 and a status outside 200-599.
          if (status < 200 || status > 599) return reject(new Error(`unexpected HTTP status ${status}`))
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }))
        })
      })
      req.on('error', reject)
      req.end(body)
    })
  return Object.assign(fetchOverTls, { close: () => agent.destroy() })
}
