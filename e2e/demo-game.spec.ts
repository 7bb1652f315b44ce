import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { call } from './support/http.ts'
import { deposit, loginToken, registerPlayer } from './support/player.ts'
import { useBrowserSuite, type OpenedPage } from './support/suite.ts'

const FUNDING = 1000

interface RoundData {
  round_id: string
  bet: number
  win: number
  balance: number | null
  settled: boolean
  outcome: { kind: string }
}

const baht = (n: number) => `฿${n.toLocaleString('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

describe('demo provider games in a phone browser', () => {
  const suite = useBrowserSuite()
  let apiToken: string

  beforeAll(async () => {
    // A player of this file's own, funded as the bank would: a signed transfer from the registered account.
    const player = await registerPlayer(suite.baseUrl)
    apiToken = await loginToken(suite.baseUrl, player)
    await deposit(suite.baseUrl, player.mobile, FUNDING)
  })

  async function walletBalance(): Promise<number> {
    const res = await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token: apiToken })
    return res.body.data.balance
  }

  async function launch(provider: string, game: string, lang: 'th' | 'en' = 'th'): Promise<string> {
    const res = await call<{ url: string }>(suite.baseUrl, 'POST', '/api/portal/launch', {
      token: apiToken,
      body: { provider_id: provider, lang, game_code: game },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.url).toMatch(new RegExp(`^/play/[A-Za-z0-9_-]+\\?lang=${lang}$`))
    return res.body.data.url
  }

  /** A phone page that records script errors and CSP violations (both reach the console as errors). */
  async function openGame(url: string): Promise<OpenedPage> {
    const opened = await suite.phone({ strictConsole: true })
    const response = await opened.page.goto(url)
    expect(response?.status()).toBe(200)
    return opened
  }

  /** Plays one round by tapping the play button; answers the round's JSON once the page shows the new balance. */
  async function playRound(page: Page): Promise<RoundData> {
    const before = await walletBalance()
    await page.locator('#play:not([disabled])').waitFor()
    const answer = page.waitForResponse((r) => r.url().includes('/round') && r.request().method() === 'POST')
    await page.locator('#play').tap()
    const response = await answer
    expect(response.status()).toBe(200)
    const data = ((await response.json()) as { data: RoundData }).data
    expect(data.settled).toBe(true)
    expect(data.balance).toBe(Math.round((before - data.bet + data.win) * 100) / 100)
    // The animation ends, the balance counts to its new value and the button comes back.
    await page.locator('#play:not([disabled])').waitFor({ timeout: 15_000 })
    await page.waitForFunction((text) => document.getElementById('balance')?.textContent === text, baht(data.balance!), { timeout: 5_000 })
    await page.locator('#result.win, #result.lose, #result.info').waitFor()
    expect(await walletBalance()).toBe(data.balance)
    return data
  }

  it('plays a slot: spinning reels, win or loss message, balance changed by win − bet', async () => {
    const { page, problems } = await openGame(await launch('pgsoft', 'fortune_ox'))
    await page.getByRole('heading', { level: 1, name: 'Fortune Ox' }).waitFor()
    await page.waitForFunction((text) => document.getElementById('balance')?.textContent === text, baht(await walletBalance()))
    await shot(page, 'demo-slot-ready-phone')
    await page.getByRole('button', { name: '฿50' }).tap()
    const data = await playRound(page)
    expect(data.bet).toBe(50)
    expect(data.outcome.kind).toBe('slot')
    await shot(page, 'demo-slot-phone')
    expect(problems).toEqual([])
  })

  it("plays 'Cash Or Crash': picks an auto cash-out target, watches the multiplier, sees the result", async () => {
    const { page, problems } = await openGame(await launch('evo', 'cash_or_crash'))
    await page.getByRole('heading', { level: 1, name: 'Cash Or Crash' }).waitFor()
    await page.locator('#presets [data-target="1.5"]').tap()
    expect(await page.locator('#target').inputValue()).toBe('1.50')
    const data = await playRound(page)
    expect(data.outcome).toMatchObject({ kind: 'crash', target: 1.5 })
    expect(data.win === 0 || data.win === data.bet * 1.5).toBe(true)
    await shot(page, 'demo-crash-phone')
    expect(problems).toEqual([])
  })

  it('plays the card game (Dragon Tiger) and a fishing game', async () => {
    const card = await openGame(await launch('awcsexy', 'sexy_baccarat'))
    await card.page.getByRole('button', { name: /เสือ/ }).tap()
    const dealt = await playRound(card.page)
    expect(dealt.outcome).toMatchObject({ kind: 'card', pick: 'tiger' })
    await shot(card.page, 'demo-card-phone')
    expect(card.problems).toEqual([])
    await card.context.close()

    const fishing = await openGame(await launch('joker', 'fish_hunter_joker'))
    await fishing.page.getByRole('button', { name: 'ยิงปลา' }).waitFor()
    await playRound(fishing.page)
    await shot(fishing.page, 'demo-fishing-phone')
    expect(fishing.problems).toEqual([])
  })

  it('plays the sport and lottery pick games', async () => {
    const sport = await openGame(await launch('sbo', 'sbo_football'))
    await sport.page.getByRole('button', { name: /เสมอ/ }).tap()
    expect((await playRound(sport.page)).outcome).toMatchObject({ kind: 'pick', variant: 'sport', pick: 1 })
    await shot(sport.page, 'demo-sport-phone')
    expect(sport.problems).toEqual([])
    await sport.context.close()

    const lottery = await openGame(await launch('saba', 'saba_thai_lotto'))
    await lottery.page.getByRole('button', { name: '7', exact: true }).tap()
    expect((await playRound(lottery.page)).outcome).toMatchObject({ kind: 'pick', variant: 'lottery', pick: 7 })
    await shot(lottery.page, 'demo-lottery-phone')
    expect(lottery.problems).toEqual([])
  })

  it('tells the player politely when the balance is too low', async () => {
    // A new player who has not deposited yet.
    const player = await registerPlayer(suite.baseUrl, { firstname: 'ทดลอง' })
    const launched = await call<{ url: string }>(suite.baseUrl, 'POST', '/api/portal/launch', {
      token: await loginToken(suite.baseUrl, player),
      body: { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' },
    })
    const { page, problems } = await openGame(launched.body.data.url)
    await page.waitForFunction((text) => document.getElementById('balance')?.textContent === text, baht(0))
    const answer = page.waitForResponse((r) => r.url().includes('/round'))
    await page.locator('#play').tap()
    expect((await answer).status()).toBe(422)
    await page.locator('#result.lose', { hasText: 'ยอดเงินไม่เพียงพอ' }).waitFor()
    await page.getByText('กรุณาฝากเงินหรือลดยอดเดิมพัน').waitFor()
    await shot(page, 'demo-insufficient-phone')
    // The refusal is an answer, not a script problem; the browser logs the 422 itself, nothing else.
    expect(problems.filter((p) => !p.includes('422'))).toEqual([])
  })

  it('speaks English to a game launched with lang=en, and plays', async () => {
    const { page, problems } = await openGame(await launch('pgsoft', 'fortune_ox', 'en'))
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByRole('button', { name: 'Spin' }).waitFor()
    await page.getByText('Please play responsibly').waitFor()
    await playRound(page)
    await shot(page, 'demo-slot-english-phone')
    // No Thai on the page once a round was played (the baht sign aside).
    expect(await page.evaluate(() => /[\u0E00-\u0E3E\u0E40-\u0E7F]/.test(document.body.innerText))).toBe(false)
    expect(problems).toEqual([])
  })

  it('rests the play button after "too many rounds" (429) and lets the player go on when the wait is over', async () => {
    const { page, problems } = await openGame(await launch('pgsoft', 'fortune_ox'))
    await page.locator('#play:not([disabled])').waitFor()
    const before = await walletBalance()
    // The server's answer over the per-session limit (tested for real in the API suite), once.
    let refused = false
    await page.route('**/round', async (route) => {
      if (refused) return route.fallback()
      refused = true
      await route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
        body: JSON.stringify({ success: false, code: 'RATE_LIMITED', message: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง' }),
      })
    })
    await page.locator('#play').tap()
    await page.locator('#result.info', { hasText: 'ทำรายการบ่อยเกินไป' }).waitFor()
    await page.getByText('รอสักครู่แล้วกดเล่นอีกครั้ง').waitFor()
    expect(await page.locator('#play').isDisabled()).toBe(true)
    await shot(page, 'demo-rate-limited-phone')
    // Nothing was played, and after the Retry-After the button comes back and a round plays normally.
    expect(await walletBalance()).toBe(before)
    await playRound(page)
    expect(problems.filter((p) => !p.includes('429'))).toEqual([])
  })

  it('shows a friendly page for an unknown game link', async () => {
    const { page } = await suite.phone()
    const response = await page.goto(`/play/${'x'.repeat(43)}?lang=th`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'ไม่พบเกมนี้' }).waitFor()
    await page.getByRole('link', { name: 'กลับสู่ล็อบบี้' }).waitFor()
    await shot(page, 'demo-not-found-phone')
  })
})
