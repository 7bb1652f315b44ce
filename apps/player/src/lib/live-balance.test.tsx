import type { Balance, UserMe } from '@sanam/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { balanceKey } from './balance-query.ts'
import type { BalanceStreamOptions } from './balance-stream.ts'
import { liveBalance, setBalanceStreamConnector, useLiveBalance } from './live-balance.ts'
import { createQueryClient } from './query-client.ts'
import { endSession, getSession, startSession } from './session.ts'

const user = { uid: 7, mobile: '0812345678', firstname: 'ก', surname: 'ข' } as UserMe
const balance = (baht: number) => ({ balance: baht, bonus: {}, refund: {}, turnover: 0 }) as unknown as Balance

/** Records the connections the hook opens instead of opening them. */
function fakeConnector() {
  const opened: Array<BalanceStreamOptions & { stop: ReturnType<typeof vi.fn> }> = []
  setBalanceStreamConnector((options) => {
    const stop = vi.fn()
    opened.push({ ...options, stop })
    return { stop }
  })
  return opened
}

function mount() {
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  return { queryClient, ...renderHook(() => useLiveBalance(), { wrapper }) }
}

describe('the live balance in the app (ADR 049)', () => {
  afterEach(() => {
    cleanup()
    endSession()
  })

  it('opens one stream while signed in; its balances fill the balance query and reach the watchers', () => {
    const opened = fakeConnector()
    startSession('token-a', user)
    const { queryClient } = mount()
    expect(opened).toHaveLength(1)
    expect(opened[0]!.token()).toBe('token-a')
    const seen: number[] = []
    const unsubscribe = liveBalance.subscribe((b) => seen.push(b.balance))
    act(() => {
      opened[0]!.onStatus('live')
      opened[0]!.onBalance(balance(1500))
    })
    expect(liveBalance.isLive()).toBe(true)
    expect(queryClient.getQueryData(balanceKey)).toMatchObject({ balance: 1500 })
    expect(seen).toEqual([1500])
    unsubscribe()
  })

  it('closes the stream on sign-out (and is not live: the watchers poll), opens none without a session', () => {
    const opened = fakeConnector()
    startSession('token-b', user)
    mount()
    act(() => opened[0]!.onStatus('live'))
    act(() => endSession())
    expect(opened[0]!.stop).toHaveBeenCalled()
    expect(opened[0]!.token()).toBeNull()
    expect(liveBalance.isLive()).toBe(false)
    expect(opened).toHaveLength(1)
  })

  it('a 401 on the stream ends the session like any call', () => {
    const opened = fakeConnector()
    startSession('token-c', user)
    mount()
    act(() => opened[0]!.onUnauthorized('token-c', 'เซสชันหมดอายุ'))
    expect(getSession().token).toBeNull()
  })
})
