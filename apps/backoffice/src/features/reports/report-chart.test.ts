import { describe, expect, it } from 'vitest'
import { valueAxis } from './report-chart.tsx'

// Issue 36 §8: a chart of counts (players a day) is ticked at whole numbers: never 0.5 players, never a label twice.
describe('the value axis', () => {
  it('ticks counts at whole numbers only, and labels baht as whole numbers', () => {
    expect(valueAxis(false).allowDecimals).toBe(false)
    expect(valueAxis(true).allowDecimals).toBe(true)
    expect(valueAxis(true).tickFormatter(12500)).toBe('12,500')
  })
})
