import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { lanUrl, shot, viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { atPath, expectNoSideScroll, seriousAxeViolations, settleImages } from './support/page.ts'
import { DEMO, deposit, loginToken, openRegisterBankSheet } from './support/player.ts'
import { useBrowserSuite, type OpenedPage } from './support/suite.ts'

/**
 * The deposit screen and the promotion page (issue 9): through the UI of the built app on a real server, at phone
 * size. Money arrives as a signed transfer on the bank feed, as a bank would send it.
 */

describe('player app: deposit and promotions', () => {
  // A server of its own: the tests follow the seeded demo player's money from its first state.
  const suite = useBrowserSuite({ server: {} })
  let token = ''

  beforeAll(async () => {
    token = await loginToken(suite.baseUrl, DEMO)
  })

  /** A logged-in phone page that records script errors, opened at `url`. */
  async function open(url: string, options: { before?: (page: Page) => Promise<void>; clipboard?: boolean } = {}): Promise<OpenedPage> {
    const opened = await suite.phone({ player: token })
    if (options.clipboard) await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseUrl })
    await options.before?.(opened.page)
    await opened.page.goto(url)
    return opened
  }

  /** The bank reports a transfer from the demo player's registered account, signed as the feed requires. */
  const bankTransfer = (amount: number) => deposit(suite.baseUrl, DEMO.mobile, amount)

  const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text })
  const promotionSelect = (page: Page) => page.getByLabel('โปรโมชั่น', { exact: true })

  it('home → promotions → a promotion opens the deposit screen with it chosen; rules in Thai', async () => {
    const { page, problems } = await open('/')
    await page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย' }).waitFor()
    // The demo player starts with play money, deposited through the ledger.
    await page.getByTestId('balance').filter({ hasText: '฿1,000.00' }).waitFor()
    await expectNoSideScroll(page)
    await page
      .getByRole('link', { name: /โปรโมชั่น/ })
      .first()
      .tap()
    await atPath(page, '/promotion')
    const buttons = page.getByRole('main').getByRole('listitem').getByRole('link')
    await buttons.first().waitFor()
    // The demo player has deposited already: the new-member offer is not theirs to take.
    expect(await buttons.allTextContents()).toEqual(['ฝากประจำ รับเพิ่ม 100 บาท', 'ฝาก 500 รับเพิ่ม 10%'])
    await settleImages(page, { loaded: true })
    await expectNoSideScroll(page)
    await viewShot(page, 'player-promotion-page')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'ฝาก 500 รับเพิ่ม 10%' }).tap()
    await page.waitForFunction(() => window.location.pathname === '/deposit' && /promotion_id=\d+/.test(window.location.search), null, { polling: 100 })
    await page.getByTestId('deposit-amount').and(page.locator('[value="500.00"]')).waitFor()
    expect(await promotionSelect(page).locator('option:checked').textContent()).toBe('ฝาก 500 รับเพิ่ม 10%')

    await page.getByRole('button', { name: 'ดูเงื่อนไขโปรโมชั่น' }).tap()
    const modal = page.getByRole('dialog', { name: 'ฝาก 500 รับเพิ่ม 10%' })
    await modal.waitFor()
    expect(await modal.getByTestId('credit-given').textContent()).toBe('10% ของยอดฝาก')
    // The prohibited provider by its catalogue title, not its code (issue 21 §7).
    await modal.getByText('ห้ามเล่นเกมค่าย: Evolution Live').waitFor()
    expect(await modal.getByRole('listitem').allTextContents()).toEqual([
      'ฝากขั้นต่ำ 500 บาท',
      'โบนัสสูงสุด 1,000 บาท',
      'ทำยอดเทิร์นโอเวอร์ 3 เท่าของยอดฝาก',
      'ห้ามเล่นเกมค่าย: Evolution Live',
    ])
    await settleImages(page, { loaded: true })
    await viewShot(page, 'player-deposit-promotion-modal')
    await modal.getByRole('button', { name: 'ปิด' }).tap()

    // Choosing 'no promotion' resets everything: the amount is the site's minimum again.
    await promotionSelect(page).selectOption({ label: 'ไม่รับโปรโมชั่น' })
    await page.getByTestId('deposit-amount').and(page.locator('[value="100.00"]')).waitFor()
    expect(problems).toEqual([])
  })

  it('the deposit screen: own account, target account with copy and a QR to save, notes and links', async () => {
    const { page, problems } = await open('/', { clipboard: true })
    await page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย' }).waitFor()
    await page.getByRole('link', { name: 'ฝากเงิน', exact: true }).tap()
    await atPath(page, '/deposit')

    const member = page.getByTestId('member-bank')
    await member.getByText('123-4-56789-0').waitFor()
    expect(await member.textContent()).toContain('ธนาคารกสิกรไทย')
    expect(await member.textContent()).toContain('สมชาย ใจดี')
    expect(await member.locator('img').getAttribute('src')).toMatch(/^\/assets\/KBANK-.*\.png$/)
    const target = page.getByTestId('target-bank')
    await target.getByText('407-1-23456-7').waitFor()
    expect(await target.textContent()).toContain('บจก. สนาม เดโม')
    const qr = target.getByRole('img', { name: /คิวอาร์โค้ดพร้อมเพย์/ })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(200)
    await page.getByText('เครดิตจะเข้าอัตโนมัติภายใน 3-5 นาที').waitFor()
    await page.getByText('ระบบรับเฉพาะยอดโอนจากบัญชีที่ลงทะเบียนไว้เท่านั้น').waitFor()
    expect(await page.getByRole('link', { name: /ติดต่อฝ่ายบริการลูกค้า/ }).getAttribute('href')).toBe('https://line.me/R/ti/p/@sanam-demo')
    expect(await page.getByRole('link', { name: 'ดูประวัติการฝาก-ถอน' }).getAttribute('href')).toBe('/history')
    // No bill yet: nothing to look for, so the slip check has not started (issue 36 §2).
    expect(await page.getByText('กำลังตรวจสอบสลิป...').count()).toBe(0)

    await target.getByRole('button', { name: 'คัดลอกเลขบัญชี' }).tap()
    await toast(page, 'คัดลอกเลขบัญชีแล้ว').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('4071234567')
    await settleImages(page, { loaded: true })
    await expectNoSideScroll(page)
    await viewShot(page, 'player-deposit')
    await shot(page, 'player-deposit-full')
    expect(await seriousAxeViolations(page)).toEqual([])

    // Home from the bottom of the deposit screen: the lobby opens at its top, the balance in view (issue 36 §3).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await page.getByRole('link', { name: 'หน้าหลัก' }).tap()
    await atPath(page, '/')
    await page.getByTestId('balance').waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(problems).toEqual([])
  })

  it('a draft bill: cancel clears it; the 180 s countdown running out resets everything and says the bill expired', async () => {
    const { page, problems } = await open('/deposit', { before: (p) => p.clock.install() })
    const confirm = page.getByRole('button', { name: 'ยืนยันรายการฝาก' })
    await confirm.tap()
    await toast(page, 'สร้างรายการฝากเงินสำเร็จ').waitFor()
    await page.getByRole('timer').filter({ hasText: '3:00' }).waitFor()
    expect(await promotionSelect(page).isDisabled()).toBe(true)
    // A bill to look for: the slip check runs now.
    await page.getByText('กำลังตรวจสอบสลิป...').waitFor()
    await page.clock.runFor(1000)
    await page.getByRole('timer').filter({ hasText: 'กรุณาโอนภายใน 2:59 นาที' }).waitFor()
    await viewShot(page, 'player-deposit-draft')

    await page.getByRole('button', { name: 'ยกเลิกรายการ' }).tap()
    await toast(page, 'ยกเลิกโปรโมชั่นแล้ว').waitFor()
    await confirm.waitFor()
    expect(await page.getByRole('timer').count()).toBe(0)
    expect(await promotionSelect(page).isDisabled()).toBe(false)

    // A new bill (the cancelled one is gone on the server too), left to run out: the screen says so and stays.
    await confirm.tap()
    await page.getByRole('timer').filter({ hasText: '3:00' }).waitFor()
    await page.clock.runFor(179_000)
    await page.getByRole('timer').filter({ hasText: '0:01' }).waitFor()
    await page.clock.runFor(1000)
    await page.getByRole('status').filter({ hasText: 'รายการฝากหมดเวลาแล้ว' }).waitFor()
    expect(await page.getByRole('timer').count()).toBe(0)
    // No bill left to look for: the slip check has stopped.
    await page.getByText('กำลังตรวจสอบสลิป...').waitFor({ state: 'hidden' })
    await confirm.waitFor()
    expect(new URL(page.url()).pathname).toBe('/deposit')
    await settleImages(page, { loaded: true })
    await viewShot(page, 'player-deposit-expired')
    expect(await seriousAxeViolations(page)).toEqual([])
    // The server keeps its own 180 s; this test's clock is not the server's, so the bill is dropped for the next test.
    expect((await call(suite.baseUrl, 'POST', '/api/wallet/deposit/draft_bill/cancel', { token })).status).toBe(200)
    expect(problems).toEqual([])
  })

  it('a draft bill survives a reload (the bank app sent the tab away): amount, promotion, countdown, cancel and QR come back', async () => {
    const { page, problems } = await open('/deposit')
    await promotionSelect(page).locator('option', { hasText: 'ฝาก 500 รับเพิ่ม 10%' }).waitFor({ state: 'attached' })
    await promotionSelect(page).selectOption({ label: 'ฝาก 500 รับเพิ่ม 10%' })
    await page.getByRole('dialog').getByRole('button', { name: 'ปิด' }).tap()
    await page.getByTestId('deposit-amount').and(page.locator('[value="500.00"]')).waitFor()
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await page.getByRole('timer').waitFor()

    await page.reload()
    const timer = page.getByRole('timer')
    await timer.waitFor()
    expect(await timer.textContent()).toMatch(/^กรุณาโอนภายใน (3:00|2:[0-5]\d) นาที$/)
    await page.getByTestId('deposit-amount').and(page.locator('[value="500.00"]')).waitFor()
    expect(await promotionSelect(page).locator('option:checked').textContent()).toBe('ฝาก 500 รับเพิ่ม 10%')
    expect(await promotionSelect(page).isDisabled()).toBe(true)
    const qr = page.getByTestId('target-bank').getByRole('img', { name: /คิวอาร์โค้ดพร้อมเพย์/ })
    await qr.waitFor()
    expect(await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).count()).toBe(0)
    await page.getByText('กำลังตรวจสอบสลิป...').waitFor()
    await settleImages(page, { loaded: true })
    await expectNoSideScroll(page)
    await viewShot(page, 'player-deposit-restored')
    await shot(page, 'player-deposit-restored-full')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'ยกเลิกรายการ' }).tap()
    await toast(page, 'ยกเลิกโปรโมชั่นแล้ว').waitFor()
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).waitFor()
    expect(await promotionSelect(page).isDisabled()).toBe(false)
    expect((await call(suite.baseUrl, 'GET', '/api/wallet/deposit/draft_bill', { token })).body.data).toBeNull()
    expect(problems).toEqual([])
  })

  it('copies the account number on plain http under a LAN name (no navigator.clipboard there)', async () => {
    const { page, problems } = await suite.phone({ player: token, baseUrl: lanUrl(suite.baseUrl) })
    await page.goto('/deposit')
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false)
    expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined')
    // What the page put on the clipboard, as the copy event saw it.
    await page.evaluate(() => {
      document.addEventListener('copy', (event) => {
        const field = event.target as HTMLTextAreaElement
        ;(window as unknown as { copied: string }).copied = field.value.slice(field.selectionStart, field.selectionEnd)
      })
    })
    const target = page.getByTestId('target-bank')
    await target.getByText('407-1-23456-7').waitFor()
    await target.getByRole('button', { name: 'คัดลอกเลขบัญชี' }).tap()
    await toast(page, 'คัดลอกเลขบัญชีแล้ว').waitFor()
    expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe('4071234567')
    // Chromium notes that it ignores the Cross-Origin-Opener-Policy header on plain http: a note, not a failure.
    expect(problems.filter((p) => !p.includes('Cross-Origin-Opener-Policy header has been ignored'))).toEqual([])
  })

  it('deposit without a promotion: the transfer is credited, the success toast shows within a second (the live balance) and the player goes home', async () => {
    // The live balance stream (ADR 049) opened, and every balance read the page makes, as the browser saw them.
    let streamOpened: () => void = () => undefined
    const streaming = new Promise<void>((resolve) => (streamOpened = resolve))
    const balanceReads: number[] = []
    const { page, problems } = await open('/deposit', {
      before: async (page) => {
        page.on('response', (res) => {
          if (res.url().endsWith('/api/wallet/stream') && res.status() === 200) streamOpened()
        })
        page.on('request', (req) => {
          if (req.url().includes('/api/wallet/v2/balance')) balanceReads.push(Date.now())
        })
      },
    })
    await streaming
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await toast(page, 'สร้างรายการฝากเงินสำเร็จ').waitFor()
    await page.getByRole('timer').waitFor()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    const sent = Date.now()
    await bankTransfer(100)
    await toast(page, 'ฝากเงินสำเร็จ ได้รับเครดิตแล้ว').waitFor({ timeout: 12_000 })
    const shown = Date.now()
    // Within a second of the bank's call, and not by a poll: no balance read went out in between (the 5 s polling
    // is the fallback while the stream is down).
    expect(shown - sent).toBeLessThan(1_000)
    expect(balanceReads.filter((at) => at >= sent && at <= shown)).toEqual([])
    await atPath(page, '/', 5000)
    await page.getByTestId('balance').filter({ hasText: '฿1,100.00' }).waitFor()
    // The lobby opens at its top with the new balance in view, though the deposit screen was scrolled down (issue 36 §3).
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.getByTestId('balance').evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    await viewShot(page, 'player-deposit-credited-home')
    expect(problems).toEqual([])
  })

  it('deposit with a promotion: chosen in the dropdown, the bill carries it and the bonus is credited', async () => {
    const { page, problems } = await open('/deposit')
    await promotionSelect(page).locator('option', { hasText: 'ฝากประจำ รับเพิ่ม 100 บาท' }).waitFor({ state: 'attached' })
    await promotionSelect(page).selectOption({ label: 'ฝากประจำ รับเพิ่ม 100 บาท' })
    const modal = page.getByRole('dialog', { name: 'ฝากประจำ รับเพิ่ม 100 บาท' })
    expect(await modal.getByTestId('credit-given').textContent()).toBe('100 บาท')
    expect(await modal.getByRole('listitem').allTextContents()).toEqual([
      'สำหรับสมาชิกเก่าเท่านั้น',
      'ฝากขั้นต่ำ 300 บาท',
      'ฝากได้สูงสุด 5,000 บาท',
      'ถอนได้เมื่อมียอดเครดิตถึง 1,000 บาท',
      'ถอนขั้นต่ำ 300 บาท',
    ])
    await modal.getByRole('button', { name: 'ปิด' }).tap()
    await page.getByTestId('deposit-amount').and(page.locator('[value="300.00"]')).waitFor()
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await page.getByRole('timer').waitFor()
    await bankTransfer(300)
    await toast(page, 'ฝากเงินสำเร็จ ได้รับเครดิตแล้ว').waitFor({ timeout: 12_000 })
    await atPath(page, '/', 5000)
    // 1,100 + 300 deposited + 100 bonus.
    await page.getByTestId('balance').filter({ hasText: '฿1,500.00' }).waitFor()
    const me = await call<{ promotion: { enabled: boolean; info?: { title: string } } }>(suite.baseUrl, 'GET', '/api/user/@me', { token })
    expect(me.body.data.promotion).toMatchObject({ enabled: true, info: { title: 'ฝากประจำ รับเพิ่ม 100 บาท' } })
    expect(problems).toEqual([])
  })

  it("the register bank picker shows the banks' bundled logos (drawn badges for the two the package lacks)", async () => {
    const { page } = await suite.phone()
    const sheet = await openRegisterBankSheet(page)
    const logos = sheet.locator('img.bank-badge')
    expect(await logos.count()).toBe(21)
    expect(await sheet.locator('span.bank-badge').allTextContents()).toEqual(['SCBT', 'MEGA'])
    await settleImages(page, { selector: 'img.bank-badge', loaded: true })
    await viewShot(page, 'player-register-bank-picker')
  })

  it('the slip check waits for this deposit on a phone whose clock is 5 minutes slow: an earlier one is not taken for it', async () => {
    // A deposit credited a moment ago: inside the 5 minutes a slow phone clock would have counted as "after the check began".
    await bankTransfer(50)
    const { page, problems } = await open('/deposit', {
      before: async (p) => {
        await p.clock.install({ time: new Date(Date.now() - 5 * 60_000) })
        // The live balance is cut off (a proxy that drops the stream; the app falls back to reading the balance every
        // 5 s, on this page's clock): otherwise the success flow would leave the page within a second of the
        // transfer, before the slip check's next poll that this test reads.
        await p.route('**/api/wallet/stream', (route) => route.fulfill({ status: 204 }))
      },
    })
    const checking = page.getByText('กำลังตรวจสอบสลิป...')
    // The check starts with a bill (issue 36 §2).
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await checking.waitFor()
    const nextPoll = () => page.waitForResponse((r) => r.url().includes('/api/wallet/deposit/status/') && r.request().method() === 'POST')

    let poll = nextPoll()
    await page.clock.runFor(5000)
    expect((await poll).status()).toBe(404)
    expect(await checking.isVisible()).toBe(true)

    await bankTransfer(70)
    poll = nextPoll()
    await page.clock.runFor(5000)
    const found = await poll
    expect(found.status()).toBe(200)
    expect(((await found.json()) as { data: { amount: number } }).data.amount).toBe(70)
    await checking.waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
  })
})
