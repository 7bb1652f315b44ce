// vitest sequencer of the e2e run (e2e/vitest.config.ts): the fault specs among the journeys, not after them. vitest
// hands the files of one group order to its two workers in the order this answers, each worker taking the next file
// when its own is done. The journeys come longest first (vitest's own order: its cache of the last run's times, else
// the larger file first), so that the run ends on short files; the fault specs, longest first and one at a time
// (e2e/support/fault-turns.ts), come one every JOURNEYS_PER_FAULT journeys from the start, so that while one worker
// runs a fault spec the other runs journeys, and the fault specs are done well before the journeys are.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The project whose files take turns (e2e/vitest.config.ts). */
export const FAULTS_PROJECT = 'e2e-faults'

/**
 * Journeys queued between two fault specs: a fault spec takes about as long as two or three journeys on the other
 * worker. A fault spec taken while the previous one still runs waits for its turn on its worker.
 */
const JOURNEYS_PER_FAULT = 2

/**
 * The fault specs, longest first (2026-11-30, the slower machine: restart-after-crash 335 to 435 s, the others less).
 * CI starts from a clean clone, without vitest's cache of the last run's times, and vitest's fallback (the larger file
 * first) put the longest, a small file, last, where it ran alone at the end of the run. A fault spec not named here
 * comes after these, in vitest's order.
 */
const FAULTS_LONGEST_FIRST = ['restart-after-crash', 'postgres-failover', 'money-faults', 'postgres-faults', 'several-processes']
const faultRank = (file: TestSpecification) => {
  const rank = FAULTS_LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.spec.ts`))
  return rank === -1 ? FAULTS_LONGEST_FIRST.length : rank
}

export default class FaultsAmongJourneys extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    // A stable sort: the fault specs not named keep vitest's order among themselves.
    const faults = sorted.filter((file) => file.project.name === FAULTS_PROJECT).sort((a, b) => faultRank(a) - faultRank(b))
    const journeys = sorted.filter((file) => file.project.name !== FAULTS_PROJECT)
    const queue: TestSpecification[] = []
    while (faults.length > 0 || journeys.length > 0) {
      const fault = faults.shift()
      if (fault) queue.push(fault)
      queue.push(...journeys.splice(0, fault ? JOURNEYS_PER_FAULT : journeys.length))
    }
    return queue
  }
}
