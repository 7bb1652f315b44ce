import { beforeAll, describe, expect, it } from 'vitest'
import { viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { operatorEnv } from './support/operator.ts'
import { atPath, seriousAxeViolations } from './support/page.ts'
import { DEMO, deposit, loginToken, playDemoRounds, registerPlayer } from './support/player.ts'
import { startAfterThePast } from './support/server.ts'
import { useBrowserSuite, type OpenedPage } from './support/suite.ts'

/**
 * Referral (issue 9): the invite link copied and shared, the bonus and refund wallets moved to the main wallet once
 * a day, the friends list paged. The wallets are filled the way production fills them: the demo player and an
 * invited friend play on a server whose clock is a day behind, then the real server runs that day's accrual.
 */

const DAY_MS = 24 * 60 * 60 * 1000

// The commission on a short session is a few baht: let any amount be moved.
const env = { OTP_REQUIRED: 'false', ...operatorEnv(), BONUS_MIN: '1' }

/** Yesterday's play on a server whose clock is a day behind, then the server of today on the same data. */
const startAfterYesterday = (dataDir: string) =>
  startAfterThePast(dataDir, { offsetMs: -DAY_MS, env }, async (yesterday) => {
    const then = new Date(Date.now() - DAY_MS)
    const demoToken = await loginToken(yesterday, DEMO)
    await deposit(yesterday, DEMO.mobile, 1000, then)
    await playDemoRounds(yesterday, demoToken, 4, 100)
    const friend = await registerPlayer(yesterday, { inviteCode: 'DEMO2345', firstname: 'เพื่อน' })
    await deposit(yesterday, friend.mobile, 1000, then)
    await playDemoRounds(yesterday, await loginToken(yesterday, friend), 4, 100)
  })

describe('player app: referral', () => {
  const suite = useBrowserSuite({ server: startAfterYesterday })
  let token: string

  beforeAll(async () => {
    const bangkokYesterday = new Date(Date.now() - DAY_MS + 7 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const accrued = await call<{ referral: number; rebate: number }>(suite.baseUrl, 'POST', '/api/backoffice/jobs/accrue', {
      token: await suite.operatorToken(),
      body: { day: bangkokYesterday },
    })
    expect(accrued.status, JSON.stringify(accrued.body)).toBe(200)
    expect(accrued.body.data.referral).toBeGreaterThan(0)
    expect(accrued.body.data.rebate).toBeGreaterThan(0)
    // Eleven more friends, for a second page of the friends list.
    for (let n = 0; n < 11; n++) await registerPlayer(suite.baseUrl, { inviteCode: 'DEMO2345' })
    token = await loginToken(suite.baseUrl, DEMO)
  }, 150_000)

  async function open(pathname = '/'): Promise<OpenedPage> {
    const opened = await suite.phone({ player: token })
    await opened.page.goto(pathname)
    return opened
  }

  it('invite tab: code, link copied to the clipboard, shared to LINE, Telegram and Facebook in a new window, level percentages', async () => {
    const { context, page, problems } = await open()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    // The networks' share pages are outside; answer them here so the popup's address can be read.
    await context.route(/^https:\/\/(social-plugins\.line\.me|t\.me|www\.facebook\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    )
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'แนะนำเพื่อน' }).tap()
    await atPath(page, '/referral')
    expect(await page.getByRole('tab', { name: 'ลิงก์แนะนำ' }).getAttribute('aria-selected')).toBe('true')
    const link = `${suite.baseUrl}/register?invite_code=DEMO2345`
    await page.getByTestId('invite-code').filter({ hasText: 'DEMO2345' }).waitFor()
    expect(await page.getByTestId('invite-link').textContent()).toBe(link)
    expect(await Promise.all([1, 2, 3].map((level) => page.getByTestId(`level-${level}`).textContent()))).toEqual(['3%', '2%', '1%'])

    await page.getByRole('button', { name: 'คัดลอกลิงก์' }).tap()
    await page.locator('.toast--success', { hasText: 'คัดลอกลิงก์แนะนำเพื่อนแล้ว' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await viewShot(page, 'player-referral-invite')
    expect(await seriousAxeViolations(page)).toEqual([])

    const expected = {
      LINE: 'https://social-plugins.line.me/lineit/share?url=',
      Telegram: 'https://t.me/share/url?url=',
      Facebook: 'https://www.facebook.com/sharer/sharer.php?u=',
    }
    for (const [name, prefix] of Object.entries(expected)) {
      const popup = context.waitForEvent('page')
      await page.getByRole('button', { name: new RegExp(`แชร์ผ่าน ${name}`) }).tap()
      const opened = await popup
      await opened.waitForLoadState('domcontentloaded')
      expect(opened.url().startsWith(`${prefix}${encodeURIComponent(link)}`), opened.url()).toBe(true)
      // No way back to the app's window from the network's page.
      expect(await opened.evaluate(() => window.opener)).toBeNull()
      await opened.close()
    }

    await page.setViewportSize({ width: 360, height: 780 })
    await viewShot(page, 'player-referral-invite-360')
    expect(problems).toEqual([])
  })

  it('totals tab from the lobby card: both wallets; a transfer moves the bonus, a second one is refused until tomorrow', async () => {
    const { page, problems } = await open()
    await page.getByRole('link', { name: /โบนัสแนะนำเพื่อน/ }).tap()
    await atPath(page, '/referral')
    expect(await page.getByRole('tab', { name: 'ยอดสะสม' }).getAttribute('aria-selected')).toBe('true')
    const bonus = page.getByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    const refund = page.getByRole('region', { name: 'ยอดเล่นคืนสะสม' })
    const before = await call<{ balance: number; bonus: { remaining: number }; refund: { remaining: number } }>(
      suite.baseUrl,
      'GET',
      '/api/wallet/v2/balance',
      { token },
    )
    expect(before.body.data.bonus.remaining).toBeGreaterThan(0)
    await bonus
      .getByTestId('bonus-remaining')
      .filter({ hasText: /^\d[\d,]*\.\d{2} บาท$/ })
      .waitFor()
    expect(await bonus.getByText('รายวัน').count()).toBe(1)
    expect(await refund.getByTestId('refund-remaining').textContent()).toMatch(/^\d[\d,]*\.\d{2} บาท$/)
    await viewShot(page, 'player-referral-totals')
    expect(await seriousAxeViolations(page)).toEqual([])

    await bonus.getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }).tap()
    await page.locator('.toast--success', { hasText: 'โอนเข้ากระเป๋าหลักสำเร็จ' }).waitFor()
    await bonus.getByTestId('bonus-remaining').filter({ hasText: '0.00 บาท' }).waitFor()
    await refund.getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }).tap()
    await refund.getByTestId('refund-remaining').filter({ hasText: '0.00 บาท' }).waitFor()

    // Nothing left: the button is off and says so (issue 36 §4); the server refuses a second transfer today anyway.
    expect(await bonus.getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }).isDisabled()).toBe(true)
    await bonus.getByText(/^(ยังไม่มียอดที่โอนได้|โอนได้เมื่อยอดคงเหลือถึงขั้นต่ำ .+)$/).waitFor()
    await viewShot(page, 'player-referral-transfer-refused')
    const again = await call(suite.baseUrl, 'POST', '/api/wallet/transfer/bonus', { token, body: {} })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.body).toMatchObject({ success: false, message: 'วันนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันพรุ่งนี้' })
    const after = await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token })
    // Both wallets went into cash, once.
    expect(after.body.data.balance).toBeCloseTo(before.body.data.balance + before.body.data.bonus.remaining + before.body.data.refund.remaining, 2)
    expect(problems).toEqual([])
  })

  it('friends tab: 10 a page with the Thai date, prev/next paging', async () => {
    const { page, problems } = await open()
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'แนะนำเพื่อน' }).tap()
    await page.getByRole('tab', { name: 'รายชื่อเพื่อน' }).tap()
    const table = page.getByRole('table', { name: 'รายชื่อเพื่อน' })
    await table.waitFor()
    await page.getByText('เพื่อนที่สมัครผ่านคุณ 12 คน').waitFor()
    expect(await table.locator('tbody tr').count()).toBe(10)
    const first = await table.locator('tbody tr').first().locator('td').allTextContents()
    expect(first[0]).toMatch(/^09\d-xxx-\d{4}$/)
    expect(first[1]).toMatch(/^\d{1,2} [ก-๙.]+ 25\d\d$/)
    expect(await page.getByRole('button', { name: 'หน้าก่อนหน้า' }).isDisabled()).toBe(true)
    await viewShot(page, 'player-referral-friends')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'หน้าถัดไป' }).tap()
    await page.getByText('หน้า 2').waitFor()
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2)
    expect(await page.getByRole('button', { name: 'หน้าถัดไป' }).isDisabled()).toBe(true)
    await page.setViewportSize({ width: 360, height: 780 })
    await viewShot(page, 'player-referral-friends-page-2-360')

    // The bottom bar's rebate item is the same screen on the totals tab.
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'คืนยอดเล่น' }).tap()
    await page.waitForFunction(() => window.location.hash === '#amount')
    await page.getByRole('tab', { name: 'ยอดสะสม', selected: true }).waitFor()
    await page.getByRole('region', { name: 'ยอดเล่นคืนสะสม' }).waitFor()
    await viewShot(page, 'player-referral-totals-360')
    expect(problems).toEqual([])
  })
})
