import type { Clock } from '../../lib/clock.ts'

/**
 * The worker's rate budget per channel (ADR 083): a bucket of `perSecond(channel)` tokens refilled continuously, one
 * spent a message taken; a 429 pauses the channel until its Retry-After (`pausedUntil`). Answers the channel's bucket,
 * refilled to now, and how many whole messages it allows now.
 */
export function channelBudgets(clock: Clock, perSecond: (channel: string) => number) {
  const buckets = new Map<string, { tokens: number; at: number; pausedUntil: number }>()
  return function budget(channel: string) {
    const rate = perSecond(channel)
    const now = clock.now().getTime()
    const bucket = buckets.get(channel) ?? { tokens: rate, at: now, pausedUntil: 0 }
    buckets.set(channel, bucket)
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate)
    bucket.at = now
    return { bucket, available: now < bucket.pausedUntil ? 0 : Math.floor(bucket.tokens) }
  }
}
