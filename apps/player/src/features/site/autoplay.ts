/**
 * The banner's automatic advance (spec §2 Carousel, §9): every 4 s; a manual move pauses it for 5 s, after which
 * the 4 s rhythm starts again. Timers are injected so the rule is tested without waiting.
 */
export const AUTOPLAY_INTERVAL_MS = 4000
export const MANUAL_PAUSE_MS = 5000

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface Autoplay {
  start: () => void
  stop: () => void
  /** The player moved the carousel (swipe, dot): no automatic move for the next 5 s. */
  interact: () => void
}

export function createAutoplay(advance: () => void, timers: Timers = browserTimers): Autoplay {
  let handle: unknown
  let running = false

  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle)
    handle = undefined
  }
  const every = () => {
    clear()
    handle = timers.setTimeout(() => {
      advance()
      every()
    }, AUTOPLAY_INTERVAL_MS)
  }

  return {
    start() {
      running = true
      every()
    },
    stop() {
      running = false
      clear()
    },
    interact() {
      if (!running) return
      clear()
      handle = timers.setTimeout(every, MANUAL_PAUSE_MS)
    },
  }
}
