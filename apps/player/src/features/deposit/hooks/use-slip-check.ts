import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client.ts'

/** Spec §9: the slip check asks every 5 s, for at most 15 minutes. */
export const SLIP_CHECK_INTERVAL_MS = 5000
export const SLIP_CHECK_MAX_MS = 15 * 60_000

export interface SlipCheckOptions {
  /** The player whose deposits are asked about; null (not known yet) waits. */
  userId: number | null
  /** Where the check begins, as the server reads it: the player's last credited deposit (null: none). Asked once. */
  begin: (userId: number) => Promise<{ after: number | null }>
  /** One status call: resolves when a deposit credited after `after` is there, rejects otherwise (404: not yet). */
  check: (userId: number, after: number | null) => Promise<unknown>
  /** Whether the player still has a session (a check without a token stops). */
  hasToken: () => boolean
  onFound?: () => void
  intervalMs?: number
  maxMs?: number
}

/**
 * Spec §4 Slip check: from the moment the player is given (the deposit page gives them while a bill is open), asks the server every 5 s whether a deposit has been
 * credited since the check began, for at most 15 minutes. When it began is the server's answer (the last deposit
 * credited then), never this phone's clock, which may be minutes off. It stops on success, on any answer but 404 (not yet),
 * on any other failure and when the session is gone; and when the screen is left. Answers whether it is running,
 * for the 'checking slip' indicator.
 */
export function useSlipCheck({
  userId,
  begin,
  check,
  hasToken,
  onFound,
  intervalMs = SLIP_CHECK_INTERVAL_MS,
  maxMs = SLIP_CHECK_MAX_MS,
}: SlipCheckOptions): boolean {
  const [running, setRunning] = useState(false)
  const latest = useRef({ begin, check, hasToken, onFound })
  useEffect(() => {
    latest.current = { begin, check, hasToken, onFound }
  })

  useEffect(() => {
    if (userId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Only the duration is measured here, and a phone's clock measures that well even when it is minutes off.
    const began = Date.now()
    // Asked now, when the check begins; a failure surfaces at the first poll and stops the check like any other.
    const cursor = latest.current.hasToken() ? latest.current.begin(userId) : null
    void cursor?.catch(() => undefined)
    const stop = () => {
      stopped = true
      clearTimeout(timer)
      setRunning(false)
    }

    const tick = async () => {
      if (!cursor || !latest.current.hasToken() || Date.now() - began >= maxMs) return stop()
      try {
        await latest.current.check(userId, (await cursor).after)
        if (stopped) return
        stop()
        latest.current.onFound?.()
        return
      } catch (error) {
        if (stopped) return
        if (!(error instanceof ApiError && error.status === 404)) return stop()
      }
      timer = setTimeout(() => void tick(), intervalMs)
    }

    setRunning(true)
    timer = setTimeout(() => void tick(), intervalMs)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [userId, intervalMs, maxMs])

  // Stopped from outside (no player to ask about any more: the page's bill is gone) is not running either.
  return running && userId !== null
}
