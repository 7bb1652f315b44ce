import { vi } from 'vitest'

/**
 * What the lobby's carousel (Embla) and the app's scrolling call and jsdom lacks: observers that observe nothing, a
 * media query that never matches, `scrollIntoView`. The observers are stubbed globals (`vi.unstubAllGlobals` takes
 * them away again); the other two are added once and harm no test.
 */
export function stubLayoutApis(): void {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', Observer)
  vi.stubGlobal('IntersectionObserver', Observer)
  Element.prototype.scrollIntoView ??= () => {}
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as unknown as typeof window.matchMedia
}
