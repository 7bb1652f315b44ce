import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentFetch } from './agent-fetch.ts'

// The keep-alive fetch the LINE client and KBank's mutual TLS use, against a server on 127.0.0.1: what the adapters
// read of an answer (status, ok, a header by any case, the body) and what they send (method, headers, body).
describe('agentFetch', () => {
  let server: Server
  let base: string
  const seen: Array<{ method?: string; headers: Record<string, unknown>; body: string; socket: number }> = []
  const sockets = new WeakMap<object, number>()
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        if (!sockets.has(req.socket)) sockets.set(req.socket, seen.length + 1)
        seen.push({ method: req.method, headers: req.headers, body, socket: sockets.get(req.socket)! })
        if (req.url === '/empty') return res.writeHead(204).end()
        if (req.url === '/busy') return res.writeHead(429, { 'Retry-After': '7', 'content-type': 'application/json' }).end('{"message":"slow down"}')
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify({ echo: body }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends the method, headers and body, answers status, ok and the body, and keeps the connection for the next call', async () => {
    const fetch = agentFetch()
    try {
      const first = await fetch(`${base}/push`, {
        method: 'POST',
        headers: { 'x-line-retry-key': 'k-1', 'content-type': 'application/json' },
        body: '{"to":"U1"}',
      })
      expect([first.status, first.ok, JSON.parse(await first.text())]).toEqual([200, true, { echo: '{"to":"U1"}' }])
      expect(first.headers.get('Content-Type')).toBe('application/json')
      expect(first.headers.get('set-cookie')).toBe('a=1, b=2')
      expect(first.headers.get('x-absent')).toBeNull()
      const second = await fetch(`${base}/push`, { method: 'POST', headers: new Headers({ 'X-Line-Retry-Key': 'k-2' }), body: 'x' })
      expect(second.status).toBe(200)
      expect(seen.slice(-2).map((s) => [s.method, s.headers['x-line-retry-key'], s.body])).toEqual([
        ['POST', 'k-1', '{"to":"U1"}'],
        ['POST', 'k-2', 'x'],
      ])
      expect(seen.at(-1)!.socket, 'the second call went over the first one’s connection').toBe(seen.at(-2)!.socket)
    } finally {
      fetch.close()
    }
  })

  it('answers a refusal with its status and headers, and an empty answer with an empty body', async () => {
    const fetch = agentFetch()
    try {
      const busy = await fetch(`${base}/busy`, { method: 'POST', body: '{}' })
      expect([busy.status, busy.ok, busy.headers.get('retry-after')]).toEqual([429, false, '7'])
      const empty = await fetch(`${base}/empty`, { method: 'GET' })
      expect([empty.status, empty.ok, await empty.text()]).toEqual([204, true, ''])
    } finally {
      fetch.close()
    }
  })

  it('rejects a call whose signal has aborted, and one the server never answers in time', async () => {
    const fetch = agentFetch()
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      await expect(fetch(`${base}/push`, { method: 'GET', signal: AbortSignal.abort() })).rejects.toThrow()
      const port = (silent.address() as AddressInfo).port
      await expect(fetch(`http://127.0.0.1:${port}/`, { method: 'GET', signal: AbortSignal.timeout(50) })).rejects.toThrow()
    } finally {
      fetch.close()
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
