import type { SiteMetadata } from '@sanam/contract'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { seriousAxeViolations } from './support/page.ts'
import { DEMO } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

/** The theme the page is drawn with: the custom properties the site's metadata sets (ADR 045). */
function themeOf(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement)
    return {
      primary: style.getPropertyValue('--primary').trim(),
      background: style.getPropertyValue('--background').trim(),
      on_primary: style.getPropertyValue('--on-primary').trim(),
    }
  })
}

describe('player shell and back-office placeholder', () => {
  const suite = useBrowserSuite()
  let metadata: SiteMetadata

  beforeAll(async () => {
    const response = await fetch(`${suite.baseUrl}/api/site/metadata`)
    metadata = ((await response.json()) as { data: SiteMetadata }).data
  })

  /** A fresh phone page that fails the test on any script error or console error. */
  const openPhonePage = (player?: typeof DEMO) => suite.phone({ strictConsole: true, player })

  it('a visitor lands on the login page: site logo, title, description, favicon and theme from metadata, in Kanit', async () => {
    const { page, problems } = await openPhonePage()
    // The metadata comes inside the page (ADR 012): no separate call before the first screen.
    const metadataCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/site/metadata')) metadataCalls.push(request.url())
    })
    await page.goto('/')
    await page.waitForFunction(() => window.location.pathname === '/login', null, { polling: 100 })

    const logo = page.getByRole('img', { name: metadata.title })
    await logo.waitFor()
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img.site-logo')
      return image?.complete === true && image.naturalWidth > 0
    })
    expect(await logo.getAttribute('src')).toBe(metadata.image.logo)

    await page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' }).waitFor()
    expect(await page.title()).toBe(metadata.title)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(metadata.description)
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(metadata.image.favicon)

    const theme = await themeOf(page)
    expect(theme).toEqual(metadata.theme)

    const fonts = await page.evaluate(async () => {
      await document.fonts.ready
      return { family: getComputedStyle(document.body).fontFamily, thaiLoaded: document.fonts.check('16px Kanit', 'สนาม') }
    })
    expect(fonts.family).toMatch(/^"?Kanit"?,/)
    expect(fonts.thaiLoaded).toBe(true)

    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    await page.getByRole('link', { name: 'สมัครสมาชิก' }).waitFor()
    await shot(page, 'home-phone')
    expect(metadataCalls).toEqual([])
    expect(problems).toEqual([])
  })

  it('login and register link to each other inside the layout', async () => {
    const { page, problems } = await openPhonePage()
    await page.goto('/login')

    await page.getByRole('link', { name: 'สมัครสมาชิก' }).click()
    await page.waitForURL('**/register')
    await page.getByRole('heading', { level: 1, name: 'สมัครสมาชิก' }).waitFor()
    await page.getByRole('link', { name: 'เข้าสู่ระบบ' }).click()
    await page.waitForURL('**/login')
    await page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' }).waitFor()
    expect(problems).toEqual([])
  })

  it('keeps the content column at most 480 px wide and centred on a wide screen', async () => {
    const { page } = await openPhonePage()
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.goto('/login')
    await page.getByRole('img', { name: metadata.title }).waitFor()

    const box = await page.getByRole('main').boundingBox()
    expect(box).not.toBeNull()
    expect(box!.width).toBeLessThanOrEqual(480)
    expect(Math.abs(box!.x - (1024 - box!.width) / 2)).toBeLessThanOrEqual(1)
    const bar = await page.getByRole('navigation').boundingBox()
    expect(bar!.width).toBeLessThanOrEqual(480)
    await shot(page, 'home-1024')
  })

  it('shows a logged-in player the under-maintenance page for an unknown path, with a way home', async () => {
    const { page, problems } = await openPhonePage(DEMO)
    await page.goto('/no-such-page')

    await page.getByText('หน้านี้อยู่ระหว่างการปรับปรุง').waitFor()
    await shot(page, 'maintenance-phone')

    await page.getByRole('link', { name: 'กลับหน้าหลัก' }).click()
    await page.waitForFunction(() => window.location.pathname === '/', null, { polling: 100 })
    await page
      .getByRole('button', { name: 'ฝากเงิน', exact: true })
      .or(page.getByRole('link', { name: 'ฝากเงิน', exact: true }))
      .waitFor()
    expect(problems).toEqual([])
  })

  it('says the metadata could not be loaded and keeps the default theme', async () => {
    const { page } = await openPhonePage()
    // A page sent without the metadata in it (the server could not read it) makes the app call for it; that fails too.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const html = (await response.text()).replace(/<script id="site-metadata"[^>]*>.*?<\/script>/s, '')
      return route.fulfill({ response, body: html })
    })
    await page.route('**/api/site/metadata', (route) => route.abort())
    await page.goto('/')

    await page.getByText('เกิดข้อผิดพลาดในการดึงข้อมูล').waitFor()
    const theme = await themeOf(page)
    expect(theme).toEqual({ primary: '#d4af37', background: '#0b0b14', on_primary: '#17130a' })
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    await shot(page, 'metadata-error-phone')
  })

  it('serves the back-office at /backoffice/, starting at its sign-in page', async () => {
    const { page } = await suite.desktop()
    await page.goto('/backoffice/')

    await page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/backoffice/login')
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
    expect(fontFamily).toMatch(/^"?Kanit"?,/)
    await shot(page, 'backoffice-desktop')
  })
  it('the axe scan every screen gets finds a serious violation on the page and in a frame of its origin, and scans the same page again', async () => {
    const { page } = await openPhonePage()
    await page.goto('/')
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    // An image without a text alternative in the page, and a button without a name in a frame of the same origin.
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.id = 'no-alt'
      image.src = '/media/site/logo.svg'
      document.body.append(image)
      const frame = document.createElement('iframe')
      frame.id = 'same-origin'
      frame.title = 'frame'
      frame.srcdoc = '<!doctype html><html lang="th"><title>frame</title><button id="unnamed"></button></html>'
      document.body.append(frame)
    })
    await expect.poll(() => page.frames().length).toBe(2)
    await page.frames()[1]!.locator('#unnamed').waitFor({ state: 'attached' })
    const found = await seriousAxeViolations(page)
    expect(found).toContainEqual(expect.stringMatching(/^image-alt: #no-alt/))
    expect(found).toContainEqual(expect.stringMatching(/^button-name: #same-origin #unnamed/))
    await page.evaluate(() => document.querySelectorAll('#no-alt, #same-origin').forEach((element) => element.remove()))
    expect(await seriousAxeViolations(page)).toEqual([])
  })
})
