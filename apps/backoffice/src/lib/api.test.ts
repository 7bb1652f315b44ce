import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, queryString } from './api.ts'
import { formatBaht, formatDateTime } from './format.ts'
import { clearToken, getToken, onTokenChange, setToken } from './session.ts'

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

describe('api', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    clearToken()
  })

  it('sends the bearer token and answers the data and the server message', async () => {
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { id: 7 }, message: 'อนุมัติแล้ว' }))
    const result = await api<{ id: number }>('/backoffice/members/7/lock', { method: 'POST', body: { reason: 'x' } })
    expect(result).toEqual({ data: { id: 7 }, message: 'อนุมัติแล้ว' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/backoffice/members/7/lock')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"reason":"x"}')
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1')
  })

  it("throws the server's code and Thai message", async () => {
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(403, { success: false, code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์' }))
    const error = await api('/backoffice/withdrawals/1/approve', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, message: 'ไม่มีสิทธิ์' })
    expect(getToken()).toBe('tok-1')
  })

  it('ends the session on a 401, but not on a refused sign-in', async () => {
    const heard = vi.fn()
    const stop = onTokenChange(heard)
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(401, { success: false, code: 'OTP_REQUIRED', message: 'กรอกรหัส' }))
    await expect(api('/backoffice/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'OTP_REQUIRED' })
    expect(getToken()).toBe('tok-1')
    fetchMock.mockReturnValueOnce(answer(401, { success: false, code: 'UNAUTHORIZED', message: 'หมดเวลา' }))
    await expect(api('/backoffice/me')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
  })

  it('turns a lost connection into a Thai network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('failed'))
    await expect(api('/backoffice/me')).rejects.toMatchObject({ code: 'NETWORK', status: 0 })
  })
})

describe('formatting', () => {
  it('builds a query string of the filled-in values only', () => {
    expect(queryString({ q: '081', page: 0, action: '', to: undefined })).toBe('?q=081&page=0')
    expect(queryString({ q: '' })).toBe('')
  })

  it('shows baht with thousands separators and Bangkok dates in the Buddhist era', () => {
    expect(formatBaht(1234567.5)).toBe('฿1,234,567.50')
    expect(formatDateTime('2026-11-23T17:30:00.000Z')).toContain('2569')
    expect(formatDateTime('2026-11-23T17:30:00.000Z')).toContain('00:30')
    expect(formatDateTime(null)).toBe('–')
  })
})
