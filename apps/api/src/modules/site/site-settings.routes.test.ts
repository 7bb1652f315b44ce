import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { OPERATOR_PERMISSIONS, type OperatorRole, type SiteSettingsInput } from '@sanam/contract'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { signInOperator } from '../../../test/operators.ts'
import { auditLog } from '../../db/schema.ts'

// Issue 20 §3: the site settings editor. Whoever holds 'site.manage' saves every setting at once; a theme whose text
// the player app could not show at WCAG AA is refused with the ratio; images are only Sanam's own /media files; each
// save is audited with before and after, and reaches every process within the metadata cache's few seconds.

const t = useTestApp()
const CACHE_MS = 5000

/** An image Sanam stores: the address the editor picks it by. */
async function storedImage(name: string): Promise<string> {
  const [url] = await t.services.site.storeDrawnImages([
    { path: `uploads/${name}.svg`, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${name}</text></svg>` },
  ])
  return url!
}

async function currentSettings(token: string) {
  const res = await t.get('/api/backoffice/site', token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

/** The editor's body from the settings it loaded, with `change` applied. */
async function bodyWith(token: string, change: Partial<SiteSettingsInput> = {}): Promise<SiteSettingsInput> {
  const { updated_at: _updatedAt, theme, ...settings } = await currentSettings(token)
  return { ...settings, theme: { primary: theme.primary, background: theme.background }, ...change }
}

const save = (token: string, body: unknown) => t.request('POST', '/api/backoffice/site', { token, payload: body as object })

describe('who may edit the site', () => {
  it.each(['owner', 'finance', 'support'] as OperatorRole[])('%s: as the role table says', async (role) => {
    const { token } = await signInOperator(t, role)
    const allowed = (OPERATOR_PERMISSIONS['site.manage'] as readonly OperatorRole[]).includes(role)
    const read = await t.get('/api/backoffice/site', token)
    expect(read.statusCode).toBe(allowed ? 200 : 403)
    const admin = await signInOperator(t, 'owner')
    const res = await save(token, await bodyWith(admin.token, { title: `Sanam ${role}` }))
    expect(res.statusCode).toBe(allowed ? 200 : 403)
    if (!allowed) expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์ทำรายการนี้' })
  })
})

describe('saving the site settings', () => {
  it('saves every field, shows it in the metadata at once, and audits before and after', async () => {
    const owner = await signInOperator(t, 'owner')
    const before = await currentSettings(owner.token)
    const logo = await storedImage('logo-a')
    const slide = await storedImage('slide-a')
    const body = await bodyWith(owner.token, {
      title: 'สนามใหม่',
      description: 'คำอธิบายใหม่ของเว็บไซต์',
      theme: { primary: '#1D4ED8', background: '#05070F' },
      image: { logo, favicon: before.image.favicon },
      contact: { line: 'https://line.me/R/ti/p/@sanam-new' },
      responsible_play: { help_url: 'https://www.gamblingtherapy.org/th/' },
      terms_url: 'https://sanam.example/terms',
      slides: [slide, ...before.slides.slice(0, 1)],
    })
    const res = await save(owner.token, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('บันทึกการตั้งค่าเว็บไซต์แล้ว ผู้เล่นจะเห็นการเปลี่ยนแปลงเมื่อเปิดหน้าเว็บครั้งถัดไป')
    // The text on the (dark) blue buttons is white: the derived colour the player app draws with.
    const expected = { ...body, theme: { primary: '#1d4ed8', background: '#05070f', on_primary: '#ffffff' } }
    expect(res.json().data).toMatchObject(expected)

    // This process's cache was cleared by the save: the player app's next load has the new look.
    expect((await t.get('/api/site/metadata')).json().data).toEqual(expected)

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.update'), eq(auditLog.operatorId, owner.id)))
      .orderBy(desc(auditLog.id))
      .limit(1)
    const { updated_at: _updatedAt, ...beforeMetadata } = before
    expect(entry).toMatchObject({ targetType: 'site', targetId: '1', before: beforeMetadata, after: expected })
  })

  it('accepts no responsible-play link (null) and reorders and removes slides', async () => {
    const owner = await signInOperator(t, 'owner')
    const [a, b, c] = [await storedImage('order-a'), await storedImage('order-b'), await storedImage('order-c')]
    expect((await save(owner.token, await bodyWith(owner.token, { slides: [a, b, c] }))).statusCode).toBe(200)
    const res = await save(owner.token, await bodyWith(owner.token, { slides: [c, a], responsible_play: { help_url: null } }))
    expect(res.statusCode, res.body).toBe(200)
    expect((await t.get('/api/site/metadata')).json().data).toMatchObject({ slides: [c, a], responsible_play: { help_url: null } })
  })
})

describe('refused settings change nothing', () => {
  const refusals: Array<[string, Partial<SiteSettingsInput> | Record<string, unknown>, RegExp]> = [
    ['a logo on another site', { image: { logo: 'https://evil.example.com/logo.png', favicon: '/media/site/favicon.svg' } }, /\/media\//],
    ['a slide outside /media', { slides: ['/api/backoffice/site'] }, /\/media\//],
    ['a path climbing out of /media', { slides: ['/media/../etc/passwd'] }, /\/media\//],
    ['a slide twice', { slides: ['/media/site/slide-welcome.svg', '/media/site/slide-welcome.svg'] }, /ซ้ำ/],
    ['eleven slides', { slides: Array.from({ length: 11 }, (_, i) => `/media/site/s${i}.svg`) }, /ไม่เกิน 10 รูป/],
    ['a media file that is not stored', { slides: ['/media/uploads/never-uploaded.png'] }, /ไม่พบรูปภาพ/],
    ['a colour name', { theme: { primary: 'gold', background: '#0b0b14' } }, /สีหลักต้องเป็นรหัสสีแบบ #RRGGBB/],
    ['a short hex colour', { theme: { primary: '#d4af37', background: '#000' } }, /สีพื้นหลังต้องเป็นรหัสสีแบบ #RRGGBB/],
    ['a contact link over http', { contact: { line: 'http://line.me/R/ti/p/@x' } }, /ลิงก์ติดต่อ/],
    ['a javascript: help link', { responsible_play: { help_url: 'javascript:alert(1)' } }, /เล่นอย่างรับผิดชอบ/],
    ['a plain-http terms link', { terms_url: 'http://sanam.example/terms' }, /ข้อกำหนดและเงื่อนไข/],
    ['an empty title', { title: '   ' }, /ชื่อเว็บไซต์/],
    ['markup in the title', { title: '<script>x</script>' }, /ชื่อเว็บไซต์/],
    ['a field the editor does not have', { theme_css: 'body{}' }, /ระบบไม่รู้จัก/],
  ]

  it.each(refusals)('%s', async (_name, change, message) => {
    const owner = await signInOperator(t, 'owner')
    const before = await currentSettings(owner.token)
    const res = await save(owner.token, await bodyWith(owner.token, change as Partial<SiteSettingsInput>))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect(res.json().message).toMatch(message)
    expect(await currentSettings(owner.token)).toEqual(before)
  })

  it('refuses a theme below WCAG AA for the text the player app draws, with the ratio in Thai', async () => {
    const owner = await signInOperator(t, 'owner')
    const before = await currentSettings(owner.token)
    // Mid grey behind the player app's light text: 3.1:1.
    const grey = await save(owner.token, await bodyWith(owner.token, { theme: { primary: '#d4af37', background: '#888888' } }))
    expect(grey.statusCode).toBe(400)
    expect(grey.json().message).toBe('ตัวอักษรรองบนสีพื้นหลัง: อัตราส่วนคอนทราสต์ 1.7:1 ต่ำกว่า 4.5:1')
    expect(grey.json().errors).toContainEqual({ path: 'theme.background', message: 'ตัวอักษรบนสีพื้นหลัง: อัตราส่วนคอนทราสต์ 3.1:1 ต่ำกว่า 4.5:1' })
    // A mid-tone primary: neither dark nor white text on its buttons reaches 4.5:1.
    const button = await save(owner.token, await bodyWith(owner.token, { theme: { primary: '#777777', background: '#0b0b14' } }))
    expect(button.statusCode).toBe(400)
    expect(button.json().message).toBe('ตัวอักษรบนปุ่มสีหลัก: อัตราส่วนคอนทราสต์ 4.4:1 ต่ำกว่า 4.5:1')
    expect(button.json().errors[0].path).toBe('theme.primary')
    expect(await currentSettings(owner.token)).toEqual(before)
  })
})

describe('a change in another process', () => {
  it('is served by a second app on the same database once its few seconds of cache have passed', async () => {
    const other = await buildTestApp({ sharing: t.database })
    try {
      const owner = await signInOperator(t, 'owner')
      const seen = (await other.get('/api/site/metadata')).json().data
      const title = `Sanam ${seen.title.length}`
      expect((await save(owner.token, await bodyWith(owner.token, { title, theme: { primary: '#e0457b', background: '#120810' } }))).statusCode).toBe(200)

      // The other process still answers from its cache for its few seconds...
      other.clock.advance(CACHE_MS)
      expect((await other.get('/api/site/metadata')).json().data.title).toBe(seen.title)
      // ...and reads the new settings once it expires.
      other.clock.advance(1)
      expect((await other.get('/api/site/metadata')).json().data).toMatchObject({ title, theme: { primary: '#e0457b', background: '#120810' } })
    } finally {
      await other.close()
    }
  })
})

describe('the web app manifest (issue 21 §5)', () => {
  it('names, colours and gives the icon of the installed app as the settings say, from the moment they are saved', async () => {
    const owner = await signInOperator(t, 'owner')
    // A PNG icon whose header says 192×192: an uploaded picture declares the size read from its bytes.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    png.writeUInt32BE(192, 16)
    png.writeUInt32BE(192, 20)
    const upload = await t.request('POST', '/api/backoffice/media', { token: owner.token, payload: png, headers: { 'content-type': 'image/png' } })
    expect(upload.statusCode, upload.body).toBe(200)
    const favicon: string = upload.json().data.url
    const before = await currentSettings(owner.token)
    const saved = await save(
      owner.token,
      await bodyWith(owner.token, { title: 'สนามแอป', theme: { primary: '#1D4ED8', background: '#05070F' }, image: { logo: before.image.logo, favicon } }),
    )
    expect(saved.statusCode, saved.body).toBe(200)

    const res = await t.get('/manifest.webmanifest')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/manifest+json')
    expect(res.json()).toMatchObject({
      name: 'สนามแอป',
      short_name: 'สนามแอป',
      theme_color: '#05070f',
      background_color: '#05070f',
      start_url: '/',
      display: 'standalone',
      lang: 'th',
    })
    expect(res.json().icons).toEqual([
      { src: favicon, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: before.image.logo, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ])
  })
})
