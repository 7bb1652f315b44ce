import { describe, expect, it } from 'vitest'
import { TEMPLATES, URL_IN_TEXT, templateOf } from './templates.ts'

// The lint over the template catalogue (issue 38 §2): no SMS template may carry a web address. Thai rules: links in
// SMS must be whitelisted with the operator and shorteners are banned; Sanam's SMS carry codes and notices only.

const sample = {
  site: 'Sanam',
  ref: 'KQ7M',
  minutes: 5,
  hours: 24,
  username: 'somchai',
  amount: '150050',
  at: '2026-11-30T03:00:00Z',
  title: 'x',
  todo: 'y',
  link: '/withdrawals',
}
const bySms = Object.entries(TEMPLATES).filter(([, template]) => (template.channels as readonly string[]).includes('sms'))

describe('the message templates', () => {
  it.each(bySms)('%s, which may go by SMS, carries no web address', (_id, template) => {
    const text = template.render(sample, template.secret ? '482913' : null)
    expect(text.length).toBeGreaterThan(0)
    expect(text).not.toMatch(URL_IN_TEXT)
  })

  it('lets by SMS only codes, security notices and payout status (ADR 087)', () => {
    expect(bySms.map(([id]) => id).sort()).toEqual(
      [
        'NOTICE_EXCLUSION',
        'NOTICE_PAYOUT_PAID',
        'NOTICE_PAYOUT_REFUSED',
        'OPERATOR_ONE_TIME_PASSWORD',
        'OTP',
        'PASSWORD_CHANGED',
        'PLAYER_TEMPORARY_PASSWORD',
      ].sort(),
    )
  })

  it('the lint does catch a link, a bare domain and a shortener', () => {
    for (const text of ['ดูที่ https://sanam.example', 'เข้า www.sanam.bet', 'กด bit.ly/abc', 'sanam88.com']) expect(text).toMatch(URL_IN_TEXT)
    expect('รหัส OTP 482913 (Ref: KQ7M) ใช้ได้ภายใน 5 นาที').not.toMatch(URL_IN_TEXT)
  })

  it('every template that carries a secret needs it: none renders without', () => {
    for (const [id, template] of Object.entries(TEMPLATES)) {
      if (template.secret) expect(() => template.render(sample, null), id).toThrow()
      expect(templateOf(id)).toBe(template)
    }
  })
})
