import { defineConfig } from 'vitest/config'

// npm run bench:statements (apps/api/bench/statements.test.ts): the route tests' harness on PostgreSQL,
// BENCH_DATABASE_URL (else the local server), one file, never part of npm test.
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export default defineConfig({
  test: {
    name: 'bench-statements',
    include: ['apps/api/bench/statements.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    env: { SANAM_TEST_DB: 'postgres' },
    hookTimeout: 120_000,
  },
})
