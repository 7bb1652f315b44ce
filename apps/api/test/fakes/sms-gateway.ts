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
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
