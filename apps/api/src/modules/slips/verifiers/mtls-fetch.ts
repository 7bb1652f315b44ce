// A fetch over HTTPS with a client certificate (KBank's mutual TLS, ADR 084): the keep-alive fetch of lib/agent-fetch.ts
// with an HTTPS agent that presents the certificate and refuses a server certificate it cannot verify. Node's global
// fetch cannot present a client certificate without the undici package, which the repo does not depend on.
import { agentFetch } from '../../../lib/agent-fetch.ts'
import type { VendorFetch } from './vendor-http.ts'

export interface ClientTls {
  /** The client certificate (PEM) the bank issued or signed at onboarding. */
  cert: string
  /** Its private key (PEM). */
  key: string
  /** The CA (PEM) that signed the bank's server certificate, when it is not one Node already trusts. */
  ca?: string
}

/** A fetch that presents `tls` on every connection and refuses a server certificate it cannot verify, or plain HTTP. */
export function mtlsFetch(tls: ClientTls): VendorFetch & { close(): void } {
  const overTls = agentFetch({ cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}), rejectUnauthorized: true })
  const fetchOverTls = (url: string, init: RequestInit) =>
    url.startsWith('https:') ? overTls(url, init) : Promise.reject(new Error('mutual TLS needs an https: address'))
  return Object.assign(fetchOverTls, { close: overTls.close })
}
