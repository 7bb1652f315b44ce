import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { confirmOtp } from './confirm-otp.ts'
import { login } from './login.ts'

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }))
}

describe('the device id on sign-in and registration', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('sends one random id per browser, kept in localStorage, as X-Device-Id', async () => {
    fetchMock.mockImplementation(() => answer({ success: true, data: {} }))
    await login({ mobile: '0812345678', password: 'secret123' })
    await confirmOtp({ mobile: '0812345678', token: 't', otp_code: '123456' })
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['x-device-id'])
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(sent[1]).toBe(sent[0])
    expect(localStorage.getItem('sanam.device')).toBe(sent[0])

    // Another browser (nothing stored) gets another id.
    localStorage.clear()
    await login({ mobile: '0812345678', password: 'secret123' })
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>)['x-device-id']).not.toBe(sent[0])
  })

  it('keeps the device token a sign-in answers and sends it with the next sign-in as X-Device-Token (ADR 039)', async () => {
    const deviceToken = `v1.42.${'a'.repeat(22)}.1764000000.${'b'.repeat(43)}`
    fetchMock.mockImplementation(() => answer({ success: true, data: { token: 'session', device_token: deviceToken } }))
    await login({ mobile: '0812345678', password: 'secret123' })
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['x-device-token']).toBeUndefined()
    expect(localStorage.getItem('sanam.device-token')).toBe(deviceToken)
    await login({ mobile: '0812345678', password: 'secret123' })
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)['x-device-token']).toBe(deviceToken)
    // Registration does not carry it: it is for signing in only.
    await confirmOtp({ mobile: '0812345678', token: 't', otp_code: '123456' })
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>)['x-device-token']).toBeUndefined()
  })
})
