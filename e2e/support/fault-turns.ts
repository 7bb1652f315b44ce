// vitest globalSetup of the e2e-faults project (e2e/vitest.config.ts): one fault spec at a time. The fault specs run
// beside the journeys, never beside each other: two of them would stress the one PostgreSQL (and share Redis) at once,
// and their limits were set for one fault spec's load. A fault spec's setup (e2e/support/fault-turn.ts) asks this
// small local HTTP endpoint for its turn; the answer's headers come when the turn is its own, and the turn is over when
// its connection closes (after the file, or when the worker dies), whereupon the next one waiting has it.
import { createServer, type ServerResponse } from 'node:http'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a fault spec waits for its turn (e2e/support/fault-turns.ts). */
    faultTurns: string
  }
}

export default async function offerFaultTurns(project: TestProject): Promise<() => Promise<void>> {
  const waiting: ServerResponse[] = []
  let holder: ServerResponse | undefined
  const next = () => {
    holder = waiting.shift()
    if (!holder) return
    holder.once('close', next)
    holder.writeHead(200, { 'content-type': 'text/plain' })
    holder.flushHeaders()
  }
  const turns = createServer((_request, response) => {
    waiting.push(response)
    // One that gave up waiting is not handed the turn.
    response.once('close', () => waiting.includes(response) && waiting.splice(waiting.indexOf(response), 1))
    if (!holder) next()
  })
  await new Promise<void>((resolve, reject) => {
    turns.once('error', reject)
    turns.listen(0, '127.0.0.1', resolve)
  })
  const address = turns.address()
  if (address === null || typeof address === 'string') throw new Error('the fault turns’ endpoint has no port')
  project.provide('faultTurns', `http://127.0.0.1:${address.port}`)
  return async () => {
    turns.closeAllConnections()
    await new Promise((resolve) => turns.close(resolve))
  }
}
