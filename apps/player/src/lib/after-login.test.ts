import { describe, expect, it } from 'vitest'
import { pathAfterLogin, returnState } from './after-login.ts'

describe('after login', () => {
  it('returns to the LINE link page with its link token, and goes home from anywhere else', () => {
    const state = returnState({ pathname: '/line/link', search: '?linkToken=abc' })
    expect(state).toEqual({ next: '/line/link?linkToken=abc' })
    expect(pathAfterLogin(state)).toBe('/line/link?linkToken=abc')
    expect(returnState({ pathname: '/deposit', search: '' })).toBeUndefined()
    expect(pathAfterLogin(undefined)).toBe('/')
  })

  it.each(['//evil.example/line/link', 'https://evil.example/line/link', '/deposit', 42])('goes home for %s', (next) => {
    expect(pathAfterLogin({ next })).toBe('/')
  })
})
