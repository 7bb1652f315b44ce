import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { fund, signedInPlayer } from '../../../test/money.ts'
import type { TransferRequest } from './ledger.service.ts'

// ledger:verify's check that every transfer naming a deposit or a withdrawal names one that exists (ADR 006). Written as
// two anti-joins since issue 22 §5 (ADR 056): under one OR it was quadratic on a grown ledger. Runs on PGlite and on
// PostgreSQL. The ledger is left broken on purpose: no check of the whole ledger after the tests.
const t = useTestApp({ verifyLedger: 'never' })

describe('ledger:verify names transfers whose deposit or withdrawal does not exist', () => {
  it('reports each such transfer, and none of those whose record exists', async () => {
    const player = await signedInPlayer(t)
    await fund(t, player, 500)
    expect((await t.services.ledger.verify(t.db)).ok).toBe(true)

    const credit = (key: string, reference: string): TransferRequest => ({
      key,
      from: { house: 'adjustment' },
      to: { player: player.id, kind: 'cash' },
      amount: 100n,
      kind: 'adjustment',
      reference,
    })
    await t.db.transaction((tx) =>
      t.services.ledger.transferMany(tx, [credit('orphan:deposit', 'deposit:987654321'), credit('orphan:withdrawal', 'withdrawal:987654321')]),
    )

    const result = await t.services.ledger.verify(t.db)
    expect(result.ok).toBe(false)
    expect(result.failures.filter((f) => f.check === 'transfer_reference').map((f) => f.detail.replace(/^transfer \d+ /, 'transfer '))).toEqual(
      expect.arrayContaining(['transfer refers to missing deposit:987654321', 'transfer refers to missing withdrawal:987654321']),
    )
    expect(result.failures.filter((f) => f.check === 'transfer_reference')).toHaveLength(2)
  })
})
