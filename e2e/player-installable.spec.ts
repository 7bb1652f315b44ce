// Issue 21 §5: the player app installs like an app. Chromium itself says whether it may be installed (what Lighthouse's
// former PWA category asked it; ADR 050); a returning player's lobby opens from the phone's own copy of the app shell,
// even with no network; nothing with money or personal data is kept there; a new deployment is offered by a prompt.
// The phone here keeps a profile on disk with service workers on (newInstalledPhone), as a phone with the app does.
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newInstalledPhone, viewShot } from './support/browser.ts'
import { atPath, expectAccessible } from './support/page.ts'
import { deposit, registerPlayer } from './support/player.ts'
import { repoRoot } from './support/server.ts'
import { useBrowserSuite, watchProblems } from './support/suite.ts'

const suite = useBrowserSuite()
let profile: string
let phone: BrowserContext

beforeAll(async () => {
  profile = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-installed-'))
  phone = await newInstalledPhone(suite.baseUrl, profile)
})
afterAll(async () => {
  await phone?.close()
  if (profile) await rm(profile, { recursive: true, force: true })
})

/**
 * Makes `page` a returning visit: the service worker is installed, and controls the page. A first visit installs it
 * but is not controlled by it (the app does not claim open pages), so that visit is loaded again.
 */
async function returning(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { polling: 100, timeout: 30_000 })
}

/** Every response the phone's caches hold: its address and its text. */
function cachedResponses(page: Page) {
  return page.evaluate(async () => {
    const found: Array<{ url: string; body: string }> = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        found.push({ url: request.url, body: response ? await response.clone().text() : '' })
      }
    }
    return found
  })
}

describe('the installed player app', () => {
  it('may be installed: Chromium finds the manifest, its icon and the service worker; name and colours are the site settings', async () => {
    const page = await phone.newPage()
    const problems = watchProblems(page)
    await page.goto('/login')
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    await page.evaluate(() => navigator.serviceWorker.ready)

    const cdp = await phone.newCDPSession(page)
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([])

    const manifest = await (await page.request.get('/manifest.webmanifest')).json()
    const site = (await (await page.request.get('/api/site/metadata')).json()).data
    expect(manifest).toMatchObject({
      name: site.title,
      theme_color: site.theme.background,
      background_color: site.theme.background,
      start_url: '/',
      display: 'standalone',
      lang: 'th',
    })
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toContain(site.image.favicon)
    expect(problems).toEqual([])
    await page.close()
  })

  it('opens a returning player’s lobby from the phone’s copy, even offline, and keeps no money or personal data there', { timeout: 120_000 }, async () => {
    // A player of this test's own: their phone, bank account and name are found nowhere else.
    const player = await registerPlayer(suite.baseUrl, { firstname: `ติดตั้ง${Date.now() % 100_000}` })
    await deposit(suite.baseUrl, player.mobile, 100)
    const page = await phone.newPage()
    const problems = watchProblems(page)
    await page.goto('/login')
    await returning(page)
    await page.getByLabel('เบอร์โทรศัพท์').fill(player.mobile)
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(player.password)
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).tap()
    await atPath(page, '/')
    // The lobby greets the player by name and shows the balance; the deposit screen (below) shows their bank account.
    await page.getByRole('heading', { level: 1, name: `สวัสดี คุณ${player.firstname}` }).waitFor()
    await page.getByTestId('balance').filter({ hasText: '฿' }).waitFor()
    await page
      .getByRole('button', { name: 'ฝากเงิน', exact: true })
      .or(page.getByRole('link', { name: 'ฝากเงิน', exact: true }))
      .first()
      .tap()
    await atPath(page, '/deposit')
    await page.getByTestId('deposit-amount').waitFor()

    const kept = await cachedResponses(page)
    expect(kept.length).toBeGreaterThan(10)
    expect(kept.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'))).toEqual([])
    const personal = [player.mobile, player.bank_account, player.firstname]
    expect(kept.filter((entry) => personal.some((text) => entry.body.includes(text))).map((entry) => entry.url)).toEqual([])

    // The next visit, with no network at all: the page and its scripts come from the service worker.
    const fromWorker: boolean[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' || response.request().resourceType() === 'document') fromWorker.push(response.fromServiceWorker())
    })
    await phone.setOffline(true)
    try {
      await page.goto('/')
      await page.getByRole('navigation').waitFor()
      expect(fromWorker.length).toBeGreaterThan(1)
      expect(fromWorker.every(Boolean)).toBe(true)
      await viewShot(page, 'installed-lobby-offline')
    } finally {
      await phone.setOffline(false)
    }
    // Offline, what the phone does not keep (the balance, the catalogue, the live balance stream, images not seen
    // before) could not load: the browser says so for each (ERR_INTERNET_DISCONNECTED, or ERR_FAILED for what passed
    // through the worker); nothing else went wrong.
    const offline = /ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/
    expect(problems.filter((p) => !offline.test(p))).toEqual([])
    await page.close()
  })

  it('offers a new deployment with a prompt, and reloads into it when the player taps', { timeout: 120_000 }, async () => {
    const page = await phone.newPage()
    await page.goto('/')
    await returning(page)

    // A new deployment is a different service worker script. The built one changes for this test and is put back after
    // (the compressed copies the server prefers are set aside meanwhile).
    const worker = path.join(repoRoot, 'apps/player/dist/sw.js')
    const original = await readFile(worker, 'utf8')
    for (const ext of ['.br', '.gz']) await rename(worker + ext, `${worker}${ext}.e2e`)
    try {
      await writeFile(worker, `${original}\n// e2e: the next deployment\n`)
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      const prompt = page.getByRole('status').filter({ hasText: 'เวอร์ชันใหม่' })
      await prompt.waitFor({ timeout: 30_000 })
      await expectAccessible(page, 'update prompt')
      await viewShot(page, 'installed-update-prompt')

      // The waiting worker takes over and the page reloads into it: no worker is left waiting, so no prompt.
      await page.getByRole('button', { name: 'อัปเดตเลย' }).tap()
      await prompt.waitFor({ state: 'detached', timeout: 30_000 })
      await page.getByRole('navigation').waitFor()
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull()
    } finally {
      await writeFile(worker, original)
      for (const ext of ['.br', '.gz']) await rename(`${worker}${ext}.e2e`, worker + ext)
    }
  })
})
