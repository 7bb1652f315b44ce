import type { MemberSummary } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { memberStatus } from './member-status.ts'

const timeOut = { kind: 'TIME_OUT', period: '7D', starts_at: '2026-11-27T05:00:00.000Z', ends_at: '2026-12-04T05:00:00.000Z' } as const
const forGood = { kind: 'SELF_EXCLUSION', period: 'PERMANENT', starts_at: '2026-11-27T05:00:00.000Z', ends_at: null } as const
const member = (status: MemberSummary['status'], exclusion: MemberSummary['exclusion']) => ({ status, exclusion })

describe('a member’s status in the list and on the profile', () => {
  it('is active only with no lock and no time-out or self-exclusion in force', () => {
    expect(memberStatus(member('ACTIVE', null))).toEqual([{ text: 'ใช้งานได้', off: false }])
  })

  it('names a time-out or self-exclusion with its period, in the profile’s words, never as active', () => {
    expect(memberStatus(member('ACTIVE', timeOut))).toEqual([{ text: 'พักการเล่นชั่วคราว 7 วัน', off: true }])
    expect(memberStatus(member('ACTIVE', forGood))).toEqual([{ text: 'ระงับการเล่นด้วยตนเอง ถาวร', off: true }])
  })

  it('shows a lock, and a lock and an exclusion both', () => {
    expect(memberStatus(member('LOCKED', null))).toEqual([{ text: 'ถูกระงับ', off: true }])
    expect(memberStatus(member('LOCKED', timeOut)).map((s) => s.text)).toEqual(['ถูกระงับ', 'พักการเล่นชั่วคราว 7 วัน'])
  })
})
