import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR_PERMISSIONS, type OperatorRole, type SiteMetadata, type SiteSettingsInput } from '@sanam/contract'
import { buildTestApp, PRODUCTION_CONFIG, useTestApp } from '../../../test/app.ts'
import { signInOperator, type SignedInOperator } from '../../../test/operators.ts'
import { auditLog, operators } from '../../db/schema.ts'
import { SITE_METADATA_ELEMENT_ID } from '../../web-index.ts'

// Issue 20 §3: the site settings editor. Whoever holds 'site.manage' saves the form; a theme whose text the player
// app could not show at WCAG AA is refused with the ratio; images are only Sanam's own /media files; each change is
// audited with before and after, and reaches every process within the metadata cache's few seconds.
// Issue 34 §4 (ADR 068): what players read that can tell them where to send money (texts, logo, slides, links) waits
// for a second operator who decides money; the look (theme colours, favicon) applies at once.

// The built player app's page as the server finds it: players are also told the site's texts in index.html.
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sanam-site-'))
  await mkdir(path.join(dir, 'player'), { recursive: true })
  await writeFile(path.join(dir, 'player', 'index.html'), await readFile(new URL('../../../../player/index.html', import.meta.url), 'utf8'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})
// On a real-money install's settings (production mode), as the attack of issue 34 §4 was tried.
const t = useTestApp(() => ({ config: PRODUCTION_CONFIG, deps: { webApps: { player: path.join(dir, 'player') } } }))
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
  const { updated_at: _updatedAt, pending: _pending, history: _history, theme, ...settings } = await currentSettings(token)
  return { ...settings, theme: { primary: theme.primary, background: theme.background }, ...change }
}

const save = (token: string, body: unknown) => t.request('POST', '/api/backoffice/site', { token, payload: body as object })
const approve = (as: SignedInOperator, id: number) => t.post(`/api/backoffice/site/versions/${id}/approve`, undefined, as.token)
const reject = (as: SignedInOperator, id: number, reason = 'ไม่ถูกต้อง') => t.post(`/api/backoffice/site/versions/${id}/reject`, { reason }, as.token)

/** What a player is told: the metadata the app loads, the page the server sends (its title and block), the manifest. */
async function playerSees() {
  const metadata: SiteMetadata = (await t.get('/api/site/metadata')).json().data
  const html = (await t.get('/deposit')).body
  const block = new RegExp(`<script id="${SITE_METADATA_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html)
  const manifest = (await t.get('/manifest.webmanifest')).json()
  return { metadata, page: block ? (JSON.parse(block[1]!) as SiteMetadata) : undefined, manifestName: manifest.name as string }
}

/** Saves as `author` and applies the waiting change as a second, finance operator: what an approved save looks like. */
async function saveApproved(author: SignedInOperator, body: unknown) {
  const saved = await save(author.token, body)
  expect(saved.statusCode, saved.body).toBe(200)
  const pending = saved.json().data.pending
  if (!pending) return saved.json().data
  const applied = await approve(await signInOperator(t, 'finance'), pending.id)
  expect(applied.statusCode, applied.body).toBe(200)
  return applied.json().data
}

// Each test starts with no change waiting (one waits at a time): an owner withdraws what an earlier test left.
beforeEach(async () => {
  const owner = await signInOperator(t, 'owner')
  const { pending } = await currentSettings(owner.token)
  if (pending) expect((await reject(owner, pending.id, 'ล้างก่อนทดสอบ')).statusCode).toBe(200)
})

describe('who may edit the site', () => {
  it.each(['owner', 'finance', 'support'] as OperatorRole[])('%s: as the role table says', async (role) => {
    const { token } = await signInOperator(t, role)
    const allowed = (OPERATOR_PERMISSIONS['site.manage'] as readonly OperatorRole[]).includes(role)
    // Every role reads: the finance operator who applies a change reviews it on the same screen.
    const read = await t.get('/api/backoffice/site', token)
    expect(read.statusCode).toBe(200)
    const admin = await signInOperator(t, 'owner')
    const res = await save(token, await bodyWith(admin.token, { theme: { primary: role === 'owner' ? '#d4af37' : '#e0b84a', background: '#0b0b14' } }))
    expect(res.statusCode).toBe(allowed ? 200 : 403)
    if (!allowed) expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'ไม่มีสิทธิ์ทำรายการนี้' })
  })
})

describe('saving the site settings', () => {
  it('applies the look at once, every other field once a second operator approves it, audited before and after', async () => {
    const owner = await signInOperator(t, 'owner')
    const before = await currentSettings(owner.token)
    const { updated_at: _updatedAt, pending: _pending, history: _history, ...beforeMetadata } = before
    const logo = await storedImage('logo-a')
    const favicon = await storedImage('favicon-a')
    const slide = await storedImage('slide-a')
    const body = await bodyWith(owner.token, {
      title: 'สนามใหม่',
      description: 'คำอธิบายใหม่ของเว็บไซต์',
      theme: { primary: '#1D4ED8', background: '#05070F' },
      image: { logo, favicon },
      contact: { line: 'https://line.me/R/ti/p/@sanam-new' },
      responsible_play: { help_url: 'https://www.gamblingtherapy.org/th/' },
      terms_url: 'https://sanam.example/terms',
      slides: [slide, ...before.slides.slice(0, 1)],
    })
    const res = await save(owner.token, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('บันทึกแล้ว ข้อความ รูป และลิงก์ที่เปลี่ยนจะแสดงต่อผู้เล่นเมื่อผู้ใช้งานฝ่ายการเงินอีกคนอนุมัติ')
    // The text on the (dark) blue buttons is white: the derived colour the player app draws with.
    const look = { theme: { primary: '#1d4ed8', background: '#05070f', on_primary: '#ffffff' }, image: { logo: before.image.logo, favicon } }
    const content = {
      title: body.title,
      description: body.description,
      image: { logo },
      contact: body.contact,
      responsible_play: body.responsible_play,
      terms_url: body.terms_url,
      slides: body.slides,
    }
    expect(res.json().data).toMatchObject({
      ...beforeMetadata,
      ...look,
      pending: { status: 'PENDING', content, proposed_by: owner.username, decided_by: null },
    })

    // This process's cache was cleared by the save: the player app's next load has the new look, and nothing else.
    expect((await t.get('/api/site/metadata')).json().data).toEqual({ ...beforeMetadata, ...look })
    const [update] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.update'), eq(auditLog.operatorId, owner.id)))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(update).toMatchObject({ targetType: 'site', targetId: '1', before: beforeMetadata, after: { ...beforeMetadata, ...look } })

    const finance = await signInOperator(t, 'finance')
    const applied = await approve(finance, res.json().data.pending.id)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().message).toBe('อนุมัติแล้ว ผู้เล่นจะเห็นเนื้อหาใหม่เมื่อเปิดหน้าเว็บครั้งถัดไป')
    const expected = { ...body, theme: look.theme, image: { logo, favicon } }
    expect((await t.get('/api/site/metadata')).json().data).toEqual(expected)
    expect(applied.json().data).toMatchObject({ ...expected, pending: null })
    expect(applied.json().data.history[0]).toMatchObject({ status: 'APPLIED', content, decided_by: finance.username })
  })

  it('accepts no responsible-play link (null) and reorders and removes slides', async () => {
    const owner = await signInOperator(t, 'owner')
    const [a, b, c] = [await storedImage('order-a'), await storedImage('order-b'), await storedImage('order-c')]
    await saveApproved(owner, await bodyWith(owner.token, { slides: [a, b, c] }))
    await saveApproved(owner, await bodyWith(owner.token, { slides: [c, a], responsible_play: { help_url: null } }))
    expect((await t.get('/api/site/metadata')).json().data).toMatchObject({ slides: [c, a], responsible_play: { help_url: null } })
  })

  it('a save that changes nothing says so and proposes nothing', async () => {
    const support = await signInOperator(t, 'support')
    const res = await save(support.token, await bodyWith(support.token))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ message: 'ไม่มีการเปลี่ยนแปลง', data: { pending: null } })
  })
})

describe('what players are told about money is under two keys (issue 34 §4, ADR 068)', () => {
  it('one support operator alone changes the contact link, texts and slides: no player sees them until finance approves', async () => {
    const support = await signInOperator(t, 'support')
    const seen = await playerSees()
    const mule = await storedImage('mule-slide')
    const body = await bodyWith(support.token, {
      title: 'บัญชีใหม่ โอนที่นี่',
      description: 'บัญชีฝากเงินใหม่: กสิกร 123-4-56789 ชื่อ Attacker Mule',
      contact: { line: 'https://line.me/R/ti/p/@attacker-mule' },
      terms_url: 'https://mule.example/terms',
      slides: [mule, ...seen.metadata.slides],
    })
    const proposed = await save(support.token, body)
    expect(proposed.statusCode, proposed.body).toBe(200)
    const version = proposed.json().data.pending
    expect(version).toMatchObject({
      status: 'PENDING',
      proposed_by: support.username,
      proposed_by_id: support.id,
      content: { title: body.title, contact: body.contact },
    })

    // Players are told nothing new, on this process or after the cache's seconds: the app, the page, the manifest.
    expect(await playerSees()).toEqual(seen)
    t.clock.advance(CACHE_MS + 1)
    expect(await playerSees()).toEqual(seen)

    // The author cannot apply it (nor can any role that does not decide money), and the same person never can: a
    // support operator made finance afterwards is still the author.
    expect((await approve(support, version.id)).statusCode).toBe(403)
    expect((await approve(await signInOperator(t, 'owner'), version.id)).statusCode).toBe(403)
    expect((await approve(await signInOperator(t, 'support'), version.id)).statusCode).toBe(403)
    await t.db.update(operators).set({ role: 'finance' }).where(eq(operators.id, support.id))
    const promoted = await signInOperator(t, 'finance', { username: support.username })
    const own = await approve(promoted, version.id)
    expect(own.statusCode).toBe(409)
    expect(own.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    t.clock.advance(CACHE_MS + 1)
    expect(await playerSees()).toEqual(seen)

    // A second operator who decides money applies it: every player's next load tells the new content.
    const finance = await signInOperator(t, 'finance')
    const applied = await approve(finance, version.id)
    expect(applied.statusCode, applied.body).toBe(200)
    const now = await playerSees()
    expect(now.metadata).toMatchObject({
      title: body.title,
      description: body.description,
      contact: body.contact,
      terms_url: body.terms_url,
      slides: body.slides,
    })
    expect(now.page).toEqual(now.metadata)
    expect(now.manifestName).toBe(body.title)
    // Decided once: a second approval or a rejection now is refused.
    expect((await approve(await signInOperator(t, 'finance'), version.id)).statusCode).toBe(409)
    expect((await reject(finance, version.id)).statusCode).toBe(409)
    expect((await approve(finance, 999_999)).statusCode).toBe(404)

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(version.id)))
      .orderBy(auditLog.id)
    const { updated_at: _u, pending: _p, history: _h, ...publishedBefore } = { ...seen.metadata, updated_at: '', pending: null, history: [] }
    expect(entries.filter((e) => e.targetType === 'site_content_version')).toMatchObject([
      {
        action: 'site.propose',
        operatorId: support.id,
        before: { title: seen.metadata.title, contact: seen.metadata.contact, slides: seen.metadata.slides },
        after: { version: version.id, status: 'PENDING', title: body.title, contact: body.contact, slides: body.slides },
      },
      { action: 'site.apply', operatorId: finance.id, before: publishedBefore, after: { version: version.id, ...now.metadata } },
    ])
  })

  it('a rejected change never reaches players, and cannot be applied afterwards', async () => {
    const support = await signInOperator(t, 'support')
    const seen = await playerSees()
    const proposed = await save(support.token, await bodyWith(support.token, { contact: { line: 'https://line.me/R/ti/p/@rejected' } }))
    const id: number = proposed.json().data.pending.id
    const finance = await signInOperator(t, 'finance')
    const rejected = await reject(finance, id, 'ลิงก์นี้ไม่ใช่ของเรา')
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json().message).toBe('ปฏิเสธการเปลี่ยนแปลงแล้ว')
    expect(rejected.json().data.pending).toBeNull()
    expect(rejected.json().data.history[0]).toMatchObject({ id, status: 'REJECTED', reject_reason: 'ลิงก์นี้ไม่ใช่ของเรา', decided_by: finance.username })
    expect((await approve(await signInOperator(t, 'finance'), id)).statusCode).toBe(409)
    t.clock.advance(CACHE_MS + 1)
    expect(await playerSees()).toEqual(seen)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.reject'), eq(auditLog.targetId, String(id))))
    expect(entry).toMatchObject({
      operatorId: finance.id,
      before: { status: 'PENDING', contact: { line: 'https://line.me/R/ti/p/@rejected' } },
      after: { status: 'REJECTED', reason: 'ลิงก์นี้ไม่ใช่ของเรา' },
    })
    // A reason is required.
    const again = await save(support.token, await bodyWith(support.token, { title: 'อีกครั้ง' }))
    expect((await t.post(`/api/backoffice/site/versions/${again.json().data.pending.id}/reject`, {}, support.token)).statusCode).toBe(400)
  })

  it('the theme colours and the favicon still apply at once, while a change of content waits', async () => {
    const support = await signInOperator(t, 'support')
    const waiting = await save(support.token, await bodyWith(support.token, { title: 'รออนุมัติ' }))
    const pendingId: number = waiting.json().data.pending.id
    const favicon = await storedImage('favicon-b')
    const before = await currentSettings(support.token)
    const res = await save(
      support.token,
      await bodyWith(support.token, { theme: { primary: '#e0457b', background: '#120810' }, image: { logo: before.image.logo, favicon } }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('บันทึกการตั้งค่าเว็บไซต์แล้ว ผู้เล่นจะเห็นการเปลี่ยนแปลงเมื่อเปิดหน้าเว็บครั้งถัดไป')
    expect(res.json().data.pending.id).toBe(pendingId)
    const { metadata, page } = await playerSees()
    expect(metadata).toMatchObject({ title: before.title, theme: { primary: '#e0457b', background: '#120810' }, image: { favicon } })
    expect(page).toEqual(metadata)
  })

  it('a second change while one waits is refused whole: not even its look applies', async () => {
    const support = await signInOperator(t, 'support')
    expect((await save(support.token, await bodyWith(support.token, { title: 'ข้อเสนอแรก' }))).statusCode).toBe(200)
    const before = await currentSettings(support.token)
    const second = await save(support.token, await bodyWith(support.token, { title: 'ข้อเสนอที่สอง', theme: { primary: '#22c55e', background: '#0b0b14' } }))
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe('มีการเปลี่ยนแปลงข้อความ รูป หรือลิงก์ที่รออนุมัติอยู่แล้ว กรุณาอนุมัติหรือปฏิเสธก่อน')
    expect(await currentSettings(support.token)).toEqual(before)
  })

  it('turning a change down is for those who may propose or apply it; the reason is kept', async () => {
    const support = await signInOperator(t, 'support')
    const proposed = await save(support.token, await bodyWith(support.token, { title: 'ถอนเอง' }))
    const id: number = proposed.json().data.pending.id
    // Its author withdraws it.
    expect((await reject(support, id, 'พิมพ์ผิด')).statusCode).toBe(200)
    expect((await currentSettings(support.token)).history[0]).toMatchObject({ id, status: 'REJECTED', decided_by: support.username })
  })
})

describe('refused settings change nothing', () => {
  const refusals: Array<[string, Partial<SiteSettingsInput> | Record<string, unknown>, RegExp]> = [
    ['a logo on another site', { image: { logo: 'https://evil.example.com/logo.png', favicon: '/media/site/favicon.svg' } }, /ไม่ได้อัปโหลดผ่านหลังบ้าน/],
    ['a slide outside /media', { slides: ['/api/backoffice/site'] }, /ไม่ได้อัปโหลดผ่านหลังบ้าน/],
    ['a path climbing out of /media', { slides: ['/media/../etc/passwd'] }, /ไม่ได้อัปโหลดผ่านหลังบ้าน/],
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
      await saveApproved(owner, await bodyWith(owner.token, { title, theme: { primary: '#e0457b', background: '#120810' } }))

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
    await saveApproved(
      owner,
      await bodyWith(owner.token, { title: 'สนามแอป', theme: { primary: '#1D4ED8', background: '#05070F' }, image: { logo: before.image.logo, favicon } }),
    )

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
