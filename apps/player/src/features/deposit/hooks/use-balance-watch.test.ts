import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useFakeClock } from '../../../testing/fake-clock.ts'
import { useBalanceWatch } from './use-balance-watch.ts'

useFakeClock()

/** A balance that answers each read from the list (the last one again once it runs out). */
function balances(...values: (number | Error)[]) {
  let index = 0
  return vi.fn(() => {
    const value = values[Math.min(index++, values.length - 1)]!
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value)
  })
}

describe('balance watch (spec §4, §9: every 5 s)', () => {
  it('records the first balance, reads every 5 s, and calls once when it rises, then stops', async () => {
    const read = balances(100, 100, 100.01, 500)
    const onRise = vi.fn()
    renderHook(() => useBalanceWatch(read, onRise))
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(4999)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(read).toHaveBeenCalledTimes(2)
    expect(onRise).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(5000)
    expect(onRise).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(read).toHaveBeenCalledTimes(3)
    expect(onRise).toHaveBeenCalledTimes(1)
  })

  it('a lower balance (a bet) or a failed read is not a deposit; it keeps watching', async () => {
    const read = balances(100, 40, new Error('offline'), 60)
    const onRise = vi.fn()
    renderHook(() => useBalanceWatch(read, onRise))
    await vi.advanceTimersByTimeAsync(20_000)
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(4)
    expect(onRise).not.toHaveBeenCalled()
  })

  it('stops reading when the screen is left', async () => {
    const read = balances(100)
    const { unmount } = renderHook(() => useBalanceWatch(read, vi.fn()))
    await vi.advanceTimersByTimeAsync(0)
    unmount()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(read).toHaveBeenCalledTimes(1)
  })
})
