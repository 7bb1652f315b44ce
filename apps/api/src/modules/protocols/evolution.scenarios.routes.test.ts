// Evolution's 26 licensee integration tests, each played over HTTP by the fake vendor (test/evolution-vendor.ts) with
// the statuses and balances Evolution expects (ADR 082). Run on PGlite and again on PostgreSQL.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { addEvolutionProvider, evolutionConfig, evolutionScenarios, expectTransfersMapToSeamless, playScenario } from '../../../test/evolution-vendor.ts'

const t = useTestApp(() => ({ config: evolutionConfig, verifyLedger: 'end' }))

describe("Evolution's licensee integration tests", () => {
  it('are 26', () => {
    expect(evolutionScenarios).toHaveLength(26)
  })

  for (const scenario of evolutionScenarios) {
    it(scenario.name, { timeout: 120_000 }, async () => {
      await addEvolutionProvider(t)
      await playScenario(t, scenario)
    })
  }

  it('after them all, every ledger transfer of the provider maps to exactly one seamless transaction', async () => {
    await addEvolutionProvider(t)
    await expectTransfersMapToSeamless(t)
  })
})
