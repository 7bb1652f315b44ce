import { useEffect, useRef, useState } from 'react'

/**
 * Whole seconds left of a `seconds`-long countdown that runs while `running` (spec §4 draft bill: 180 s). It counts
 * from the moment `running` turns true (against the clock, so a throttled background tab stays right), calls
 * `onZero` once at zero, and is back at `seconds` whenever it is not running. Its timer stops on unmount.
 */
export function useCountdown(running: boolean, seconds: number, onZero: () => void): number {
  const [left, setLeft] = useState(seconds)
  const zero = useRef(onZero)
  useEffect(() => {
    zero.current = onZero
  })

  useEffect(() => {
    setLeft(seconds)
    if (!running) return
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
  }, [running, seconds])

  return left
}

/** 180 → `3:00`, 59 → `0:59` (spec §4: m:ss). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
