// Issue 21 §7: on a phone or PC without a Thai system font, the Thai drawn inside Sanam's generated images (the logo's
// tagline, the slides, the promotion banners) showed as boxes. The images now carry Kanit for the characters they
// draw (apps/api/src/modules/site/site-images.ts). Here a Chromium that sees none of the machine's Thai fonts draws
// each image exactly as one that sees them all; the same image without its embedded font draws differently there,
// which shows that Chromium really has no Thai font to fall back on. Screenshots of the lobby on it, looked at.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPhoneContext, viewShot } from './support/browser.ts'
import { atPath, expectAccessible, settleImages } from './support/page.ts'
import { DEMO, registerPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ thaiSystemFonts: false })
let withThaiFonts: Browser

beforeAll(async () => {
  withThaiFonts = await launchBrowser()
})
afterAll(async () => {
  await withThaiFonts?.close()
})

/** The pixels `browser` draws for the image at `src` (an address on the server, or a data: URI) in an <img>. */
async function drawn(browser: Browser, src: string): Promise<Buffer> {
  const context = await newPhoneContext(browser, suite.baseUrl)
  try {
    const page = await context.newPage()
    // A page of the server's own first: its images are for its own pages only (Cross-Origin-Resource-Policy).
    await page.goto('/api/games/providers')
    await page.setContent(`<body style="margin:0;background:#000"><img alt="" src="${src}"></body>`)
    await settleImages(page, { loaded: true })
    return await page.locator('img').screenshot()
  } finally {
    await context.close()
  }
}

const IMAGES = ['/media/site/logo.svg', '/media/site/slide-welcome.svg', '/media/site/slide-responsible.svg', '/media/promotions/demo-1.svg']

describe('Thai in the generated images, on a machine without Thai fonts', () => {
  it('draws each image exactly as a machine with Thai fonts does', { timeout: 120_000 }, async () => {
    const bare = await suite.browser()
    for (const image of IMAGES) {
      const src = new URL(image, suite.baseUrl).href
      expect((await drawn(bare, src)).equals(await drawn(withThaiFonts, src)), `${image} draws differently without Thai system fonts`).toBe(true)
    }
  })

  it('would not without the embedded font: the same slide without it differs there (the machine has no Thai font)', { timeout: 120_000 }, async () => {
    const svg = await (await fetch(new URL('/media/site/slide-welcome.svg', suite.baseUrl))).text()
    expect(svg).toContain('@font-face')
    const plain = svg.replace(/<style>[^<]*<\/style>/, '').replace(/font-family="'Sanam Kanit', /g, 'font-family="')
    const src = `data:image/svg+xml;base64,${Buffer.from(plain).toString('base64')}`
    expect((await drawn(await suite.browser(), src)).equals(await drawn(withThaiFonts, src))).toBe(false)
  })

  it('shows the lobby with its logo and slides readable', { timeout: 120_000 }, async () => {
    const { page, problems } = await suite.phone({ player: DEMO })
    await page.goto('/')
    await page.getByTestId('balance').waitFor()
    // The carousel's logo and slides are the generated images with Thai in them: each drawn before the screenshot.
    await settleImages(page, { selector: '.banner img', loaded: true })
    await viewShot(page, 'player-lobby-without-thai-system-fonts')
    expect(problems).toEqual([])
  })

  it('shows the responsible-play page (limits, reminder, time-out) in the app’s own Kanit, reached by tapping', { timeout: 120_000 }, async () => {
    const { page, problems } = await suite.phone({ player: await registerPlayer(suite.baseUrl) })
    await page.goto('/history')
    await page.getByTestId('responsible-play-link').tap()
    await atPath(page, '/responsible-play')
    await page.getByRole('heading', { level: 1, name: 'เล่นอย่างรับผิดชอบ' }).waitFor()
    await page.evaluate(() => document.fonts.ready)
    // The page's Thai is drawn with the Kanit the app bundles, not a system font this machine does not have.
    const drawnWith = await page.evaluate(() => ({
      family: getComputedStyle(document.querySelector('h1')!).fontFamily,
      loaded: [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Kanit' && face.status === 'loaded' && /U\+0?E01/i.test(face.unicodeRange)),
    }))
    expect(drawnWith.family).toMatch(/^"?Kanit/)
    expect(drawnWith.loaded).toBe(true)
    await expectAccessible(page, 'responsible play, no Thai system fonts')
    await viewShot(page, 'player-responsible-play-without-thai-system-fonts')
    expect(problems).toEqual([])
  })
})
