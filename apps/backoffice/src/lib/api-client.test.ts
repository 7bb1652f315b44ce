import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiAnswer, apiRequest, ApiError, errorText, queryString } from './api-client.ts'
import { clearToken, getToken, onTokenChange, setToken } from './session.ts'

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

describe('the back-office API client', () => {
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
    const result = await apiAnswer<{ id: number }>('/backoffice/members/7/lock', { method: 'POST', body: { reason: 'x' } })
    expect(result).toEqual({ data: { id: 7 }, message: 'อนุมัติแล้ว' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/backoffice/members/7/lock')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"reason":"x"}')
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1')
  })

  it('sends a file as it is, with its own type (an image upload)', async () => {
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { url: '/media/uploads/a.png' } }))
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })
    await apiRequest('/backoffice/media', { method: 'POST', body: file })
    const [, init] = fetchMock.mock.calls[0]!
    expect(init?.body).toBe(file)
    expect((init?.headers as Record<string, string>)['content-type']).toBe('image/png')
  })

  it("throws the server's code, and the operator reads its Thai message", async () => {
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(403, { success: false, code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์' }))
    const error = await apiRequest('/backoffice/withdrawals/1/approve', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, serverMessage: 'ไม่มีสิทธิ์' })
    expect(errorText(error)).toBe('ไม่มีสิทธิ์')
    expect(getToken()).toBe('tok-1')
  })

  it('ends the session on a 401, unless the call says its 401 is a refusal (sign-in)', async () => {
    const heard = vi.fn()
    const stop = onTokenChange(heard)
    setToken('tok-1')
    fetchMock.mockReturnValueOnce(answer(401, { success: false, code: 'OTP_REQUIRED', message: 'กรอกรหัส' }))
    await expect(apiRequest('/backoffice/auth/login', { method: 'POST', body: {}, redirectOn401: false })).rejects.toMatchObject({ code: 'OTP_REQUIRED' })
    expect(getToken()).toBe('tok-1')
    fetchMock.mockReturnValueOnce(answer(401, { success: false, code: 'UNAUTHORIZED', message: 'หมดเวลา' }))
    await expect(apiRequest('/backoffice/me')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
  })

  it("a late 401 of a session that already ended does not end the next operator's", async () => {
    setToken('tok-old')
    let refuse!: (response: Response) => void
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (refuse = resolve)))
    const late = apiRequest('/backoffice/dashboard').catch((e: unknown) => e)
    setToken('tok-new')
    refuse(new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', message: 'หมดเวลา' }), { status: 401 }))
    await expect(late).resolves.toMatchObject({ status: 401 })
    expect(getToken()).toBe('tok-new')
  })

  it('turns a lost connection into the Thai "cannot connect" text, and a bad answer into the generic one', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('failed'))
    const lost = await apiRequest('/backoffice/me').catch((e: unknown) => e)
    expect(lost).toMatchObject({ code: 'NETWORK', status: 0 })
    expect(errorText(lost)).toBe('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่อีกครั้ง')
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }))
    const bad = await apiRequest('/backoffice/me').catch((e: unknown) => e)
    expect(bad).toMatchObject({ code: 'BAD_RESPONSE', status: 502 })
    expect(errorText(bad)).toBe('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง')
  })

  it('builds a query string of the filled-in values only', () => {
    expect(queryString({ q: '081', page: 0, action: '', to: undefined })).toBe('?q=081&page=0')
    expect(queryString({ q: '' })).toBe('')
  })
})
