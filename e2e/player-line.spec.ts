import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { fakeLineServer, lineEvent, lineUserId } from '../apps/api/test/fakes/line-server.ts'
import { viewShot } from './support/browser.ts'
import { atPath, expectNoSideScroll, seriousAxeViolations } from './support/page.ts'
import { waitUntil } from './support/auto-failover.ts'
import { deposit, registerPlayer } from './support/player.ts'
import { freePort, startServer } from './support/server.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * LINE for players (issue 38 §3, ADR 088) at phone size, through a fake LINE on 127.0.0.1: the account page says how
 * to link; the player writes to the Official Account, taps the link LINE's chat got back, confirms, passes LINE's
 * account-link dialog and sees "linked"; chooses the notices (promotions ticked by hand); unlinks. A signed-out
 * player who taps the link signs in first and comes back to it.
 */

const SECRET = 'line-channel-secret-of-the-e2e-site'
const line = await fakeLineServer({ channelSecret: SECRET })
let baseUrl = ''
const suite = useBrowserSuite({
  server: async () => {
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    return startServer({
      port,
      env: {
        LINE_CHANNEL_SECRET: SECRET,
        LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-channel-access-token-e2e',
        LINE_API_URL: line.url,
        LINE_ACCOUNT_LINK_URL: line.accountLinkUrl,
        LINE_LINK_PAGE_URL: `${baseUrl}/line/link`,
        LINE_ADD_FRIEND_URL: 'https://line.me/R/ti/p/@sanam-demo',
      },
    })
  },
})
afterAll(() => line.close())

/** LINE delivers its webhook events to the server, signed; its dialog sends the browser back to the account page. */
function deliverToServer() {
  line.deliverTo(async (body, signature) => {
    const res = await fetch(`${baseUrl}/api/line/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      body,
    })
    if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`)
  }, `${baseUrl}/history`)
}

/** The LINE user writes to the Official Account; answers the link the chat got back. */
async function linkFromChat(userId: string): Promise<string> {
  const before = line.replies().length
  await line.send(lineEvent(userId, { type: 'message' }))
  for (let i = 0; i < 100 && line.replies().length === before; i++) await new Promise((resolve) => setTimeout(resolve, 50))
  const link = /(http:\/\/\S+\/line\/link\?linkToken=[\w-]+)/.exec(line.replies().at(-1) ?? '')?.[1]
  if (!link) throw new Error(`no link in the chat: ${line.replies().at(-1)}`)
  return link
}

const card = (page: Page) => page.getByTestId('line-card')

describe('player app: LINE', () => {
  it('links LINE from the account page by tapping, chooses the notices, sees it linked and unlinks', { timeout: 120_000 }, async () => {
    deliverToServer()
    const player = await registerPlayer(suite.baseUrl)
    const { page, problems } = await suite.phone({ player })
    await page.goto('/history')
    await card(page).getByTestId('line-state').filter({ hasText: 'ยังไม่ได้เชื่อมต่อ LINE' }).waitFor()
    await card(page).getByRole('img', { name: 'คิวอาร์โค้ดเพิ่มเพื่อน LINE Official Account' }).waitFor()
    expect(
      await card(page)
        .getByRole('link', { name: /เพิ่มเพื่อน LINE Official Account/ })
        .getAttribute('href'),
    ).toBe('https://line.me/R/ti/p/@sanam-demo')
    // Promotions are off until the player ticks them.
    expect(await card(page).getByRole('checkbox', { name: 'โปรโมชั่นและข่าวสาร (เฉพาะเมื่อคุณเลือก)' }).isChecked()).toBe(false)
    await card(page).scrollIntoViewIfNeeded()
    await expectNoSideScroll(page)
    expect(await seriousAxeViolations(page)).toEqual([])
    await viewShot(page, 'player-line-not-linked')

    await page.goto(await linkFromChat(lineUserId()))
    await page.getByRole('heading', { level: 1, name: 'เชื่อมต่อ LINE กับบัญชีของคุณ' }).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await viewShot(page, 'player-line-link')
    await page.getByRole('button', { name: 'ยืนยันการเชื่อมต่อ LINE' }).tap()
    // LINE's dialog links and sends the browser back to the account page.
    await atPath(page, '/history')
    await card(page).getByTestId('line-state').filter({ hasText: 'เชื่อมต่อ LINE แล้ว' }).waitFor()
    expect(line.replies().at(-1)).toContain('เชื่อมต่อ LINE กับบัญชี')

    await card(page).getByRole('checkbox', { name: 'ยอดฝากเข้าบัญชี' }).tap()
    await card(page).getByRole('checkbox', { name: 'โปรโมชั่นและข่าวสาร (เฉพาะเมื่อคุณเลือก)' }).tap()
    await card(page).getByRole('button', { name: 'บันทึกการแจ้งเตือน' }).tap()
    await page.locator('.toast', { hasText: 'บันทึกการแจ้งเตือนทาง LINE แล้ว' }).waitFor()
    await page.reload()
    await card(page).getByTestId('line-state').filter({ hasText: 'เชื่อมต่อ LINE แล้ว' }).waitFor()
    expect(await card(page).getByRole('checkbox', { name: 'ยอดฝากเข้าบัญชี' }).isChecked()).toBe(false)
    expect(await card(page).getByRole('checkbox', { name: 'โปรโมชั่นและข่าวสาร (เฉพาะเมื่อคุณเลือก)' }).isChecked()).toBe(true)
    await card(page).scrollIntoViewIfNeeded()
    expect(await seriousAxeViolations(page)).toEqual([])
    await viewShot(page, 'player-line-linked')

    await card(page).getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' }).tap()
    await page.locator('.toast', { hasText: 'ยกเลิกการเชื่อมต่อ LINE แล้ว' }).waitFor()
    await card(page).getByTestId('line-state').filter({ hasText: 'ยังไม่ได้เชื่อมต่อ LINE' }).waitFor()
    expect(problems).toEqual([])
  })

  it('a signed-out player who taps the link signs in, confirms it, and is told of a deposit on LINE', { timeout: 120_000 }, async () => {
    deliverToServer()
    const player = await registerPlayer(suite.baseUrl)
    const { page, problems } = await suite.phone()
    const userId = lineUserId()
    await page.goto(await linkFromChat(userId))
    await atPath(page, '/login')
    await page.getByLabel('เบอร์โทรศัพท์').fill(player.mobile)
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(player.password)
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).tap()
    await atPath(page, '/line/link')
    await page.getByRole('button', { name: 'ยืนยันการเชื่อมต่อ LINE' }).tap()
    await atPath(page, '/history')
    await card(page).getByTestId('line-state').filter({ hasText: 'เชื่อมต่อ LINE แล้ว' }).waitFor()

    // A deposit credited (a notice every linked player gets unless they untick it, issue 38 §3) reaches this LINE
    // user through the outbox's worker: LINE records one push to them, with the amount.
    await deposit(suite.baseUrl, player.mobile, 345)
    const pushesTo = () =>
      line
        .requestsTo('/v2/bot/message/push')
        .map((r) => JSON.parse(r.body) as { to: string; messages: { text: string }[] })
        .filter((push) => push.to === userId)
    const [notice] = await waitUntil(
      async () => (pushesTo().length > 0 ? pushesTo() : undefined),
      30_000,
      () => 'no LINE push to the linked player after the deposit',
    )
    expect(notice!.messages[0]!.text).toContain('เติมเงิน 345 บาท เข้ายอดเงินของคุณแล้ว')
    expect(problems).toEqual([])
  })
})
