import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SiteMetadata } from '@sanam/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { siteSettings } from './db/schema.ts'
import { SITE_METADATA_ELEMENT_ID } from './web-index.ts'

// The built player app as the server finds it: the real page template, with the script tag Vite's build puts in its
// place, served by the real app on a real database.
const TEMPLATE = (await readFile(new URL('../../player/index.html', import.meta.url), 'utf8')).replace(
  '<script type="module" src="/src/main.tsx"></script>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
)

let dir: string
let metadata: SiteMetadata

function inlineMetadata(html: string): unknown {
  const match = new RegExp(`<script id="${SITE_METADATA_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html)
  return match ? JSON.parse(match[1]!) : undefined
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sanam-web-'))
  await mkdir(path.join(dir, 'player', 'assets'), { recursive: true })
  await writeFile(path.join(dir, 'player', 'index.html'), TEMPLATE)
  await writeFile(path.join(dir, 'player', 'assets', 'index-abc123.js'), 'console.log(1)')
})
const t = useTestApp(() => ({ deps: { webApps: { player: path.join(dir, 'player') } } }))
beforeAll(async () => {
  metadata = t.json<{ data: SiteMetadata }>(await t.get('/api/site/metadata')).data
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the player app page', () => {
  it.each(['/', '/login', '/deposit?x=1'])('%s comes with the site metadata: title, description, favicon, logo preload and the metadata block', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const html = res.body
    expect(html).toContain(`<title>${metadata.title}</title>`)
    expect(html).toContain(`<meta name="description" content="${metadata.description}" />`)
    expect(html).toContain(`<link rel="icon" href="${metadata.image.favicon}" />`)
    expect(html).toContain(`<link rel="preload" as="image" href="${metadata.image.logo}" fetchpriority="high" />`)
    expect(html).toContain(`<meta name="theme-color" content="${metadata.theme.background}" />`)
    expect(inlineMetadata(html)).toEqual(metadata)
    // The app's own script is still there, after the metadata block the app reads at start.
    expect(html.indexOf('/assets/index-abc123.js')).toBeGreaterThan(0)
  })

  it('a metadata text cannot break out of the page: markup in the title is escaped and the JSON block stays whole', async () => {
    const hostile = `</script><script>alert(1)</script> "Sanam" & <b>`
    await t.db.update(siteSettings).set({ title: hostile, description: `a" onload="x` })
    t.clock.advance(10_000) // past the site service's metadata cache
    const html = (await t.get('/login')).body
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Sanam&quot; &amp; &lt;b&gt;</title>')
    expect(html).toContain('content="a&quot; onload=&quot;x"')
    expect((inlineMetadata(html) as SiteMetadata).title).toBe(hostile)
  })

  it("metadata text with $ patterns comes out unchanged (no String.replace substitution): $&, $1, $$, $' and $`", async () => {
    const title = "Win $& and $1, pay $$5 $' $` $<name>"
    const description = "โปร $& ฟรี $$ 100% $' end"
    await t.db.update(siteSettings).set({ title, description })
    t.clock.advance(10_000) // past the site service's metadata cache
    const html = (await t.get('/')).body
    expect(html).toContain(`<title>Win $&amp; and $1, pay $$5 $&#39; $\` $&lt;name&gt;</title>`)
    expect(html).toContain(`<meta name="description" content="โปร $&amp; ฟรี $$ 100% $&#39; end" />`)
    expect(inlineMetadata(html)).toMatchObject({ title, description })
    // The page around it is whole: one head, one title, the app's script once.
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/index-abc123\.js/g)).toHaveLength(1)
  })

  it('assets are still served as files, and /api paths still answer the JSON 404', async () => {
    const asset = await t.get('/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const api = await t.get('/api/no-such-call')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  it('never answers /metrics with the app page: without metrics configured it is the JSON 404 (ADR 051)', async () => {
    const metrics = await t.get('/metrics')
    expect(metrics.statusCode).toBe(404)
    expect(metrics.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  it('only the promotion preview may be framed, and only by Sanam itself; every other page by nobody', async () => {
    const preview = await t.get('/preview/promotion')
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN')
    for (const url of ['/', '/promotion', '/preview/promotion/x']) {
      const page = await t.get(url)
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(page.headers['x-frame-options'], url).toBe('DENY')
    }
  })
})
