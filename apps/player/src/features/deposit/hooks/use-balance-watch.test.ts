import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useFakeClock } from '../../../testing/fake-clock.ts'
import { useBalanceWatch, type PushedBalances } from './use-balance-watch.ts'

useFakeClock()

/** A balance that answers each read from the list (the last one again once it runs out). */
function balances(...values: (number | Error)[]) {
  let index = 0
  return vi.fn(() => {
    const value = values[Math.min(index++, values.length - 1)]!
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value)
  })
}

/** A live stream the test drives: whether it is connected, and balances it pushes. */
function stream(live: boolean) {
  const listeners = new Set<(balance: { balance: number }) => void>()
  const feed: PushedBalances & { live: boolean; push(baht: number): void; listeners: number } = {
    live,
    isLive: () => feed.live,
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    push: (baht) => {
      for (const fn of [...listeners]) fn({ balance: baht })
    },
    get listeners() {
      return listeners.size
    },
  }
  return feed
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

describe('balance watch driven by the live stream (ADR 049), polling as the fallback', () => {
  it('while the stream is live: one read for the starting balance, then no reads; a pushed rise is seen at once', async () => {
    const read = balances(100)
    const onRise = vi.fn()
    const feed = stream(true)
    renderHook(() => useBalanceWatch(read, onRise, { pushed: feed }))
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(read).toHaveBeenCalledTimes(1)
    feed.push(100)
    feed.push(99.5)
    expect(onRise).not.toHaveBeenCalled()
    feed.push(600)
    expect(onRise).toHaveBeenCalledTimes(1)
    feed.push(700)
    expect(onRise).toHaveBeenCalledTimes(1)
    expect(feed.listeners).toBe(0)
  })

  it('a pushed balance can be the starting one', async () => {
    const read = vi.fn(() => new Promise<number>(() => undefined))
    const onRise = vi.fn()
    const feed = stream(true)
    renderHook(() => useBalanceWatch(read, onRise, { pushed: feed }))
    feed.push(100)
    feed.push(100.01)
    expect(onRise).toHaveBeenCalledTimes(1)
  })

  it('while the stream is down (failed, reconnecting, unsupported) it reads every 5 s as the spec has it', async () => {
    const read = balances(100, 100, 250)
    const onRise = vi.fn()
    renderHook(() => useBalanceWatch(read, onRise, { pushed: stream(false) }))
    await vi.advanceTimersByTimeAsync(5_000)
    expect(read).toHaveBeenCalledTimes(2)
    expect(onRise).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(onRise).toHaveBeenCalledTimes(1)
  })

  it('falls back to reading when a live stream drops, and stops reading when it is back', async () => {
    const read = balances(100)
    const feed = stream(true)
    renderHook(() => useBalanceWatch(read, vi.fn(), { pushed: feed }))
    await vi.advanceTimersByTimeAsync(20_000)
    expect(read).toHaveBeenCalledTimes(1)
    feed.live = false
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).toHaveBeenCalledTimes(3)
    feed.live = true
    await vi.advanceTimersByTimeAsync(20_000)
    expect(read).toHaveBeenCalledTimes(3)
  })

  it('stops listening to the stream when the screen is left', async () => {
    const feed = stream(true)
    const onRise = vi.fn()
    const { unmount } = renderHook(() => useBalanceWatch(balances(100), onRise, { pushed: feed }))
    await vi.advanceTimersByTimeAsync(0)
    unmount()
    expect(feed.listeners).toBe(0)
    feed.push(1_000)
    expect(onRise).not.toHaveBeenCalled()
  })
})
