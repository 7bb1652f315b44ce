import { describe, expect, it } from 'vitest'
import { decisionNote } from './approval-rules.ts'

describe("a decided action's note", () => {
  it('reads the bank feed confirmation, a rejection reason, or that one operator sufficed', () => {
    expect(decisionNote({ status: 'APPLIED', reject_reason: 'BANK_FEED', decided_by: null })).toEqual({ key: 'approvals.bankFeed' })
    expect(decisionNote({ status: 'REJECTED', reject_reason: 'ไม่พบเงินเข้า', decided_by: 'fin2' })).toEqual({ text: 'ไม่พบเงินเข้า' })
    expect(decisionNote({ status: 'APPLIED', reject_reason: null, decided_by: null })).toEqual({ key: 'approvals.alone' })
    expect(decisionNote({ status: 'APPLIED', reject_reason: null, decided_by: 'fin2' })).toBeUndefined()
  })
})
