import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiAnswer, apiRequest, errorText, messageText, TIMEOUT_MS } from './api-client.ts'
import { endSession, getSession, onSessionExpired, startSession } from './session.ts'
import { demoUser } from '../testing/render.tsx'

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
}

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.useRealTimers()
    endSession()
  })

  it('keeps a success message for the caller and sends extra headers', async () => {
    startSession('tok-1', demoUser)
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { id: 7 }, message: 'ได้รับคำขอถอนเงินแล้ว' }))
    await expect(apiAnswer('/wallet/withdraw', { method: 'POST', body: { amount: 500 }, headers: { 'idempotency-key': 'k-1' } })).resolves.toEqual({
      data: { id: 7 },
      message: 'ได้รับคำขอถอนเงินแล้ว',
    })
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>
    expect(headers['idempotency-key']).toBe('k-1')
    expect(headers.authorization).toBe('Bearer tok-1')
  })

  it('returns data from a success envelope and sends the bearer token', async () => {
    startSession('tok-1', demoUser)
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { balance: 5 } }))
    await expect(apiRequest('/wallet/v2/balance')).resolves.toEqual({ balance: 5 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/wallet/v2/balance')
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1')
  })

  it('sends no authorization header without a session', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: [] }))
    await apiRequest('/games/providers')
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBeUndefined()
  })

  it('throws ApiError with the server message, the first of an array message, and field errors', async () => {
    fetchMock.mockReturnValueOnce(answer(409, { success: false, code: 'MOBILE_TAKEN', message: 'เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว' }))
    await expect(apiRequest('/auth/register', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'MOBILE_TAKEN',
      serverMessage: 'เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว',
    })

    fetchMock.mockReturnValueOnce(
      answer(400, { success: false, code: 'VALIDATION_FAILED', message: ['แรก', 'สอง'], errors: [{ path: 'mobile', message: 'ผิด' }, { bad: 1 }] }),
    )
    const error = await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).serverMessage).toBe('แรก')
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'mobile', message: 'ผิด' }])
  })

  it('uses the copy-deck default when the server sent no message', () => {
    expect(errorText(new ApiError('NETWORK', 0), 'error.generic')).toBe('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง')
    expect(errorText(new ApiError('INTERNAL', 500, 'ข้อความ'), 'error.generic')).toBe('ข้อความ')
    expect(messageText(['', 'x'])).toBeUndefined()
    expect(messageText(42)).toBeUndefined()
  })

  it('on 401 clears the session and reports the expiry once, however many calls fail', async () => {
    startSession('tok-2', demoUser)
    const expired = vi.fn()
    const unsubscribe = onSessionExpired(expired)
    fetchMock.mockImplementation(() => answer(401, { success: false, code: 'UNAUTHORIZED', message: 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง' }))
    const results = await Promise.allSettled([apiRequest('/user/@me'), apiRequest('/wallet/v2/balance'), apiRequest('/games/fishing')])
    expect(results.every((result) => result.status === 'rejected')).toBe(true)
    expect(expired).toHaveBeenCalledTimes(1)
    expect(expired).toHaveBeenCalledWith('กรุณาเข้าสู่ระบบใหม่อีกครั้ง')
    expect(getSession()).toEqual({ token: null, user: null })
    expect(sessionStorage.getItem('sanam.session')).toBeNull()

    // Re-armed by the next successful login.
    startSession('tok-3', demoUser)
    await apiRequest('/user/@me').catch(() => {})
    expect(expired).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('does not end the session on the login call’s 401 (wrong password)', async () => {
    startSession('tok-4', demoUser)
    const expired = vi.fn()
    const unsubscribe = onSessionExpired(expired)
    fetchMock.mockReturnValueOnce(answer(401, { success: false, code: 'BAD_CREDENTIALS', message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' }))
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, redirectOn401: false })).rejects.toMatchObject({
      serverMessage: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    })
    expect(expired).not.toHaveBeenCalled()
    expect(getSession().token).toBe('tok-4')
    unsubscribe()
  })

  it('gives up after 10 s', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const call = apiRequest('/games/providers').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1)
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(call).resolves.toMatchObject({ code: 'TIMEOUT' })
  })

  it('reports a network failure and a non-JSON answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 'NETWORK' })
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }))
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 'BAD_RESPONSE', status: 502 })
  })

  it('a body cut off while downloading (page left, network lost) is a network failure with no status, not a bad answer', async () => {
    // Headers arrived with 200, then the body stream broke: the home page logs out on a bad answer with a status,
    // so this must not look like one.
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":tr'))
        controller.error(new TypeError('network error'))
      },
    })
    fetchMock.mockResolvedValueOnce(new Response(broken, { status: 200 }))
    await expect(apiRequest('/user/@me')).rejects.toMatchObject({ code: 'NETWORK', status: 0 })
  })

  it('a body that stalls past 10 s is a timeout', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation((_url, init) => {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
        },
      })
      return Promise.resolve(new Response(stalled, { status: 200 }))
    })
    const call = apiRequest('/user/@me').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS)
    await expect(call).resolves.toMatchObject({ code: 'TIMEOUT', status: 0 })
  })
})
