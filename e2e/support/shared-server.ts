// vitest globalSetup (e2e/vitest.config.ts): one server for the whole e2e run, for the specs that need
// none of their own (`useBrowserSuite()` without a server, e2e/support/suite.ts). The server starts only when a spec of
// the run asks for it: the globalSetup serves a small local HTTP endpoint (its URL reaches the workers through
// `inject('sharedServerControl')`); the first request starts the server in this, the main, process and every request
// answers its base URL once it is up. A run of specs that all start their own servers never starts it.
import { createServer } from 'node:http'
import type { TestProject } from 'vitest/node'
import { operatorEnv } from './operator.ts'
import { startServer, type RunningServer } from './server.ts'

export default async function offerSharedServer(project: TestProject): Promise<() => Promise<void>> {
  let server: Promise<RunningServer> | undefined
  let stopping = false
  /** Why the server is gone, when it exited before the run ended: said once on the console and to every later asker. */
  let died: string | undefined
  const control = createServer((_request, response) => {
    if (died) return response.writeHead(500, { 'content-type': 'text/plain' }).end(died)
    server ??= startServer({ env: operatorEnv() }).then((running) => {
      void running.exited.then((code) => {
        if (stopping) return
        died = `the shared e2e server exited (code ${code}) while the run still needed it; its last output:\n${running.output()}`
        console.error(died)
      })
      return running
    })
    server.then(
      ({ baseUrl }) => response.writeHead(200, { 'content-type': 'text/plain' }).end(baseUrl),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    )
  })
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject)
    control.listen(0, '127.0.0.1', resolve)
  })
  const address = control.address()
  if (address === null || typeof address === 'string') throw new Error('the shared server’s control endpoint has no port')
  project.provide('sharedServerControl', `http://127.0.0.1:${address.port}`)

  return async () => {
    stopping = true
    control.closeAllConnections()
    await new Promise((resolve) => control.close(resolve))
    await (await server?.catch(() => undefined))?.stop()
  }
}
