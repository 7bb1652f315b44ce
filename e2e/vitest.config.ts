import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { testDepth } from '../scripts/test-depth.mjs'
import { exportServices, resolveServices } from '../scripts/test-env.mjs'
import FaultsAmongJourneys, { FAULTS_PROJECT } from './support/sequencer.ts'

// The fault and backup tests run on PostgreSQL too when one is used: TEST_DATABASE_URL, else the local server when it
// answers; TEST_DATABASE_URL=none leaves it out (ADR 033).
testDepth() // A depth it does not know stops the run here (ADR 103).
const services = await resolveServices()
exportServices(services)
if (!services.postgres.url) console.info(`PostgreSQL left out: ${services.postgres.reason}`)

/**
 * The specs that kill servers under load and time their recovery: one at a time (e2e/support/fault-turns.ts), each
 * beside journeys on the other worker, never beside another of them. (Backup and restore, and the lifecycle, stop and
 * start servers but time nothing: they are journeys.)
 */
const FAULTS = [
  'e2e/restart-after-crash.spec.ts',
  'e2e/money-faults.spec.ts',
  'e2e/postgres-faults.spec.ts',
  'e2e/several-processes.spec.ts',
  'e2e/postgres-failover.spec.ts',
]

/**
 * End-to-end tests: the built server and apps driven by Chromium (ADR 053). Two files at a time: a file mostly waits on
 * its server and its Chromium, so a second one uses what the first leaves of two cores. Both projects are one group
 * (the same `groupOrder` and `maxWorkers`), queued by e2e/support/sequencer.ts: the fault specs among the journeys,
 * one every few, instead of alone after them, where they left the machine a third idle. One server
 * serves the whole run (e2e/support/shared-server.ts) for the specs that need none of their own, started when the
 * first of them asks (a run of only the others starts none); the others start theirs through the fixture
 * (e2e/support/suite.ts).
 */
export default defineConfig({
  // Paths below are from the repository root, wherever vitest is started.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    environment: 'node',
    sequence: { sequencer: FaultsAmongJourneys },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e-journeys',
          include: ['e2e/**/*.spec.ts'],
          exclude: FAULTS,
          maxWorkers: 2,
          globalSetup: ['e2e/support/pglite-template.ts', 'e2e/support/shared-server.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: FAULTS_PROJECT,
          include: FAULTS,
          maxWorkers: 2,
          globalSetup: ['e2e/support/pglite-template.ts', 'e2e/support/fault-turns.ts'],
          setupFiles: ['e2e/support/fault-turn.ts'],
        },
      },
    ],
  },
})
