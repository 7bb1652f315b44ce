import { useEffect, useState } from 'react'

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000))
}

/** Whole seconds until `until` (epoch ms), counting down once a second; 0 once passed. */
export function useSecondsLeft(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until))
  useEffect(() => {
    setLeft(secondsUntil(until))
    const timer = setInterval(() => {
      const next = secondsUntil(until)
      setLeft(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return left
}
