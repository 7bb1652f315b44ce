// vitest globalSetup (e2e/vitest.config.ts): one server (and one directory) for the whole e2e run, for the specs that need none of their
// own (`useBrowserSuite()` without a server, e2e/support/suite.ts). Its URL reaches them through `inject('sharedServerUrl')`.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { operatorEnv } from './operator.ts'
import { startServer } from './server.ts'

export default async function startSharedServer(project: TestProject): Promise<() => Promise<void>> {
  // What the spec files of the run share besides the server (the TOTP steps used so far, e2e/support/operator.ts).
  const runDir = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-run-'))
  project.provide('e2eRunDir', runDir)
  const server = await startServer({ env: operatorEnv() })
  project.provide('sharedServerUrl', server.baseUrl)
  return async () => {
    await server.stop()
    await rm(runDir, { recursive: true, force: true })
  }
}
