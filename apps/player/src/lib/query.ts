/**
 * A small query cache for GET calls (the part of TanStack Query the player app needs, in ~100 lines): one entry
 * per key shared by every component that asks, one call in flight per key, data kept while a refetch runs, and
 * the whole cache dropped at logout. Each feature's api/ file defines its query (key + fetcher) beside its fetcher.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'

export interface QueryDefinition<T> {
  /** Equal keys share one entry; the key is defined once, beside its fetcher. */
  key: readonly (string | number)[]
  fetch: () => Promise<T>
  /** How long loaded data stays fresh: a component mounting within it does not call again. Default 30 s. */
  staleMs?: number
}

export interface QueryState<T> {
  status: 'pending' | 'success' | 'error'
  data: T | undefined
  error: unknown
  /** A call is in flight (first load or refetch). */
  fetching: boolean
}

interface Entry {
  state: QueryState<unknown>
  updatedAt: number
  promise: Promise<unknown> | undefined
}

const DEFAULT_STALE_MS = 30_000
const IDLE: QueryState<never> = Object.freeze({ status: 'pending', data: undefined, error: undefined, fetching: false })

const entries = new Map<string, Entry>()
const listeners = new Map<string, Set<() => void>>()
/** Bumped by clearQueryCache so answers to calls made before it are dropped. */
let generation = 0

function hashKey(key: readonly (string | number)[]): string {
  return JSON.stringify(key)
}

function update(hash: string, change: Partial<Entry>) {
  const previous = entries.get(hash) ?? { state: IDLE, updatedAt: 0, promise: undefined }
  entries.set(hash, { ...previous, ...change })
  for (const listener of listeners.get(hash) ?? []) listener()
}

/** Runs the query (or joins the call in flight) and stores the answer; rejects with the call's error. */
export function fetchQuery<T>(query: QueryDefinition<T>): Promise<T> {
  const hash = hashKey(query.key)
  const inFlight = entries.get(hash)?.promise
  if (inFlight) return inFlight as Promise<T>
  const started = generation
  const promise = query.fetch().then(
    (data) => {
      if (started === generation) update(hash, { state: { status: 'success', data, error: undefined, fetching: false }, updatedAt: Date.now(), promise: undefined })
      return data
    },
    (error: unknown) => {
      if (started === generation) {
        const data = entries.get(hash)?.state.data
        update(hash, { state: { status: data === undefined ? 'error' : 'success', data, error, fetching: false }, promise: undefined })
      }
      throw error
    },
  )
  const state = entries.get(hash)?.state ?? IDLE
  update(hash, { state: { ...state, fetching: true }, promise })
  return promise
}

/** Forgets every answer (logout: the next player must not see this one's data). */
export function clearQueryCache(): void {
  generation++
  const hashes = [...entries.keys()]
  entries.clear()
  for (const hash of hashes) for (const listener of listeners.get(hash) ?? []) listener()
}

export interface QueryResult<T> extends QueryState<T> {
  /** Calls again even when fresh; resolves with the data, rejects with the error. */
  refetch: () => Promise<T>
}

/**
 * The query's state, loading it on mount when absent, stale or failed before. `null` waits (nothing is called).
 * A failure is in `error` (with `status: 'error'` when there is no older data to show); the caller decides
 * whether to show it.
 */
export function useQuery<T>(query: QueryDefinition<T> | null): QueryResult<T> {
  const hash = query ? hashKey(query.key) : null
  const latest = useRef(query)
  useEffect(() => {
    latest.current = query
  })

  const subscribe = useCallback(
    (listener: () => void) => {
      if (hash === null) return () => {}
      let set = listeners.get(hash)
      if (!set) listeners.set(hash, (set = new Set()))
      set.add(listener)
      return () => set.delete(listener)
    },
    [hash],
  )
  const getSnapshot = useCallback(() => (hash === null ? IDLE : (entries.get(hash)?.state ?? IDLE)), [hash])
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot) as QueryState<T>

  useEffect(() => {
    const current = latest.current
    if (hash === null || !current) return
    const entry = entries.get(hash)
    const fresh = entry !== undefined && entry.state.status === 'success' && Date.now() - entry.updatedAt < (current.staleMs ?? DEFAULT_STALE_MS)
    if (fresh || entry?.promise) return
    // The failure is in the state for the component to show; nothing else to do with it here.
    fetchQuery(current).catch(() => {})
  }, [hash])

  const refetch = useCallback(() => {
    const current = latest.current
    return current ? fetchQuery(current) : Promise.reject(new Error('no query to refetch'))
  }, [])

  return { ...state, refetch }
}
