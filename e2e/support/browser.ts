import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'
import { expect } from 'vitest'
import { chromiumPath, isHeadlessShell } from '../../scripts/test-env.mjs'
import { repoRoot } from './server.ts'

const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts')

/**
 * A name for this machine that is not localhost: a page opened under it is not a secure context (plain http), like a
 * phone on the office Wi-Fi trying a test server. Chromium resolves it to loopback, so nothing leaves the machine.
 */
export const LAN_HOST = 'lan.sanam.test'

/** A name for the back-office's own origin (BACKOFFICE_ORIGIN, ADR 067), resolved to loopback like {@link LAN_HOST}. */
export const DESK_HOST = 'desk.sanam.test'

/** `baseUrl` (a loopback server) under {@link LAN_HOST}. */
export const lanUrl = (baseUrl: string): string => {
  const url = new URL(baseUrl)
  url.hostname = LAN_HOST
  return url.origin
}

/**
 * A fontconfig set-up that is the machine's own minus every font that covers Thai: a phone or PC without a Thai
 * system font, where only what a page or an image brings itself can draw Thai.
 */
async function withoutThaiSystemFonts(): Promise<Record<string, string>> {
  const file = path.join(tmpdir(), 'sanam-e2e-fonts-without-thai.conf')
  await writeFile(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="lang"><string>th</string></patelt></pattern></rejectfont></selectfont>
</fontconfig>
`,
  )
  return { ...(process.env as Record<string, string>), FONTCONFIG_FILE: file }
}

/**
 * The Chromium `npm test` found or installed (CHROME_PATH, else the system's, else Playwright's cache: see
 * scripts/test-env.mjs); nothing is downloaded here. `thaiSystemFonts: false` hides the machine's Thai fonts from it.
 */
export async function launchBrowser({ thaiSystemFonts = true }: { thaiSystemFonts?: boolean } = {}): Promise<Browser> {
  return chromium.launch(await launchOptions(thaiSystemFonts))
}

async function launchOptions(thaiSystemFonts: boolean) {
  const executablePath = chromiumPath()
  return {
    executablePath,
    ...(thaiSystemFonts ? {} : { env: await withoutThaiSystemFonts() }),
    args: [
      // A full Chromium runs its new headless mode; a headless shell has only the one.
      ...(isHeadlessShell(executablePath) ? [] : ['--headless=new']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1,MAP ${DESK_HOST} 127.0.0.1`,
    ],
  }
}

const phone = (baseURL: string) =>
  ({
    baseURL,
    viewport: { width: 390, height: 844 },
    // One device pixel to a CSS pixel: the layout a phone shows is in CSS pixels and no spec reads the density, while
    // drawing four times the pixels cost the phone specs about 15 % more CPU on CI's two cores (ADR 053).
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  }) as const

/**
 * A phone-sized context in Thai and Bangkok time: the player app is mobile-first and its players are in Thailand.
 * Its pages register no service worker: a worker would fetch the whole app shell in the background of every new
 * context on a small CI machine, and serve later navigations where `page.route` cannot see them. The installed-app
 * spec opens `newInstalledPhone` instead.
 */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...phone(baseURL), serviceWorkers: 'block' })
}

/**
 * A phone that keeps what the app stores, as one with the app installed: a profile of its own on disk (Chromium does
 * not offer installation in an incognito context, which `browser.newContext` is) with service workers. Closing the
 * context closes its browser; `profile` is the folder to remove afterwards.
 */
export async function newInstalledPhone(baseURL: string, profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, { ...(await launchOptions(true)), ...phone(baseURL), serviceWorkers: 'allow' })
}

/** A desktop context, for the back-office. */
export function newDesktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' })
}

/** Waits for the page's finite animations (a sheet sliding in, a fade) so a screenshot shows the settled screen. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Waits until the browser has rendered two more frames: what reacts to a scroll or a click at rendering time (an
 * IntersectionObserver, a style change starting a transition) has run. A condition, never a fixed time.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

/**
 * Follows the page's calls to the API (attach before the page loads), so a test can wait until every call it made
 * has been answered and handled (`settled`), instead of waiting some time for what might still come.
 */
export function trackApiCalls(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<Request>()
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) inFlight.add(request)
  })
  const done = (request: Request) => inFlight.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    async settled() {
      await expect.poll(() => inFlight.size, { timeout: 10_000, interval: 50 }).toBe(0)
      // The answers' handlers run in the page after the bytes arrived.
      await nextFrames(page)
    },
  }
}

/** Saves a full-page screenshot as e2e/artifacts/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true })
  await settle(page)
  const file = path.join(artifactsDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/**
 * A viewport-sized screenshot (how the phone shows it, fixed bottom bar included), after checking that nothing
 * sticks out sideways, which a phone shows as a page that wobbles left and right.
 */
export async function viewShot(page: Page, name: string): Promise<string> {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }))
  if (widths.document > widths.viewport) throw new Error(`${name} scrolls sideways (${widths.document} > ${widths.viewport} px)`)
  await mkdir(artifactsDir, { recursive: true })
  await settle(page)
  const file = path.join(artifactsDir, `${name}.png`)
  await page.screenshot({ path: file })
  return file
}
