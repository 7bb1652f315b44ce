import { bahtToSatang, isBahtAmount } from '@sanam/contract/money'
import { useEffect, useRef } from 'react'

/** Spec §9: the balance is read every 5 s. */
export const BALANCE_POLL_MS = 5000

/**
 * Spec §4 Balance watch: records the balance when the screen opens, reads it again every 5 s and, the first time it
 * is higher, stops and calls `onRise`. Amounts are compared in satang. A failed read is skipped (the next one
 * tries again); reading stops when the component unmounts.
 */
export function useBalanceWatch(readBalance: () => Promise<number>, onRise: () => void, intervalMs = BALANCE_POLL_MS): void {
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

    const tick = async () => {
      try {
        const baht = await read.current()
        if (stopped || !isBahtAmount(baht)) return
        const balance = bahtToSatang(baht)
        if (initial === null) initial = balance
        else if (balance > initial) {
          stopped = true
          rise.current()
          return
        }
      } catch {
        // Logged nowhere on purpose: spec §8 says a failed balance load is only logged, and the client already
        // dealt with a 401; the next tick tries again.
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [intervalMs])
}
