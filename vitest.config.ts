import { defineConfig, type TestProjectConfiguration } from 'vitest/config'
import { testDepth } from './scripts/test-depth.mjs'
import { exportServices, resolveServices } from './scripts/test-env.mjs'
import LongestFirst from './scripts/unit-sequencer.mjs'

// Route tests run on PGlite always, and again on PostgreSQL when one is used: TEST_DATABASE_URL, else the local
// server when it answers (TEST_DATABASE_URL=none leaves it out); the same for Redis and TEST_REDIS_URL (ADR 033).
testDepth() // A depth it does not know stops the run here (ADR 103).
const services = await resolveServices()
exportServices(services)
for (const service of Object.values(services)) {
  if (!service.url) console.info(`${service.name} left out: ${service.reason}`)
}

const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'scripts',
      include: ['scripts/**/*.test.mjs'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'contract',
      include: ['packages/*/src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'player',
      include: ['apps/player/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // One jsdom and one import of React per worker, not per file; each file starts from a fresh page (ADR 053).
      isolate: false,
      setupFiles: ['apps/player/src/testing/fresh-page.ts'],
    },
  },
  {
    test: {
      name: 'backoffice',
      include: ['apps/backoffice/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // Pure functions and the API client on a stubbed fetch: one jsdom per worker serves them all.
      isolate: false,
    },
  },
  {
    test: {
      name: 'demo-provider',
      include: ['apps/demo-provider/src/**/*.test.ts'],
      environment: 'node',
      // The engine's RTP simulations run a million rounds each on a shared 2-core machine.
      testTimeout: 20_000,
    },
  },
  {
    test: {
      name: 'api',
      include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/api/scripts/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['apps/api/test/global-setup.ts'],
      env: { SANAM_TEST_DB: 'pglite' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Files share a worker's imported modules (each still gets its own app and database): importing the app again
      // for every file cost about 1.7 s of CPU a file (ADR 033).
      isolate: false,
    },
  },
]

if (services.postgres.url) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: [
        'apps/api/src/**/*.routes.test.ts',
        'apps/api/src/db/writes.test.ts',
        'apps/api/src/modules/ledger/*.test.ts',
        'apps/api/src/jobs/*.test.ts',
        'apps/api/src/**/*.conformance.test.ts',
      ],
      environment: 'node',
      globalSetup: ['apps/api/test/global-setup.ts'],
      env: { SANAM_TEST_DB: 'postgres' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Files share a worker's imported modules (each still gets its own app and database): importing the app again
      // for every file cost about 1.7 s of CPU a file (ADR 033).
      isolate: false,
    },
  })
}

export default defineConfig({
  test: {
    projects,
    // Each test file opens its own database; two cores is all CI has.
    maxWorkers: 2,
    // In each project the files known to take longest first, so that none runs on alone at the end (ADR 053).
    sequence: { sequencer: LongestFirst },
  },
})
