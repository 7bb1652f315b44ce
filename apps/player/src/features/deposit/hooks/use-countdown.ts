import { useEffect, useRef, useState } from 'react'

/**
 * Whole seconds left of the draft bill `billId`, counting down from `seconds` (the seconds its server said were left:
 * 180 for a new bill, fewer for one shown again after a reload). It counts against the clock, so a throttled background
 * tab stays right, calls `onZero` once at zero, starts again for another bill or another `seconds`, and is back at
 * `seconds` while there is no bill. Its timer stops on unmount.
 */
export function useCountdown(billId: string | null, seconds: number, onZero: () => void): number {
  const [left, setLeft] = useState(seconds)
  const zero = useRef(onZero)
  useEffect(() => {
    zero.current = onZero
  })

  useEffect(() => {
    setLeft(seconds)
    if (billId === null) return
    const deadline = Date.now() + seconds * 1000
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setLeft(next)
      if (next === 0) {
        clearInterval(timer)
        zero.current()
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [billId, seconds])

  return left
}

/** 180 → `3:00`, 59 → `0:59` (spec §4: m:ss). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
