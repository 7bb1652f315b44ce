import { manualClock } from '../src/lib/clock.ts'
import { sha256 } from '../src/lib/crypto.ts'
import { createSessionCache } from '../src/lib/session-cache.ts'

const HOUR = 3_600_000

/** A session cache on a manual clock, and a way to fill it as authenticate does. */
export function makeCache(options: { ttlSeconds?: number; idleSeconds?: number; maxEntries?: number; broadcast?: boolean } = {}) {
  const clock = manualClock()
  const sut = createSessionCache({ clock, ttlSeconds: options.ttlSeconds ?? 30, ...options })
  let nextSession = 1
  /** Caches a new session of `playerId` the way authenticate does, and answers its token hash. */
  const fill = (playerId: number, expiresInMs = HOUR) => {
    const hash = sha256(`token-${nextSession}`)
    const ok = sut.set(
      hash,
      { playerId, sessionId: nextSession++, expiresAt: new Date(clock.now().getTime() + expiresInMs), lastSeenAt: clock.now() },
      sut.ticket(),
    )
    return { hash, ok }
  }
  return { sut, clock, fill }
}
