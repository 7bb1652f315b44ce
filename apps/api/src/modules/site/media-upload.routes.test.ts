import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { msg } from '@sanam/contract'
import { useTestApp } from '../../../test/app.ts'
import { signInOperator } from '../../../test/operators.ts'
import { auditLog, media } from '../../db/schema.ts'

// Issue 20: every image field an operator edits takes a file uploaded here, stored and served by Sanam itself.

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
/** The 1×1 PNG with its header saying 10000×10000: what a decompression bomb looks like from the outside. */
const PNG_HUGE = Buffer.from(PNG_1X1)
PNG_HUGE.writeUInt32BE(10_000, 16)
PNG_HUGE.writeUInt32BE(10_000, 20)

const t = useTestApp()
const upload = (body: Buffer | string, contentType: string, token?: string) =>
  t.request('POST', '/api/backoffice/media', { token, payload: body, headers: { 'content-type': contentType } })

describe('an operator uploads an image', () => {
  it('is stored under the hash of its bytes, served by Sanam under /media, and audited', async () => {
    const support = await signInOperator(t, 'support')
    const res = await upload(PNG_1X1, 'image/png', support.token)
    expect(res.statusCode).toBe(200)
    const image = t.json<{ data: { url: string; content_type: string; bytes: number; width: number; height: number } }>(res).data
    expect(image).toMatchObject({ content_type: 'image/png', bytes: PNG_1X1.length, width: 1, height: 1 })
    expect(image.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/)

    const served = await t.get(image.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true)

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'media.upload'))
    expect(audit).toMatchObject({ operatorId: support.id, targetId: image.url.slice('/media/'.length) })

    // The same file again (another operator, another field) is the same URL: nothing stored twice.
    const finance = await signInOperator(t, 'finance')
    expect(t.json<{ data: { url: string } }>(await upload(PNG_1X1, 'image/png', finance.token)).data.url).toBe(image.url)
    const gif = t.json<{ data: { url: string } }>(await upload(GIF_1X1, 'image/gif', finance.token)).data
    expect(gif.url).toMatch(/\.gif$/)
  })

  it('refuses what is not a PNG, JPEG, WebP or GIF picture of sane size, with a Thai message, and stores nothing', async () => {
    const { token } = await signInOperator(t, 'support')
    const before = await t.db.$count(media)
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', token)
    expect(svg.statusCode).toBe(415)
    expect(t.json(svg).message).toBe(msg('IMAGE_TYPE_REFUSED'))

    const lying = await upload(PNG_1X1, 'image/gif', token)
    expect(lying.statusCode).toBe(400)
    expect(t.json(lying).message).toBe(msg('IMAGE_UNREADABLE'))
    expect((await upload(Buffer.from('not a picture at all'), 'image/png', token)).statusCode).toBe(400)
    expect((await upload(PNG_HUGE, 'image/png', token)).statusCode).toBe(400)

    const tooLarge = await upload(Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', token)
    expect(tooLarge.statusCode).toBe(413)
    expect(t.json(tooLarge).message).toBe(msg('IMAGE_TOO_LARGE'))

    const json = await t.request('POST', '/api/backoffice/media', { token, payload: { url: 'https://example.com/x.png' } })
    expect(json.statusCode).toBe(415)
    expect(await t.db.$count(media)).toBe(before)
  })

  it('needs a signed-in operator', async () => {
    const res = await upload(PNG_1X1, 'image/png')
    expect(res.statusCode).toBe(401)
  })
})
