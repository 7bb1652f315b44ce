import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOPLAY_INTERVAL_MS, createAutoplay, MANUAL_PAUSE_MS } from './autoplay.ts'

describe('banner autoplay (spec §9: 4 s, a manual move pauses 5 s)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('advances every 4 s once started, and not after stop', () => {
    const advance = vi.fn()
    const autoplay = createAutoplay(advance)
    vi.advanceTimersByTime(10_000)
    expect(advance).not.toHaveBeenCalled()
    autoplay.start()
    vi.advanceTimersByTime(AUTOPLAY_INTERVAL_MS - 1)
    expect(advance).toHaveBeenCalledTimes(0)
    vi.advanceTimersByTime(1)
    expect(advance).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(AUTOPLAY_INTERVAL_MS * 2)
    expect(advance).toHaveBeenCalledTimes(3)
    autoplay.stop()
    vi.advanceTimersByTime(AUTOPLAY_INTERVAL_MS * 5)
    expect(advance).toHaveBeenCalledTimes(3)
  })

  it('after a swipe waits 5 s, then resumes the 4 s rhythm', () => {
    const advance = vi.fn()
    const autoplay = createAutoplay(advance)
    autoplay.start()
    vi.advanceTimersByTime(3000)
    autoplay.interact()
    vi.advanceTimersByTime(MANUAL_PAUSE_MS + AUTOPLAY_INTERVAL_MS - 1)
    expect(advance).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(advance).toHaveBeenCalledTimes(1)
    // Swiping again during the pause restarts it.
    vi.advanceTimersByTime(2000)
    autoplay.interact()
    vi.advanceTimersByTime(MANUAL_PAUSE_MS + AUTOPLAY_INTERVAL_MS - 1)
    expect(advance).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(advance).toHaveBeenCalledTimes(2)
  })

  it('ignores interaction while stopped (a visitor sees no autoplay)', () => {
    const advance = vi.fn()
    createAutoplay(advance).interact()
    vi.advanceTimersByTime(60_000)
    expect(advance).not.toHaveBeenCalled()
  })
})
