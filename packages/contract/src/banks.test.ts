import { describe, expect, it } from 'vitest'
import { bankCodes, banks, findBank } from './banks.ts'

describe('bank list', () => {
  it('has exactly the spec §3 codes, once each', () => {
    const spec = [
      '140',
      '002',
      '004',
      '006',
      '011',
      '014',
      '017',
      '020',
      '022',
      '024',
      '025',
      '026',
      '030',
      '033',
      '034',
      '065',
      '067',
      '069',
      '066',
      '071',
      '070',
      '073',
      '076',
    ]
    expect([...bankCodes].sort()).toEqual([...spec].sort())
  })

  it('gives every bank a Thai and English name and a colour', () => {
    for (const bank of banks) {
      expect(bank.th).toMatch(/[\u0E00-\u0E7F]/)
      expect(bank.en.length).toBeGreaterThan(2)
      expect(bank.color).toMatch(/^#[0-9a-f]{6}$/i)
    }
    expect(findBank('140')?.en).toBe('TrueMoney Wallet')
    expect(findBank('999')).toBeUndefined()
  })

  it('tells the three ttb-family banks apart: one current name, the two others marked as former', () => {
    expect(findBank('011')?.th).toBe('ธนาคารทหารไทยธนชาต (ttb)')
    expect(findBank('065')?.th).toBe('ธนาคารธนชาต (ชื่อเดิม)')
    expect(findBank('076')?.th).toBe('ธนาคารทหารไทย (ชื่อเดิม)')
    // No two banks share a name or a badge text in either language.
    for (const key of ['th', 'en', 'short'] as const) expect(new Set(banks.map((bank) => bank[key])).size).toBe(banks.length)
  })
})
