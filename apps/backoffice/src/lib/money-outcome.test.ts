import { describe, expect, it } from 'vitest'
import { moneyOutcomeText } from './money-outcome.ts'

describe('what an operator reads after a money action', () => {
  it('a waiting action says so with every reason; an applied one is the message alone', () => {
    const reasons = [
      { code: 'UNCONFIRMED_DEPOSIT' as const, text: 'ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้' },
      { code: 'ABOVE_THRESHOLD' as const, text: 'ยอดรายการเกิน 20000 บาท' },
    ]
    expect(moneyOutcomeText('บันทึกรายการฝากแล้ว', { status: 'PENDING', reasons })).toBe(
      'บันทึกรายการฝากแล้ว (เหตุที่รออนุมัติ: ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้ · ยอดรายการเกิน 20000 บาท)',
    )
    expect(moneyOutcomeText('เติมเครดิตให้สมาชิกแล้ว', { status: 'APPLIED', reasons: [] })).toBe('เติมเครดิตให้สมาชิกแล้ว')
  })

  it('without a server message a waiting action never reads as done', () => {
    expect(moneyOutcomeText(undefined, { status: 'PENDING', reasons: [] })).toBe('บันทึกรายการแล้ว รอผู้ใช้งานอีกคนอนุมัติ')
  })
})
