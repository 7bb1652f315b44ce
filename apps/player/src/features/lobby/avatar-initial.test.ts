import { describe, expect, it } from 'vitest'
import { avatarInitial } from './avatar-initial.ts'

describe('the avatar initial', () => {
  it('skips a Thai leading vowel to show the consonant', () => {
    expect(avatarInitial('ใจดี')).toBe('จ')
    expect(avatarInitial('เอกชัย')).toBe('อ')
    expect(avatarInitial('แก้ว')).toBe('ก')
    expect(avatarInitial('โชคดี')).toBe('ช')
    expect(avatarInitial('ไพศาล')).toBe('พ')
  })

  it('shows the first letter of any other name, a Latin one in capitals', () => {
    expect(avatarInitial('สมชาย')).toBe('ส')
    expect(avatarInitial('  ก้อง')).toBe('ก')
    expect(avatarInitial('alice')).toBe('A')
  })

  it('shows a dot when there is no letter', () => {
    expect(avatarInitial('')).toBe('•')
    expect(avatarInitial('   ')).toBe('•')
    expect(avatarInitial('เ')).toBe('•')
  })
})
