import type { Balance } from '@sanam/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { balanceKey } from './balance-query.ts'
import { connectBalanceStream, type BalanceStreamOptions, type StreamStatus } from './balance-stream.ts'
import { expireSession, getSession, useSession } from './session.ts'

/**
 * The live balance as the screens see it (ADR 049): one stream for the signed-in app, whose every balance goes into
 * the balance query's cache (so the lobby, withdraw and referral screens show it at once) and to whoever watches
 * here (the deposit screen's balance watch). `status` says whether it is live: while it is not, the watchers poll.
 */
export interface LiveBalanceFeed {
  isLive(): boolean
  /** Calls `fn` with every balance the stream delivers; answers the unsubscribe function. */
  subscribe(fn: (balance: Balance) => void): () => void
}

let status: StreamStatus = 'down'
const watchers = new Set<(balance: Balance) => void>()

export const liveBalance: LiveBalanceFeed = {
  isLive: () => status === 'live',
  subscribe(fn) {
    watchers.add(fn)
    return () => watchers.delete(fn)
  },
}

/** Where the stream comes from: the real one unless a test gives another (or none: `EventSource`-less test runs). */
let connect: (options: BalanceStreamOptions) => { stop(): void } = connectBalanceStream

/** Tests only: the connection `useLiveBalance` opens. */
export function setBalanceStreamConnector(next: typeof connect): void {
  connect = next
}

/** Whether this browser can read a streamed answer (fetch with a readable body); without it the app polls. */
export function streamsSupported(): boolean {
  return typeof fetch === 'function' && typeof ReadableStream === 'function' && typeof TextDecoder === 'function'
}

/**
 * Keeps the stream open while a player is signed in (mounted once, in the app's frame): a new token opens a new one,
 * signing out closes it.
 */
export function useLiveBalance(): void {
  const { token } = useSession()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!token || !streamsSupported()) return
    const stream = connect({
      token: () => (getSession().token === token ? token : null),
      onBalance(balance) {
        queryClient.setQueryData(balanceKey, balance)
        for (const fn of [...watchers]) fn(balance)
      },
      onStatus(next) {
        status = next
      },
      onUnauthorized: (refused, message) => expireSession(refused, message),
    })
    return () => {
      stream.stop()
      status = 'down'
    }
  }, [token, queryClient])
}
