import { describe, expect, it } from 'vitest'
import { SiteMetadata } from '@sanam/contract'
import { buildTestApp, useTestApp } from '../../../test/app.ts'

const t = useTestApp()

describe('GET /api/site/metadata', () => {
  it('answers the seeded metadata in the envelope, with images served locally', async () => {
    const res = await t.get('/api/site/metadata')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    const metadata = SiteMetadata.parse(body.data)
    expect(metadata.slides.length).toBeGreaterThan(0)
    for (const url of [metadata.image.logo, metadata.image.favicon, ...metadata.slides]) {
      expect(url.startsWith('/media/')).toBe(true)
      const image = await t.app.inject({ method: 'GET', url })
      expect(image.statusCode, url).toBe(200)
      expect(image.headers['content-type']).toBe('image/svg+xml')
      expect(image.body).toMatch(/^<svg /)
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(image.headers.etag) } })
      expect(again.statusCode).toBe(304)
    }
  })
})

describe('GET /api/health', () => {
  it('reports the database up', async () => {
    const res = await t.get('/api/health')
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', db: 'up' } })
  })
})

describe('the HTTP contract', () => {
  it('sets security headers and a request id on every answer, keeping a sane one the client sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } })
    expect(res.headers['x-request-id']).toBe('abc-123')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['referrer-policy']).toBe('no-referrer')

    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id with spaces <script>' } })
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers an unknown /api path with a JSON 404 in Thai', async () => {
    const res = await t.get('/api/no/such/thing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'ไม่พบข้อมูลที่ต้องการ' })
    expect((await t.get('/media/site/nope.svg')).statusCode).toBe(404)
  })

  /** A body of `type` sent as is to the login route: how the server takes what is not the JSON it expects. */
  const postToLogin = (type: string, payload: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': type }, payload })

  const tooLarge = { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'ข้อมูลมีขนาดใหญ่เกินไป' }
  const notJson = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'รองรับเฉพาะข้อมูลแบบ JSON เท่านั้น' }
  it.each([
    ['a body over 64 KiB', 'application/json', JSON.stringify({ mobile: '0812345678', password: 'x'.repeat(70 * 1024) }), tooLarge],
    ['text/plain bodies', 'text/plain', 'mobile=0812345678', notJson],
    ['application/x-www-form-urlencoded bodies', 'application/x-www-form-urlencoded', 'mobile=0812345678&password=x', notJson],
    ['multipart/form-data; boundary=x bodies', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--', notJson],
  ])('refuses %s with its status (413 too large, 415 not JSON)', async (_what, type, payload, { status, code, message }) => {
    const res = await postToLogin(type, payload)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({ success: false, code, message })
  })

  it.each([
    ['broken JSON', '{"mobile": '],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
  ])('answers %s with 400 and a Thai message', async (_name, payload) => {
    const res = await postToLogin('application/json', payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
  })

  it('never shows a stack trace: an unexpected failure is a plain 500', async () => {
    const broken = await buildTestApp()
    await broken.database.close()
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/site/metadata' })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง' })
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json()).toEqual({ success: false, data: { status: 'degraded', db: 'down' } })
    } finally {
      await broken.app.close()
    }
  })
})
