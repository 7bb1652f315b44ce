import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, auditActionText, isAuditAction } from './audit-actions.ts'
import { AuditQuery } from './schemas/backoffice-operators.ts'
import { TRANSFER_KINDS, transferKindText } from './transfer-kinds.ts'

const thai = /^[\u0E00-\u0E7F][\u0E00-\u0E7F0-9 ()]*$/

describe('the audit action catalogue', () => {
  it('names every action in Thai words, one name each', () => {
    for (const [name, text] of Object.entries(AUDIT_ACTIONS)) expect(text, name).toMatch(thai)
    expect(new Set(Object.values(AUDIT_ACTIONS)).size).toBe(Object.keys(AUDIT_ACTIONS).length)
    expect(auditActionText('member.lock')).toBe('ระงับบัญชีสมาชิก')
    expect(auditActionText('withdrawal.approve')).toBe('อนุมัติการถอน')
  })

  it('shows a name it does not hold as it is, and the filter refuses one in Thai', () => {
    expect(isAuditAction('member.explode')).toBe(false)
    expect(auditActionText('member.explode')).toBe('member.explode')
    expect(AuditQuery.safeParse({ action: 'member.lock' }).success).toBe(true)
    expect(AuditQuery.safeParse({ action: 'member.explode' }).error?.issues[0]?.message).toBe('ไม่รู้จักการกระทำนี้')
  })
})

describe('the transfer kinds', () => {
  it('names every kind a member’s ledger shows in Thai words', () => {
    for (const [kind, text] of Object.entries(TRANSFER_KINDS)) expect(text, kind).toMatch(thai)
    expect(transferKindText('promotion_bonus')).toBe('โบนัสโปรโมชั่น')
    expect(transferKindText('game_bet')).toBe('เดิมพัน')
    expect(transferKindText('a_new_kind')).toBe('a_new_kind')
  })
})
