// vitest globalSetup (e2e/vitest.config.ts): one server for the whole e2e run, for the specs that need none of their
// own (`useBrowserSuite()` without a server, e2e/support/suite.ts). Its URL reaches them through `inject('sharedServerUrl')`.
import type { TestProject } from 'vitest/node'
import { operatorEnv } from './operator.ts'
import { startServer } from './server.ts'

export default async function startSharedServer(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({ env: operatorEnv() })
  project.provide('sharedServerUrl', server.baseUrl)
  return async () => {
    await server.stop()
  }
}
