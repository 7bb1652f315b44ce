import { describe, expect, it } from 'vitest'
import type { Db } from '../../db/client.ts'
import { decideRefusals, withCanDecide, type DutyRefusal, type SeparateDuties } from './money-policy.ts'

const tx = {} as Db
const at = new Date('2026-11-29T03:00:00Z')
const later = new Date('2026-11-29T04:00:00Z')

/** Operator 7 is tied to operator 3; every other pair is free. Counts the calls the policy makes. */
function duties() {
  const calls: Array<{ operatorId: number; counterpartIds: ReadonlyArray<number | null> }> = []
  const separateDuties: SeparateDuties = {
    async moneyRefusals(_tx, input) {
      calls.push({ operatorId: input.operatorId, counterpartIds: input.counterpartIds })
      return input.counterpartIds.map((id): DutyRefusal | undefined =>
        input.operatorId === 7 && id === 3 ? { code: 'FOUR_EYES_RELATED_OPERATOR', counterpart: 'somchai' } : undefined,
      )
    },
  }
  return { calls, separateDuties }
}

describe('the four-eyes rule over a queue', () => {
  it('asks the operators module once per deciding operator and instant, and answers each item in its order', async () => {
    const { calls, separateDuties } = duties()
    const refusals = await decideRefusals(tx, separateDuties, [
      { firstId: 3, secondId: 7, at, action: 'withdrawal' },
      { firstId: 7, secondId: 7, at, action: 'withdrawal' },
      { firstId: null, secondId: 7, at, action: 'money' },
      { firstId: 5, secondId: 7, at, action: 'money' },
      { firstId: 3, secondId: 8, at: later, action: 'money' },
    ])
    expect(refusals.map((r) => r?.code)).toEqual(['FOUR_EYES_RELATED_OPERATOR', 'FOUR_EYES_SAME_OPERATOR', undefined, undefined, undefined])
    expect(refusals[0]!.reason).toContain('somchai')
    expect(calls).toEqual([
      { operatorId: 7, counterpartIds: [3, 7, null, 5] },
      { operatorId: 8, counterpartIds: [3] },
    ])
  })

  it('puts can_decide only on the items that wait, and leaves the others as they were', async () => {
    const { calls, separateDuties } = duties()
    const items = [
      { id: 1, status: 'PENDING', by: 3 },
      { id: 2, status: 'APPLIED', by: 3 },
      { id: 3, status: 'PENDING', by: 5 },
    ]
    const answered = await withCanDecide(tx, separateDuties, items, (item) =>
      item.status === 'PENDING' ? { firstId: item.by, secondId: 7, at, action: 'money' } : undefined,
    )
    expect(answered[0]).toMatchObject({ id: 1, can_decide: { ok: false } })
    expect(answered[1]).toEqual({ id: 2, status: 'APPLIED', by: 3 })
    expect(answered[2]).toMatchObject({ id: 3, can_decide: { ok: true } })
    expect(calls).toHaveLength(1)
  })
})
