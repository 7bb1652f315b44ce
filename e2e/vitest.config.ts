import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { exportServices, resolveServices } from '../scripts/test-env.mjs'

// The fault and backup tests run on PostgreSQL too when one is used: TEST_DATABASE_URL, else the local server when it
// answers; TEST_DATABASE_URL=none leaves it out (ADR 033).
const services = await resolveServices()
exportServices(services)
if (!services.postgres.url) console.info(`PostgreSQL left out: ${services.postgres.reason}`)

/**
 * End-to-end tests: the built server and apps driven by Chromium. One server serves the whole run
 * (e2e/support/shared-server.ts) for the specs that need none of their own, started when the first of them asks (a run
 * of only the others starts none); the others start theirs through the fixture (e2e/support/suite.ts). Files run one after another: parallel Chromiums and servers on a small CI machine
 * make timings flaky.
 */
export default defineConfig({
  // Paths below are from the repository root, wherever vitest is started.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['e2e/support/shared-server.ts'],
  },
})
