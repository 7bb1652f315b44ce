import { describe, expect, it } from 'vitest'
import { approveBlock, decisionNote } from './approval-rules.ts'

const waiting = { status: 'PENDING' as const, requested_by_id: 7 }

describe('who may approve a waiting money action', () => {
  it('the requester is told another operator must approve; a different money operator may', () => {
    expect(approveBlock(waiting, { operator_id: 7, role: 'finance' })).toBe('approvals.ownRequest')
    expect(approveBlock(waiting, { operator_id: 8, role: 'finance' })).toBeUndefined()
    expect(approveBlock(waiting, { operator_id: 8, role: 'owner' })).toBeUndefined()
  })

  it('nothing to block once decided, or before the operator is known', () => {
    expect(approveBlock({ ...waiting, status: 'APPLIED' }, { operator_id: 7, role: 'finance' })).toBeUndefined()
    expect(approveBlock(waiting, undefined)).toBeUndefined()
  })
})

describe("a decided action's note", () => {
  it('reads the bank feed confirmation, a rejection reason, or that one operator sufficed', () => {
    expect(decisionNote({ status: 'APPLIED', reject_reason: 'BANK_FEED', decided_by: null })).toEqual({ key: 'approvals.bankFeed' })
    expect(decisionNote({ status: 'REJECTED', reject_reason: 'ไม่พบเงินเข้า', decided_by: 'fin2' })).toEqual({ text: 'ไม่พบเงินเข้า' })
    expect(decisionNote({ status: 'APPLIED', reject_reason: null, decided_by: null })).toEqual({ key: 'approvals.alone' })
    expect(decisionNote({ status: 'APPLIED', reject_reason: null, decided_by: 'fin2' })).toBeUndefined()
  })
})
