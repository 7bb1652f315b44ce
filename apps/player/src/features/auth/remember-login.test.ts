import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetLogin, REMEMBERED_PHONE_KEY, rememberedPhone, rememberLogin, storedPassword } from './remember-login.ts'

function allStoredValues(): string[] {
  const values: string[] = []
  for (const storage of [localStorage, sessionStorage]) {
    for (let index = 0; index < storage.length; index++) values.push(storage.getItem(storage.key(index) ?? '') ?? '')
  }
  return values
}

describe('remember password (ADR apps/player/docs/decisions/001)', () => {
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('keeps the phone in localStorage and never the password', async () => {
    await rememberLogin('0812345678', 'sanam1234')
    expect(rememberedPhone()).toBe('0812345678')
    expect(allStoredValues().some((value) => value.includes('sanam1234'))).toBe(false)
  })

  it('hands the password to the browser store when PasswordCredential exists', async () => {
    const store = vi.fn(() => Promise.resolve(undefined))
    class FakePasswordCredential {
      readonly type = 'password'
      constructor(readonly data: { id: string; password: string }) {}
    }
    vi.stubGlobal('PasswordCredential', FakePasswordCredential)
    vi.stubGlobal('navigator', { ...navigator, credentials: { store, preventSilentAccess: vi.fn(() => Promise.resolve()), get: vi.fn() } })
    await rememberLogin('0812345678', 'sanam1234')
    expect(store).toHaveBeenCalledTimes(1)
    expect((store.mock.calls[0] as unknown as [FakePasswordCredential])[0].data).toEqual({ id: '0812345678', password: 'sanam1234', name: '0812345678' })
  })

  it('reads back the stored password for the remembered phone only', async () => {
    const get = vi.fn(() => Promise.resolve({ type: 'password', id: '0812345678', password: 'sanam1234' }))
    vi.stubGlobal('PasswordCredential', class {})
    vi.stubGlobal('navigator', { ...navigator, credentials: { get, store: vi.fn(), preventSilentAccess: vi.fn() } })
    await expect(storedPassword('0812345678')).resolves.toBe('sanam1234')
    await expect(storedPassword('0899999999')).resolves.toBeNull()
  })

  it('without the API there is nothing to read back', async () => {
    await expect(storedPassword('0812345678')).resolves.toBeNull()
  })

  it('unchecked: forgets the phone and stops silent sign-in', async () => {
    localStorage.setItem(REMEMBERED_PHONE_KEY, '0812345678')
    const preventSilentAccess = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, credentials: { preventSilentAccess } })
    await forgetLogin()
    expect(rememberedPhone()).toBeNull()
    expect(preventSilentAccess).toHaveBeenCalled()
  })
})
