// vitest sequencer of the unit and API half (vitest.config.ts): in each project, the files known to take longest first.
// vitest's own order keeps each project's files together (a worker that runs files without isolation is reused only
// for its own project) and, without its cache of the last run's times (a clean clone, as on CI), takes the larger file
// first. The longest files are small ones that run a thousand cases (the Evolution faults, the risk rules' 10,000
// players, the fuzzer's 20,000 requests), so they came near their project's end, where one of them ran on alone for up
// to a minute and a half while the other worker had nothing left: on a 2-core machine that is CPU the run never used
// (ADR 053, amended 2026-12-01).
import { BaseSequencer } from 'vitest/node'

/**
 * The unit and API files that took longest on CI, longest first (2026-12-01, a 2-core machine: the Evolution faults
 * 113 s on PGlite and 94 s on PostgreSQL, the fuzzer 83 s, the risk rules 82 s, the payout faults 75 s, the outbox
 * crash 31 s, the rest under 25 s). At CI's sample depth (ADR 103; 2026-12-02) they are shorter and still among the
 * longest: the fuzzer 23 s, the Evolution faults 22 s, the referral routes 16 to 19 s, the risk rules 18 s, the
 * back-office roles 15 to 17 s, the payout faults 15 s; the outbox crash 7 s. `npm test` prints the five slowest files of
 * each run; a file not named here keeps vitest's order after these.
 */
export const LONGEST_FIRST = [
  'apps/api/src/modules/protocols/evolution.faults.routes.test.ts',
  'apps/api/src/hostile-input.routes.test.ts',
  'apps/api/src/modules/risk/risk.golden.test.ts',
  'apps/api/src/modules/payouts/payout-faults.test.ts',
  'apps/api/src/modules/outbox/outbox.crash.test.ts',
  'apps/api/src/modules/referral/referral.routes.test.ts',
  'apps/api/src/backoffice-roles.routes.test.ts',
  'apps/api/src/demo-provider.routes.test.ts',
  'scripts/secret-scan.test.mjs',
]

/**
 * `files` (vitest's order, each `{ project, file }` with the file relative to the root) with each project's named files
 * first, longest first, in the same place among the projects; everything else in the order given.
 *
 * @template {{ project: string, file: string }} F
 * @param {F[]} files
 * @param {readonly string[]} [longestFirst]
 * @returns {F[]}
 */
export function longestFirst(files, longestFirst = LONGEST_FIRST) {
  const projects = [...new Set(files.map((f) => f.project))]
  const rank = (f) => {
    const at = longestFirst.indexOf(f.file)
    return at === -1 ? longestFirst.length : at
  }
  // Array.prototype.sort is stable: files that compare equal keep vitest's order.
  return [...files].sort((a, b) => projects.indexOf(a.project) - projects.indexOf(b.project) || rank(a) - rank(b))
}

export default class LongestFirst extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} specs */
  async sort(specs) {
    const root = this.ctx.config.root
    const named = (await super.sort(specs)).map((spec) => ({ spec, project: spec.project.name, file: spec.moduleId.slice(root.length + 1) }))
    return longestFirst(named).map((f) => f.spec)
  }
}
