import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: the built server and apps driven by Chromium. Files run one after another because each
 * starts its own server and browser, and parallel Chromiums on a small CI machine make timings flaky.
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
