// Evolution's 26 scenarios replayed by the fake vendor once clean and once under each fault (issue 41 §4): a lost
// answer then a retry, five concurrent copies, a cancel before its debit, a credit before its debit, a debit timing
// out followed at once by its cancel, a crash inside the transaction then a retry, 50 parallel debits over the
// balance, bad tokens, a stale sid after renewal. Every run: each answer as the model of the rules says, the
// expected balances, the ledger's invariants, one seamless row per transaction id, no balance ever below zero.
import { describe, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import {
  addEvolutionProvider,
  crashFaults,
  evolutionConfig,
  evolutionFaults,
  evolutionScenarios,
  expectTransfersMapToSeamless,
  playScenario,
} from '../../../test/evolution-vendor.ts'

const t = useTestApp(() => ({ config: evolutionConfig, deps: { seamlessFaults: crashFaults }, verifyLedger: 'end' }))

/** EVOLUTION_FAULTS=stale-sid,bad-token runs only those (a developer's loop); CI runs them all. */
const only = process.env.EVOLUTION_FAULTS?.split(',')

for (const fault of evolutionFaults.filter((f) => !only || only.includes(f))) {
  describe(`Evolution scenarios under ${fault}`, () => {
    for (const scenario of evolutionScenarios) {
      it(scenario.name, { timeout: 120_000 }, async () => {
        await addEvolutionProvider(t)
        await playScenario(t, scenario, fault)
      })
    }
    it('every ledger transfer of the provider maps to exactly one seamless transaction', async () => {
      await expectTransfersMapToSeamless(t)
    })
  })
}
