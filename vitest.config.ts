import { defineConfig, type TestProjectConfiguration } from 'vitest/config'

// Route tests run on PGlite always, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
const projects: TestProjectConfiguration[] = [
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
    },
  },
  {
    test: {
      name: 'backoffice',
      include: ['apps/backoffice/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
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
      include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['apps/api/test/global-setup.ts'],
      env: { SANAM_TEST_DB: 'pglite' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  },
]

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: [
        'apps/api/src/**/*.routes.test.ts',
        'apps/api/src/modules/ledger/*.test.ts',
        'apps/api/src/jobs/*.test.ts',
        'apps/api/src/**/*.conformance.test.ts',
      ],
      environment: 'node',
      globalSetup: ['apps/api/test/global-setup.ts'],
      env: { SANAM_TEST_DB: 'postgres' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  })
}

export default defineConfig({
  test: {
    projects,
    // Each test file opens its own database; two cores is all CI has.
    maxWorkers: 2,
  },
})
