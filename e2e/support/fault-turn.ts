// vitest setupFile of the e2e-faults project (e2e/vitest.config.ts): the file waits for its turn before its own hooks
// and tests, and gives it up after them (e2e/support/fault-turns.ts).
import { request, type ClientRequest } from 'node:http'
import { afterAll, beforeAll, inject } from 'vitest'

let turn: ClientRequest | undefined

// Another fault spec may hold the turn for minutes (the failover spec's formation, the 20 restarts of a loop).
beforeAll(async () => {
  const url = inject('faultTurns')
  if (!url) throw new Error('no fault turns: run with --config e2e/vitest.config.ts (its globalSetup offers them)')
  await new Promise<void>((resolve, reject) => {
    turn = request(url, (response) => (response.statusCode === 200 ? resolve() : reject(new Error(`no turn: ${response.statusCode}`))))
    turn.once('error', reject)
    turn.end()
  })
}, 1_800_000)

afterAll(() => {
  turn?.destroy()
})
