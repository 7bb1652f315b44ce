import { describe, expect, it } from 'vitest'
import {
  contrastRefusal,
  failingContrasts,
  formatContrast,
  ON_PRIMARY_DARK,
  ON_PRIMARY_LIGHT,
  onPrimaryText,
  primaryAsText,
  themeContrasts,
} from './site-theme.ts'

describe('the player app theme check (WCAG 2.1 AA, 4.5:1)', () => {
  it('passes the demo theme on every pair the player app draws', () => {
    const demo = { primary: '#d4af37', background: '#0b0b14' }
    expect(themeContrasts(demo).map((c) => c.pair)).toEqual(['text', 'text_muted', 'primary_text', 'on_primary'])
    expect(failingContrasts(demo)).toEqual([])
    // color-mix(in srgb, #d4af37, #fff 22%), as global.css derives --primary-text.
    expect(primaryAsText('#d4af37')).toBe('#ddc163')
  })

  it('writes dark text on a light primary and white on a dark one', () => {
    expect(onPrimaryText('#d4af37')).toBe(ON_PRIMARY_DARK)
    expect(onPrimaryText('#1d4ed8')).toBe(ON_PRIMARY_LIGHT)
  })

  it('refuses with the pair and its ratio, rounded down so a near miss never reads as the limit', () => {
    const [worst] = failingContrasts({ primary: '#777777', background: '#0b0b14' })
    expect(contrastRefusal(worst!)).toBe('ตัวอักษรบนปุ่มสีหลัก: อัตราส่วนคอนทราสต์ 4.4:1 ต่ำกว่า 4.5:1')
    expect(formatContrast(4.4999)).toBe('4.4:1')
    expect(formatContrast(21)).toBe('21.0:1')
  })
})
