import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearToken, getToken, setToken } from '../../../lib/session.ts'
import { login } from './login.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  clearToken()
})

describe('sign-in', () => {
  it('a refused sign-in (wrong password, code needed) leaves the session in this tab as it was', async () => {
    setToken('tok-1')
    const refused = new Response(JSON.stringify({ success: false, code: 'OTP_REQUIRED', message: 'กรุณากรอกรหัสยืนยัน' }), { status: 401 })
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(refused))
    await expect(login({ username: 'owner', password: 'x' })).rejects.toMatchObject({ code: 'OTP_REQUIRED' })
    expect(getToken()).toBe('tok-1')
  })
})
