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

/**
 * EVOLUTION_FAULTS=stale-sid,bad-token runs only those (a developer's loop). On PGlite every fault runs; on PostgreSQL,
 * where each call costs more, the faults where its concurrency differs from PGlite's single connection (copies at
 * once, a crash mid-transaction, parallel debits), and the clean run.
 */
const ON_POSTGRES = process.env.SANAM_TEST_DB === 'postgres'
const only =
  process.env.EVOLUTION_FAULTS?.split(',') ?? (ON_POSTGRES ? ['clean', 'five-concurrent-copies', 'crash-then-retry', 'fifty-parallel-debits'] : undefined)

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
