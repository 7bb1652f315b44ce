import { once } from 'node:events'
import type { Server } from 'node:http'
import { connect, type Socket } from 'node:net'

/** A TCP connection to 127.0.0.1:`port` that sends nothing, as a browser's speculative connection does. */
export async function silentConnection(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  await once(socket, 'connect')
  return socket
}

/** How many connections `server` has taken in (one still in the accept queue is not counted). */
export function connectionsOf(server: Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))))
}
