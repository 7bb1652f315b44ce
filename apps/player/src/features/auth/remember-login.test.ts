import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetPhone, REMEMBERED_PHONE_KEY, rememberedPhone, rememberPhone } from './remember-login.ts'

describe('remember the phone number (ADR 074)', () => {
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('keeps the phone in localStorage, and hands nothing to the browser’s password store', () => {
    const store = vi.fn(() => Promise.resolve(undefined))
    vi.stubGlobal('PasswordCredential', class {})
    vi.stubGlobal('navigator', { ...navigator, credentials: { store, get: vi.fn(), preventSilentAccess: vi.fn() } })
    rememberPhone('0812345678')
    expect(rememberedPhone()).toBe('0812345678')
    expect(store).not.toHaveBeenCalled()
  })

  it('unticked: forgets the phone', () => {
    localStorage.setItem(REMEMBERED_PHONE_KEY, '0812345678')
    forgetPhone()
    expect(rememberedPhone()).toBeNull()
  })
})
