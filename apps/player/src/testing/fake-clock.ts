import { act, cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Fake timers for every test of the file (from `now` when given), the rendered trees removed and real timers back
 * after each; returns `advance(ms)`, which moves the fake clock and lets React apply what the timers changed.
 */
export function useFakeClock(now?: string): (ms: number) => Promise<void> {
  beforeEach(() => {
    vi.useFakeTimers()
    if (now) vi.setSystemTime(new Date(now))
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })
  return async (ms) => {
    await act(() => vi.advanceTimersByTimeAsync(ms))
  }
}
