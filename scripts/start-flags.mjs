// Node's own flags in package.json's start script (the heap budget, ADR 064). The benchmarks and the end-to-end tests
// start the built server with them, so that they run it as `npm start` and docs/operations.md do (the end-to-end
// servers on the embedded database with one flag more, e2e/support/server.ts: ADR 053).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The words of `npm start`'s command line that start with `--`, in order: `['--max-old-space-size=512', '--max-semi-space-size=32']`. */
export const START_FLAGS = Object.freeze(
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
    .scripts.start.split(/\s+/)
    .filter((word) => word.startsWith('--')),
)
