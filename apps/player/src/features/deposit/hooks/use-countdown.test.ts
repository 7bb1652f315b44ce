import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useFakeClock } from '../../../testing/fake-clock.ts'
import { formatCountdown, useCountdown } from './use-countdown.ts'

const advance = useFakeClock()

describe('draft bill countdown (spec §4: 180 s, m:ss)', () => {
  it('counts down while running, calls once at zero, and is back at 180 when stopped', async () => {
    const onZero = vi.fn()
    const view = renderHook(({ bill }) => useCountdown(bill, 180, onZero), { initialProps: { bill: null as string | null } })
    await advance(5000)
    expect(view.result.current).toBe(180)
    view.rerender({ bill: 'bill-1' })
    await advance(1000)
    expect(formatCountdown(view.result.current)).toBe('2:59')
    await advance(120_000)
    expect(formatCountdown(view.result.current)).toBe('0:59')
    await advance(59_000)
    expect(view.result.current).toBe(0)
    expect(onZero).toHaveBeenCalledTimes(1)
    await advance(10_000)
    expect(onZero).toHaveBeenCalledTimes(1)
    view.rerender({ bill: null })
    expect(view.result.current).toBe(180)
  })

  it('stopping early resets it and never calls', async () => {
    const onZero = vi.fn()
    const view = renderHook(({ bill }) => useCountdown(bill, 180, onZero), { initialProps: { bill: 'bill-1' as string | null } })
    await advance(30_000)
    expect(view.result.current).toBe(150)
    view.rerender({ bill: null })
    await advance(300_000)
    expect(view.result.current).toBe(180)
    expect(onZero).not.toHaveBeenCalled()
  })

  it('a bill shown again after a reload counts from the seconds its server says are left; another bill starts afresh', async () => {
    const onZero = vi.fn()
    const view = renderHook(({ bill, seconds }) => useCountdown(bill, seconds, onZero), { initialProps: { bill: 'bill-1', seconds: 75 } })
    expect(formatCountdown(view.result.current)).toBe('1:15')
    await advance(15_000)
    expect(formatCountdown(view.result.current)).toBe('1:00')
    view.rerender({ bill: 'bill-2', seconds: 180 })
    expect(formatCountdown(view.result.current)).toBe('3:00')
    await advance(1000)
    expect(formatCountdown(view.result.current)).toBe('2:59')
    expect(onZero).not.toHaveBeenCalled()
  })

  it('formats m:ss', () => {
    expect([180, 61, 60, 9, 0].map(formatCountdown)).toEqual(['3:00', '1:01', '1:00', '0:09', '0:00'])
  })
})
