// A fake slip-verification vendor on 127.0.0.1 (ADR 084): serves the fixtures written from each vendor's published
// documentation, records every request, and can fail at any step (a status, a body that is not JSON or not of the
// documented shape, a connection reset, or no answer at all). With `tls` it is an https server that requires a
// client certificate signed by the given CA, as KBank's API does. Used by the adapters' contract tests and by
// bench/slip-verify.ts.
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'

/** What the fake answers: a JSON body, a raw body, a reset connection or nothing at all. */
export type VendorReply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: string; headers?: Record<string, string> }
  | { reset: true }
  /** Never answers: the request waits until the caller's timeout (the server's close ends it). */
  | { hang: true }

export interface ReceivedRequest {
  method: string
  /** Path and query, as sent. */
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The client certificate's subject CN, on a TLS server. */
  clientCertificate: string | null
}

/** A route is `METHOD /path`, or `METHOD /prefix*` for any path under it. */
export type Routes = Record<string, VendorReply | ((request: ReceivedRequest) => VendorReply)>

export interface FakeVendor {
  /** http(s)://127.0.0.1:<port> */
  url: string
  received: ReceivedRequest[]
  /** Replace (or add) a route's answer. */
  answer(route: string, reply: VendorReply | ((request: ReceivedRequest) => VendorReply)): void
  close(): Promise<void>
}

const FIXTURES = new URL('../src/modules/slips/verifiers/fixtures/', import.meta.url)

/** A fixture file `fixtures/<vendor>/<name>.json` as the fake serves it: its status and JSON body. */
export function fixture(vendor: string, name: string): { status: number; json: unknown } {
  const file = JSON.parse(readFileSync(new URL(`${vendor}/${name}.json`, FIXTURES), 'utf8')) as { status: number; body: unknown }
  return { status: file.status, json: file.body }
}

function routeFor(routes: Routes, method: string, path: string) {
  const pathname = path.split('?')[0]!
  const exact = routes[`${method} ${pathname}`]
  if (exact) return exact
  const prefix = Object.keys(routes).find((key) => key.endsWith('*') && `${method} ${pathname}`.startsWith(key.slice(0, -1)))
  return prefix ? routes[prefix] : undefined
}

export async function startFakeVendor(initial: Routes, options: { tls?: { key: string; cert: string; ca: string } } = {}): Promise<FakeVendor> {
  const routes: Routes = { ...initial }
  const received: ReceivedRequest[] = []
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const socket = req.socket as Partial<TLSSocket>
      const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : null
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientCertificate: peer && typeof peer.subject?.CN === 'string' ? peer.subject.CN : null,
      }
      received.push(request)
      const route = routeFor(routes, request.method, request.path)
      const reply: VendorReply = typeof route === 'function' ? route(request) : (route ?? { status: 404, json: { error: 'no such route in the fake' } })
      if ('hang' in reply) return
      if ('reset' in reply) return void req.socket.destroy()
      const body = 'json' in reply ? JSON.stringify(reply.json) : reply.body
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...reply.headers }).end(body)
    })
  }
  const server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert, ca: options.tls.ca, requestCert: true, rejectUnauthorized: true }, handle)
    : createHttpServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    answer(route, reply) {
      routes[route] = reply
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Answers no vendor documents, each with the UNAVAILABLE code an adapter must give (prefixed `TOKEN_` at a token step). */
export const BROKEN_ANSWERS: ReadonlyArray<{ name: string; reply: VendorReply; code: string }> = [
  { name: 'a 500', reply: { status: 500, body: 'Internal Server Error' }, code: 'HTTP_500' },
  { name: 'a 503 from a gateway, in JSON', reply: { status: 503, json: { message: 'Service Unavailable' } }, code: 'HTTP_503' },
  { name: 'a body that is not JSON', reply: { status: 200, body: '{"success": tr' }, code: 'BAD_JSON' },
  { name: 'an HTML page from a proxy', reply: { status: 200, body: '<html><body>Access denied</body></html>' }, code: 'BAD_JSON' },
  { name: 'JSON of another shape', reply: { status: 200, json: { ok: 1, result: 'fine' } }, code: 'BAD_SCHEMA' },
  { name: 'a reset connection', reply: { reset: true }, code: 'NETWORK' },
  // Followed, it would reach the fake's 404 and give another code: the key must not travel with a redirect.
  { name: 'a redirect elsewhere', reply: { status: 302, body: '', headers: { location: '/elsewhere' } }, code: 'HTTP_302' },
  { name: 'no answer before the timeout', reply: { hang: true }, code: 'TIMEOUT' },
]

/** The timeout the contract tests give adapters: long enough for loopback under load, short enough to wait for. */
export const TEST_TIMEOUT_MS = 400
