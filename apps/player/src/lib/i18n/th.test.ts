import { lobbyTabLabels } from '@sanam/contract/lobby/index'
import { describe, expect, it } from 'vitest'
import { t } from './index.ts'
import { th } from './th.ts'

describe('Thai catalogue', () => {
  it('holds the copy deck’s wording exactly', () => {
    const deck = {
      'overlay.enteringGame': 'กำลังเข้าสู่เกม...',
      'badge.maintenance': 'ปิดปรับปรุง',
      'state.empty': 'ไม่มีข้อมูล',
      'state.loading': 'กำลังโหลด...',
      'page.maintenance': 'หน้านี้อยู่ระหว่างการปรับปรุง',
      'error.otp': 'เกิดข้อผิดพลาดในการยืนยัน OTP',
      'toast.loginOk': 'เข้าสู่ระบบสำเร็จ',
    } as const
    for (const [key, text] of Object.entries(deck)) expect(t(key as keyof typeof deck), key).toBe(text)
    expect(t('withdraw.minimum', { n: 300 })).toBe('ยอดถอนขั้นต่ำ 300 บาท')
  })

  it('names the login’s remember box for what it keeps, the phone number, not the deck’s “remember password” (ADR 074)', () => {
    expect(t('login.remember')).toBe('จำเบอร์โทรไว้ในเครื่องนี้')
  })

  it('agrees with the contract’s tab labels', () => {
    expect([th['tab.casino'], th['tab.slot'], th['tab.game'], th['tab.sport']]).toEqual([
      lobbyTabLabels.CASINO,
      lobbyTabLabels.SLOT,
      lobbyTabLabels.GAME,
      lobbyTabLabels.SPORT,
    ])
  })

  it('has no empty text and keeps unknown placeholders visible', () => {
    for (const [key, text] of Object.entries(th)) expect(text.trim(), key).not.toBe('')
    expect(t('carousel.slide', { n: 1 })).toBe('สไลด์ 1 จาก {total}')
  })
})
