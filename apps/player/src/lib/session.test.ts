import type { UserMe } from '@sanam/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { decodeToken, encodeToken, endSession, getSession, SESSION_STORAGE_KEY, startSession } from './session.ts'

const user = { uid: 7, mobile: '0812345678', firstname: 'ก', surname: 'ข' } as UserMe

describe('session', () => {
  afterEach(() => {
    endSession()
    sessionStorage.clear()
  })

  it("logout drops every cached answer: the next player never sees this one's balance", () => {
    startSession('token-a', user)
    const queryClient = createQueryClient()
    queryClient.setQueryData(['wallet', 'balance'], { balance: 1234 })
    endSession()
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined()
  })

  it('stores the token encoded, never as typed', () => {
    startSession('secret-token-123', user)
    const stored = sessionStorage.getItem(SESSION_STORAGE_KEY)
    expect(stored).not.toBeNull()
    expect(stored).not.toContain('secret-token-123')
    expect(decodeToken(stored)).toBe('secret-token-123')
    expect(getSession()).toEqual({ token: 'secret-token-123', user })
  })

  it('decodes only its own form', () => {
    expect(decodeToken(encodeToken('abc'))).toBe('abc')
    for (const bad of [null, '', 'not base64 !!', btoa('{"t":"x"}'), btoa('{"v":1,"t":""}'), btoa('[1]')]) expect(decodeToken(bad)).toBeNull()
  })

  it('restores the token from sessionStorage on load', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, encodeToken('restored'))
    vi.resetModules()
    const fresh = await import('./session.ts')
    expect(fresh.getSession()).toEqual({ token: 'restored', user: null })
  })

  it('clears token, user and storage at logout', () => {
    startSession('t', user)
    endSession()
    expect(getSession()).toEqual({ token: null, user: null })
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })
})
