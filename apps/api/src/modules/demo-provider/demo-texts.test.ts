import { DemoRoundBody } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { DEMO_GAME_SCRIPT } from './demo-game-script.ts'
import { messages } from './demo-provider.service.ts'
import { demoLang, englishFor, SCRIPT_TEXTS } from './demo-texts.ts'

/** Thai letters; the baht sign ฿ (U+0E3F) is used in both languages. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : []

describe('demo page words', () => {
  it('uses English only for a launch that asked for it', () => {
    expect(demoLang({ lang: 'en' })).toBe('en')
    for (const query of [{ lang: 'th' }, { lang: 'EN' }, { lang: ['en'] }, {}, undefined, 'lang=en']) expect(demoLang(query)).toBe('th')
  })

  it('gives an English page no Thai to show: its script words and the translations of the answers', () => {
    const english = [...strings(SCRIPT_TEXTS.en), ...strings(SCRIPT_TEXTS.enMessages), ...strings(SCRIPT_TEXTS.enCodes)]
    expect(english.length).toBeGreaterThan(40)
    for (const text of english) expect(text).not.toMatch(THAI)
  })

  it('has English for every Thai message a round or state answer can carry', () => {
    for (const message of Object.values(messages)) expect(englishFor(message), message).toBeDefined()
    // The round body's own field checks (contract demo-play.ts).
    const bad = [{ bet: 7 }, { bet: '1' }, { bet: 1, target: 0.5 }, { bet: 1, target: 2.555 }, { bet: 1, pick: 'left' }]
    for (const body of bad) {
      for (const issue of DemoRoundBody.safeParse(body).error?.issues ?? []) expect(englishFor(issue.message), issue.message).toBeDefined()
    }
    expect(englishFor('ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง', 'RATE_LIMITED')).toBe('Too many rounds too quickly.')
  })

  it('serves one script with both languages in it, Thai texts unchanged', () => {
    expect(DEMO_GAME_SCRIPT).not.toContain('__TEXTS__')
    expect(() => new Function(DEMO_GAME_SCRIPT)).not.toThrow()
    expect(DEMO_GAME_SCRIPT).toContain('"ยินดีด้วย! ได้รับ "')
    expect(DEMO_GAME_SCRIPT).toContain('"Congratulations! You won "')
  })
})
