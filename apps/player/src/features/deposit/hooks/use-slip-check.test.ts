import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client.ts'
import { SLIP_CHECK_MAX_MS, useSlipCheck } from './use-slip-check.ts'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Moves the fake clock and lets React apply what the timers changed. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

const notYet = () => Promise.reject(new ApiError('NOT_FOUND', 404, 'ยังไม่พบยอดฝาก'))

function start(
  check: (userId: number, after: number | null) => Promise<unknown>,
  options: { hasToken?: () => boolean; onFound?: () => void; begin?: (userId: number) => Promise<{ after: number | null }> } = {},
) {
  const begin = options.begin ?? (() => Promise.resolve({ after: 41 }))
  return renderHook(() =>
    useSlipCheck({ userId: 7, begin, check, hasToken: options.hasToken ?? (() => true), ...(options.onFound ? { onFound: options.onFound } : {}) }),
  )
}

describe('slip check (spec §4, §9: every 5 s, at most 15 minutes)', () => {
  it("asks where it begins once, then every 5 s with the server's cursor while the answer is 404, and stops on success", async () => {
    let answer: () => Promise<unknown> = notYet
    const check = vi.fn((_userId: number, _after: number | null) => answer())
    const begin = vi.fn(() => Promise.resolve({ after: 41 }))
    const onFound = vi.fn()
    const view = start(check, { onFound, begin })
    expect(view.result.current).toBe(true)
    expect(begin).toHaveBeenCalledWith(7)
    // The phone's clock jumps (set right, or wrong): the check's start is the server's cursor, so nothing changes.
    vi.setSystemTime(new Date('2026-11-23T09:55:00Z'))
    await advance(10_000)
    expect(check).toHaveBeenCalledTimes(2)
    expect(check.mock.calls[1]).toEqual([7, 41])
    expect(begin).toHaveBeenCalledTimes(1)
    answer = () => Promise.resolve({ deposit_id: 1 })
    await advance(5000)
    expect(onFound).toHaveBeenCalledTimes(1)
    expect(view.result.current).toBe(false)
    await advance(60_000)
    expect(check).toHaveBeenCalledTimes(3)
  })

  it.each([
    ['a 403 answer', () => Promise.reject(new ApiError('FORBIDDEN', 403))],
    ['a network failure', () => Promise.reject(new ApiError('NETWORK', 0))],
    ['an unexpected error', () => Promise.reject(new Error('boom'))],
  ])('stops on %s', async (_name, failure) => {
    const check = vi.fn(failure)
    const view = start(check)
    await advance(30_000)
    expect(check).toHaveBeenCalledTimes(1)
    expect(view.result.current).toBe(false)
  })

  it('stops when the server cannot say where the check begins', async () => {
    const check = vi.fn(notYet)
    const view = start(check, { begin: () => Promise.reject(new ApiError('NETWORK', 0)) })
    await advance(30_000)
    expect(check).not.toHaveBeenCalled()
    expect(view.result.current).toBe(false)
  })

  it('stops without a token, before asking', async () => {
    const check = vi.fn(notYet)
    const view = start(check, { hasToken: () => false })
    await advance(5000)
    expect(check).not.toHaveBeenCalled()
    expect(view.result.current).toBe(false)
  })

  it('gives up after 15 minutes', async () => {
    const check = vi.fn(notYet)
    const view = start(check)
    await advance(SLIP_CHECK_MAX_MS - 1)
    expect(view.result.current).toBe(true)
    const asked = check.mock.calls.length
    expect(asked).toBe(SLIP_CHECK_MAX_MS / 5000 - 1)
    await advance(1)
    expect(view.result.current).toBe(false)
    await advance(60_000)
    expect(check).toHaveBeenCalledTimes(asked)
  })

  it('stops asking when the screen is left', async () => {
    const check = vi.fn(notYet)
    const view = start(check)
    await advance(5000)
    view.unmount()
    await advance(60_000)
    expect(check).toHaveBeenCalledTimes(1)
  })
})
