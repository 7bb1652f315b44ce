import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { truncateTitle } from './game-titles.ts'

const twenty = 'abcdefghijklmnopqrst'

/** Runs `body` as if the browser had no Intl.Segmenter. */
function withoutSegmenter(body: () => void): void {
  const original = Object.getOwnPropertyDescriptor(Intl, 'Segmenter')
  Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true })
  try {
    body()
  } finally {
    if (original) Object.defineProperty(Intl, 'Segmenter', original)
  }
}

describe.each([
  ['with Intl.Segmenter', (body: () => void) => body()],
  ['without Intl.Segmenter', withoutSegmenter],
])('truncateTitle %s', (_name, run) => {
  afterEach(() => {
    expect(typeof Intl.Segmenter).toBe('function')
  })

  it('keeps titles of 20 characters or fewer', () => {
    run(() => {
      expect(truncateTitle(twenty)).toBe(twenty)
      expect(truncateTitle('Roma')).toBe('Roma')
      expect(truncateTitle('')).toBe('')
    })
  })

  it('cuts a 21-character title to 20 and adds an ellipsis', () => {
    run(() => {
      expect(truncateTitle(`${twenty}u`)).toBe(`${twenty}…`)
      expect(truncateTitle('Mahjong Ways 2: The Great Return')).toBe('Mahjong Ways 2: The…')
    })
  })

  it('counts a Thai letter with its vowel and tone marks as one character', () => {
    run(() => {
      // กี่ is ก + sara ii + mai ek: three code units, one character on screen.
      const thai20 = 'กี่'.repeat(20)
      expect(thai20.length).toBe(60)
      expect(truncateTitle(thai20)).toBe(thai20)
      expect(truncateTitle(`${thai20}ก`)).toBe(`${thai20}…`)
      // น้ำ: sara am follows the tone mark and stays with its letter.
      expect(truncateTitle('น้ำ'.repeat(21))).toBe(`${'น้ำ'.repeat(20)}…`)
    })
  })

  it('never leaves a mark without its letter at the cut', () => {
    run(() => {
      const title = 'สล็อตแมชชีนมหาสนุกที่สุดในสยาม'
      const cut = truncateTitle(title)
      expect(cut.endsWith('…')).toBe(true)
      const kept = cut.slice(0, -1)
      expect(title.startsWith(kept)).toBe(true)
      expect(title.slice(kept.length)).toMatch(/^[^\p{M}\u0E33]/u)
    })
  })

  it('takes another maximum and drops spaces left at the cut', () => {
    run(() => {
      expect(truncateTitle('Fishing God', 4)).toBe('Fish…')
      expect(truncateTitle('Fishing God', 8)).toBe('Fishing…')
      expect(truncateTitle('Fishing God', 11)).toBe('Fishing God')
      expect(truncateTitle('Fishing God', Number.NaN)).toBe('Fishing God')
    })
  })
})

describe('truncateTitle properties', () => {
  it('returns short titles unchanged and long ones as a prefix plus an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (title, max) => {
        const cut = truncateTitle(title, max)
        if (cut === title) return
        expect(cut.endsWith('…')).toBe(true)
        expect(title.startsWith(cut.slice(0, -1))).toBe(true)
        expect(cut.length).toBeLessThan(title.length + 1)
      }),
    )
  })
})
