import { useCallback, useEffect, useRef } from 'react'

/**
 * `schedule(fn, ms)` like setTimeout, but every pending timer is cleared when the component unmounts, so a
 * delayed step (auto-login after 1 s, redirect after 4 s) never runs on a screen the player has left.
 */
export function useTimeouts(): (callback: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending) clearTimeout(timer)
      pending.clear()
    }
  }, [])
  return useCallback((callback: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer)
      callback()
    }, ms)
    timers.current.add(timer)
  }, [])
}
