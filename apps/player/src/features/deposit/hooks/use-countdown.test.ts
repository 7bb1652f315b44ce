import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useFakeClock } from '../../../testing/fake-clock.ts'
import { formatCountdown, useCountdown } from './use-countdown.ts'

const advance = useFakeClock()

/** The 180 s countdown, running or not at first, with a spy for its call at zero. */
function countdown(running: boolean) {
  const onZero = vi.fn()
  const view = renderHook((props) => useCountdown(props.running, 180, onZero), { initialProps: { running } })
  return { view, onZero }
}

describe('draft bill countdown (spec §4: 180 s, m:ss)', () => {
  it('counts down while running, calls once at zero, and is back at 180 when stopped', async () => {
    const { view, onZero } = countdown(false)
    await advance(5000)
    expect(view.result.current).toBe(180)
    view.rerender({ running: true })
    await advance(1000)
    expect(formatCountdown(view.result.current)).toBe('2:59')
    await advance(120_000)
    expect(formatCountdown(view.result.current)).toBe('0:59')
    await advance(59_000)
    expect(view.result.current).toBe(0)
    expect(onZero).toHaveBeenCalledTimes(1)
    await advance(10_000)
    expect(onZero).toHaveBeenCalledTimes(1)
    view.rerender({ running: false })
    expect(view.result.current).toBe(180)
  })

  it('stopping early resets it and never calls', async () => {
    const { view, onZero } = countdown(true)
    await advance(30_000)
    expect(view.result.current).toBe(150)
    view.rerender({ running: false })
    await advance(300_000)
    expect(view.result.current).toBe(180)
    expect(onZero).not.toHaveBeenCalled()
  })

  it('formats m:ss', () => {
    expect([180, 61, 60, 9, 0].map(formatCountdown)).toEqual(['3:00', '1:01', '1:00', '0:09', '0:00'])
  })
})
