import { DemoRoundBody } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { gameScript } from './game-script.ts'
import { DEMO_MESSAGES, demoLang, demoText, SCRIPT_TEXTS } from './demo-texts.ts'

/** Thai letters; the baht sign ฿ (U+0E3F) is used in both languages. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : []

describe('demo page words', () => {
  it('uses English only for a launch that asked for it', () => {
    expect(demoLang({ lang: 'en' })).toBe('en')
    for (const query of [{ lang: 'th' }, { lang: 'EN' }, { lang: ['en'] }, {}, undefined, 'lang=en']) expect(demoLang(query)).toBe('th')
  })

  it('gives an English page no Thai to show: its script words, its own messages and the translations by field and code', () => {
    const english = [
      ...strings(SCRIPT_TEXTS.en),
      ...Object.values(DEMO_MESSAGES).map((m) => m.en),
      ...strings(SCRIPT_TEXTS.enFields),
      ...strings(SCRIPT_TEXTS.enCodes),
    ]
    expect(english.length).toBeGreaterThan(40)
    for (const text of english) expect(text).not.toMatch(THAI)
  })

  it('has each of its own messages in both languages, by id', () => {
    for (const id of Object.keys(DEMO_MESSAGES) as (keyof typeof DEMO_MESSAGES)[]) {
      expect(demoText(id, 'th'), id).toMatch(THAI)
      expect(demoText(id, 'en'), id).not.toMatch(THAI)
    }
    expect(demoText('insufficient', 'th')).toBe('ยอดเงินไม่เพียงพอ')
  })

  it('has English for every field check a round answer can carry, by field, and for the codes by code', () => {
    // The round body's own field checks (contract demo-play.ts).
    const bad = [{ bet: 7 }, { bet: '1' }, { bet: 1, target: 0.5 }, { bet: 1, target: 2.555 }, { bet: 1, pick: 'left' }]
    for (const body of bad) {
      for (const issue of DemoRoundBody.safeParse(body).error?.issues ?? []) expect(SCRIPT_TEXTS.enFields[String(issue.path[0])], issue.message).toBeDefined()
    }
    expect(SCRIPT_TEXTS.enFields.game).toBe('Invalid game code.')
    expect(SCRIPT_TEXTS.enCodes.RATE_LIMITED).toBe('Too many rounds too quickly.')
  })

  it('builds one script with both languages in it, Thai texts unchanged', async () => {
    const { body, etag } = await gameScript()()
    expect(() => new Function(body)).not.toThrow()
    expect(body).toContain('ยินดีด้วย! ได้รับ ')
    expect(body).toContain('Congratulations! You won ')
    expect(etag).toMatch(/^"[\w-]{22}"$/)
  })
})
