// Issue 21 §7: on a phone or PC without a Thai system font, the Thai drawn inside Sanam's generated images (the logo's
// tagline, the slides, the promotion banners) showed as boxes. The images now carry Kanit for the characters they
// draw (apps/api/src/modules/site/site-images.ts). Here a Chromium that sees none of the machine's Thai fonts draws
// each image exactly as one that sees them all; the same image without its embedded font draws differently there,
// which shows that Chromium really has no Thai font to fall back on. Screenshots of the lobby on it, looked at.
// Issue 36 §5a: the demo provider's game pages load the same bundled Kanit, so their Thai reads there too.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPhoneContext, viewShot } from './support/browser.ts'
import { atPath, expectAccessible, settleImages } from './support/page.ts'
import { call } from './support/http.ts'
import { DEMO, deposit, loginToken, registerPlayer } from './support/player.ts'
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

  it('shows a demo game page, its loss-limit refusal included, in the app’s Kanit (issue 36 §5a)', { timeout: 120_000 }, async () => {
    // A player with money and a daily loss limit of 10 baht: a 50-baht bet is refused with the limit's Thai message.
    const player = await registerPlayer(suite.baseUrl)
    const token = await loginToken(suite.baseUrl, player)
    await deposit(suite.baseUrl, player.mobile, 100)
    expect((await call(suite.baseUrl, 'POST', '/api/responsible-play/limits', { token, body: { kind: 'LOSS_DAY', value: 10 } })).status).toBe(200)
    const launched = await call<{ url: string }>(suite.baseUrl, 'POST', '/api/portal/launch', {
      token,
      body: { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' },
    })
    const { page, problems } = await suite.phone()
    await page.goto(launched.body.data.url)
    await page.getByRole('button', { name: '฿50' }).tap()
    await page.locator('#play:not([disabled])').tap()
    const refusal = page.locator('#result', { hasText: 'เดิมพันนี้เกินวงเงินเสียรายวันที่คุณตั้งไว้' })
    await refusal.waitFor()
    await page.evaluate(() => document.fonts.ready)
    // The refusal and the page's headings are drawn with the Kanit the app bundles, served by this server.
    const drawnWith = await page.evaluate(() => ({
      refusal: getComputedStyle(document.getElementById('result')!).fontFamily,
      heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
      thaiLoaded: [...document.fonts].filter(
        (face) => face.family.replace(/"/g, '') === 'Kanit' && face.status === 'loaded' && /U\+0?E01/i.test(face.unicodeRange),
      ).length,
      fontsFrom: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => /\.(woff2?|css)$/.test(url.pathname))
        .map((url) => url.origin),
    }))
    expect(drawnWith.refusal).toMatch(/^"?Kanit/)
    expect(drawnWith.heading).toMatch(/^"?Kanit/)
    expect(drawnWith.thaiLoaded).toBeGreaterThan(0)
    expect(new Set(drawnWith.fontsFrom)).toEqual(new Set([new URL(suite.baseUrl).origin]))
    await expectAccessible(page, 'demo game, loss limit refused, no Thai system fonts')
    await viewShot(page, 'demo-loss-limit-without-thai-system-fonts')
    // The refusal is an answer the page shows, not a problem; nothing else went wrong.
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([])
  })
})
