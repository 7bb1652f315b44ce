// vitest sequencer of the e2e run (e2e/vitest.config.ts): the fault specs among the journeys, not after them. vitest
// hands the files of one group order to its two workers in the order this answers, each worker taking the next file
// when its own is done. The journeys come longest first (vitest's own order: its cache of the last run's times, else
// the larger file first), so that the run ends on short files; the fault specs, one at a time
// (e2e/support/fault-turns.ts), come one every JOURNEYS_PER_FAULT journeys from the start, so that while one worker
// runs a fault spec the other runs journeys, and the fault specs are done well before the journeys are.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The project whose files take turns (e2e/vitest.config.ts). */
export const FAULTS_PROJECT = 'e2e-faults'

/**
 * Journeys queued between two fault specs: a fault spec takes about as long as three journeys on the other worker. A
 * fault spec taken while the previous one still runs waits for its turn on its worker.
 */
const JOURNEYS_PER_FAULT = 3

export default class FaultsAmongJourneys extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const faults = sorted.filter((file) => file.project.name === FAULTS_PROJECT)
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
