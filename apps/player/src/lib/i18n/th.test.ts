import { lobbyTabLabels } from '@sanam/contract/lobby/index'
import { describe, expect, it } from 'vitest'
import { t } from './index.ts'
import { th } from './th.ts'

describe('Thai catalogue', () => {
  it('holds the copy deck’s wording exactly', () => {
    expect(t('overlay.enteringGame')).toBe('กำลังเข้าสู่เกม...')
    expect(t('badge.maintenance')).toBe('ปิดปรับปรุง')
    expect(t('state.empty')).toBe('ไม่มีข้อมูล')
    expect(t('state.loading')).toBe('กำลังโหลด...')
    expect(t('page.maintenance')).toBe('หน้านี้อยู่ระหว่างการปรับปรุง')
    expect(t('error.otp')).toBe('เกิดข้อผิดพลาดในการยืนยัน OTP')
    expect(t('toast.loginOk')).toBe('เข้าสู่ระบบสำเร็จ')
    expect(t('login.remember')).toBe('จดจำรหัสผ่าน')
    expect(t('withdraw.minimum', { n: 300 })).toBe('ยอดถอนขั้นต่ำ 300 บาท')
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
