import { bahtToSatang, isBahtAmount } from '@sanam/contract/money'
import { useEffect, useRef } from 'react'

/** Spec §9: the balance is read every 5 s (the fallback while the live balance is not connected). */
export const BALANCE_POLL_MS = 5000

/** Balances pushed by the live stream (ADR 049), and whether it is connected now. */
export interface PushedBalances {
  isLive(): boolean
  subscribe(fn: (balance: { balance: number }) => void): () => void
}

/**
 * Spec §4 Balance watch: records the balance when the screen opens and, the first time it is higher, stops and calls
 * `onRise`. The live stream drives it where it is connected: every balance it pushes is compared at once, so the
 * screen reacts within a second of the money arriving, and no read is made meanwhile. While the stream is not live
 * (failed, reconnecting, unsupported) the balance is read every 5 s, as the spec has it. Amounts are compared in
 * satang. A failed read is skipped (the next one tries again); it all stops when the component unmounts.
 */
export function useBalanceWatch(readBalance: () => Promise<number>, onRise: () => void, options: { intervalMs?: number; pushed?: PushedBalances } = {}): void {
  const { intervalMs = BALANCE_POLL_MS, pushed } = options
  const read = useRef(readBalance)
  const rise = useRef(onRise)
  useEffect(() => {
    read.current = readBalance
    rise.current = onRise
  })

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let initial: bigint | null = null

    /** Compares one balance with the first one seen; answers true once it rose (and everything stopped). */
    const see = (baht: number): boolean => {
      if (stopped || !isBahtAmount(baht)) return stopped
      const balance = bahtToSatang(baht)
      if (initial === null) initial = balance
      else if (balance > initial) {
        stopped = true
        clearTimeout(timer)
        unsubscribe?.()
        rise.current()
      }
      return stopped
    }
    const unsubscribe = pushed?.subscribe((balance) => void see(balance.balance))

    const tick = async () => {
      // The stream pushes every change: no read while it is live (once the first balance is known).
      if (!(pushed?.isLive() && initial !== null)) {
        try {
          if (see(await read.current())) return
        } catch {
          // Logged nowhere on purpose: spec §8 says a failed balance load is only logged, and the client already
          // dealt with a 401; the next tick tries again.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
      unsubscribe?.()
    }
  }, [intervalMs, pushed])
}
