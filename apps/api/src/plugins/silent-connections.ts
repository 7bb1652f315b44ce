// A stop that a silent connection cannot hold up. Fastify's close stops accepting and lets Node's server.close() wait
// for every connection, closing the idle ones; but Node 20 does not count as idle a connection that has not begun a
// request (nodejs/node#63452, fixed only in later Node lines), such as a browser's speculative connection or any client
// that connects and says nothing. One of them held the stop until the 15 s limit of server.ts: exit 1, the jobs and
// the database left unclosed. So, on close, each connection that never began a request is destroyed: nothing it sent
// reached a handler, so nothing is lost. A connection with a request in flight finishes it, as before.
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

export function closeSilentConnections(app: FastifyInstance): void {
  const silent = new Set<Socket>()
  let closing = false
  app.server.on('connection', (socket: Socket) => {
    // Accepted between the close hooks and the listener closing: it would be one more to wait for.
    if (closing) return void socket.destroy()
    silent.add(socket)
    socket.once('close', () => silent.delete(socket))
  })
  // Headers complete: a request has begun, and this connection is Node's to close after its answer.
  app.server.on('request', (request: IncomingMessage) => silent.delete(request.socket))
  app.addHook('preClose', async () => {
    closing = true
    for (const socket of silent) socket.destroy()
    silent.clear()
  })
}
