import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, useCountdown } from './use-countdown.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('draft bill countdown (spec §4: 180 s, m:ss)', () => {
  it('counts down while running, calls once at zero, and is back at 180 when stopped', () => {
    const onZero = vi.fn()
    const view = renderHook(({ running }) => useCountdown(running, 180, onZero), { initialProps: { running: false } })
    act(() => vi.advanceTimersByTime(5000))
    expect(view.result.current).toBe(180)
    view.rerender({ running: true })
    act(() => vi.advanceTimersByTime(1000))
    expect(formatCountdown(view.result.current)).toBe('2:59')
    act(() => vi.advanceTimersByTime(120_000))
    expect(formatCountdown(view.result.current)).toBe('0:59')
    act(() => vi.advanceTimersByTime(59_000))
    expect(view.result.current).toBe(0)
    expect(onZero).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(10_000))
    expect(onZero).toHaveBeenCalledTimes(1)
    view.rerender({ running: false })
    expect(view.result.current).toBe(180)
  })

  it('stopping early resets it and never calls', () => {
    const onZero = vi.fn()
    const view = renderHook(({ running }) => useCountdown(running, 180, onZero), { initialProps: { running: true } })
    act(() => vi.advanceTimersByTime(30_000))
    expect(view.result.current).toBe(150)
    view.rerender({ running: false })
    act(() => vi.advanceTimersByTime(300_000))
    expect(view.result.current).toBe(180)
    expect(onZero).not.toHaveBeenCalled()
  })

  it('formats m:ss', () => {
    expect([180, 61, 60, 9, 0].map(formatCountdown)).toEqual(['3:00', '1:01', '1:00', '0:09', '0:00'])
  })
})
