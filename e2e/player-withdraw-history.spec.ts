import { describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { atPath, seriousAxeViolations } from './support/page.ts'
import { DEMO, deposit, loginToken, registerPlayer } from './support/player.ts'
import { useBrowserSuite, type OpenedPage } from './support/suite.ts'

/**
 * Withdraw and history (issue 9): the withdraw rules, the promotion's fixed amount, one withdrawal for a double
 * tap; the history tabs with paging; the password change with its forced logout after 5 s. Phone-sized Chromium
 * against the built server; screenshots in e2e/artifacts/.
 */

interface HistoryItem {
  txtype: string
  txamount: number
  txstatus: string
}

describe('player app: withdraw and history', () => {
  // A server of its own: the first test follows the seeded demo player's money from its first state.
  const suite = useBrowserSuite({ server: { env: { OTP_REQUIRED: 'false' } } })

  async function open(token: string, path = '/'): Promise<OpenedPage> {
    const opened = await suite.phone({ player: token })
    await opened.page.goto(path)
    return opened
  }

  it('withdraw: reached from the lobby; required, minimum on submit and on blur; a double tap sends one withdrawal', async () => {
    const token = await loginToken(suite.baseUrl, DEMO)
    // The demo player starts with 1,000 baht of play money: 2,000 in all.
    await deposit(suite.baseUrl, DEMO.mobile, 1000)
    const { page, problems } = await open(token)
    await page.getByRole('link', { name: 'ถอนเงิน' }).tap()
    await atPath(page, '/withdraw')
    await page.getByRole('heading', { level: 1, name: 'ถอนเงิน' }).waitFor()
    await page.getByTestId('withdraw-balance').filter({ hasText: '฿2,000.00' }).waitFor()
    const amount = page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)')
    await page.getByText('ขั้นต่ำ 100 บาท').waitFor()
    expect(await page.getByTestId('bank-account-number').textContent()).toBe('123-4-56789-0')
    await viewShot(page, 'player-withdraw')
    expect(await seriousAxeViolations(page)).toEqual([])

    const confirm = page.getByRole('button', { name: 'ยืนยัน' })
    await confirm.tap()
    await page.getByRole('alert').filter({ hasText: 'กรุณากรอกจำนวนเงิน' }).waitFor()
    // Every POST from here on (there must be exactly one).
    const posts: { amount: number; key: string }[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/wallet/withdraw'))
        posts.push({ amount: (request.postDataJSON() as { amount: number }).amount, key: request.headers()['idempotency-key'] ?? '' })
    })
    // Below the minimum, then the tap: leaving the field raises it to the minimum, and that tap sends nothing.
    await amount.fill('50')
    await confirm.tap()
    await page.getByRole('alert').filter({ hasText: 'ยอดถอนขั้นต่ำ 100 บาท' }).waitFor()
    expect(await amount.inputValue()).toBe('100')
    await amount.fill('5')
    await amount.blur()
    expect(await amount.inputValue()).toBe('100')
    await page.getByRole('alert').filter({ hasText: 'ยอดถอนขั้นต่ำ 100 บาท' }).waitFor()
    await viewShot(page, 'player-withdraw-validation')
    expect(posts).toEqual([])

    await amount.fill('1500')
    expect(await amount.inputValue()).toBe('1,500')
    // Two taps in one go, before the page can re-render the disabled button.
    await confirm.evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
    await page.locator('.toast--success', { hasText: 'ได้รับคำขอถอนเงินแล้ว' }).waitFor()
    await page.getByTestId('withdraw-balance').filter({ hasText: '฿500.00' }).waitFor()
    expect(await amount.inputValue()).toBe('')
    expect(posts).toEqual([{ amount: 1500, key: expect.stringMatching(/^[\x21-\x7e]{16,}$/) as unknown }])
    const history = await call<{ list: HistoryItem[] }>(suite.baseUrl, 'GET', '/api/wallet/histories?page=0', { token })
    expect(history.body.data.list.filter((item) => item.txtype === 'WITHDRAW')).toEqual([expect.objectContaining({ txamount: 1500, txstatus: 'PENDING' })])
    await viewShot(page, 'player-withdraw-success')

    // A second withdrawal while one is pending: the server's refusal is the error toast.
    await amount.fill('200')
    await confirm.tap()
    await page.locator('.toast--error', { hasText: 'มีรายการถอนที่รอดำเนินการอยู่แล้ว' }).waitFor()

    // The history link opens the deposit-withdraw tab.
    await page.getByRole('link', { name: 'ดูประวัติการถอน' }).tap()
    await atPath(page, '/history')
    expect(await page.getByRole('tab', { name: 'ฝาก-ถอน' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('table', { name: 'ประวัติการฝาก-ถอน' }).getByText('รอดำเนินการ').waitFor()
    expect(problems).toEqual([])
  })

  it('withdraw under a MAX_WITHDRAW promotion: the field is locked with the amount; the page says why it waits', async () => {
    const player = await registerPlayer(suite.baseUrl)
    const token = await loginToken(suite.baseUrl, player)
    const promotions = await call<{ list: { id: number; title: string; rules: { type: string }[] }[] }>(suite.baseUrl, 'GET', '/api/promotion', { token })
    const capped = promotions.body.data.list.find((promotion) => promotion.rules.some((rule) => rule.type === 'MAX_WITHDRAW'))!
    const draft = await call(suite.baseUrl, 'POST', '/api/wallet/deposit/draft_bill', { token, body: { amount: 200, promotion: capped.id } })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    await deposit(suite.baseUrl, player.mobile, 200)
    const config = await call<{ options: { mandatory: boolean; value: number } }>(suite.baseUrl, 'GET', '/api/wallet/withdraw', { token })
    expect(config.body.data.options.mandatory).toBe(true)
    const fixed = config.body.data.options.value

    const { page, problems } = await open(token, '/withdraw')
    const amount = page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)')
    await page.waitForFunction(
      (expected) => (document.querySelector('input[inputmode="numeric"]') as HTMLInputElement | null)?.value === expected,
      fixed.toLocaleString('en-US'),
    )
    expect(await amount.getAttribute('readonly')).not.toBeNull()
    await page.getByText(`โปรโมชั่นที่รับอยู่กำหนดยอดถอนไว้ที่ ${fixed.toLocaleString('en-US')} บาท`, { exact: false }).waitFor()
    await viewShot(page, 'player-withdraw-mandatory')
    await page.setViewportSize({ width: 360, height: 780 })
    await viewShot(page, 'player-withdraw-mandatory-360')
    // Its turnover is not met: nothing can be sent yet, and the page says so before any tap (issue 36, ADR 072).
    await page.getByTestId('withdraw-held').filter({ hasText: 'ยังถอนไม่ได้' }).waitFor()
    expect(await page.getByRole('button', { name: 'ยืนยัน' }).isDisabled()).toBe(true)

    // The promotion's activity shows in history through router state tab: 'activity' (its tab button is disabled).
    await page.evaluate(() => window.history.replaceState({ usr: { tab: 'activity' }, key: 'e2e', idx: 0 }, '', '/history'))
    await page.reload()
    const table = page.getByRole('table', { name: 'ประวัติกิจกรรมโปรโมชั่น' })
    await table.getByText(capped.title).waitFor()
    expect(await table.getByRole('row').nth(1).textContent()).toMatch(/บาท(รอดำเนินการ|สำเร็จ)$/)
    expect(await page.getByRole('tab', { name: 'กิจกรรม' }).isDisabled()).toBe(true)
    await viewShot(page, 'player-history-activity')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  /** A new player running the new-member promotion: 300 baht and a 150 baht bonus, turnover 5 × 300 = 1,500 to play. */
  async function runningWelcome(firstname: string): Promise<string> {
    const player = await registerPlayer(suite.baseUrl, { firstname })
    const token = await loginToken(suite.baseUrl, player)
    const promotions = await call<{ list: { id: number; title: string }[] }>(suite.baseUrl, 'GET', '/api/promotion', { token })
    const welcome = promotions.body.data.list.find((promotion) => promotion.title === 'สมาชิกใหม่ รับโบนัส 50%')!
    const draft = await call(suite.baseUrl, 'POST', '/api/wallet/deposit/draft_bill', { token, body: { amount: 300, promotion: welcome.id } })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    await deposit(suite.baseUrl, player.mobile, 300)
    return token
  }

  it('a promotion whose turnover is not met: withdrawable 0 and the turnover left, before the player types (issue 36)', async () => {
    const token = await runningWelcome('ถอนได้')
    const { page, problems } = await open(token, '/withdraw')
    await page.getByTestId('withdraw-balance').filter({ hasText: '฿0.00' }).waitFor()
    await page.getByTestId('withdraw-total').filter({ hasText: 'ยอดเงินทั้งหมด ฿450.00' }).waitFor()
    expect(await page.getByTestId('withdraw-held').textContent()).toBe('ยังถอนไม่ได้จนกว่าจะทำยอดโปรโมชั่น สมาชิกใหม่ รับโบนัส 50% ครบ: ยอดเล่นอีก 1,500 บาท')
    expect(await page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'ยืนยัน' }).isDisabled()).toBe(true)
    await viewShot(page, 'player-withdraw-held')
    expect(await seriousAxeViolations(page)).toEqual([])
    // The server's own refusal formats the amount too.
    const refused = await call(suite.baseUrl, 'POST', '/api/wallet/withdraw', { token, body: { amount: 450 } })
    expect(refused.body.message).toBe('ยังถอนไม่ได้ เนื่องจากยังทำยอดโปรโมชั่นไม่ครบ (ยอดเล่นอีก 1,500 บาท)')
    expect(problems).toEqual([])
  })

  it('while a promotion runs the promotion page says which and until what; the lobby names it and marks the games it forbids (issue 36)', async () => {
    const token = await runningWelcome('โปรโมชั่น')
    const { page, problems } = await open(token, '/promotion')
    const note = page.getByTestId('running-promotion')
    await note.filter({ hasText: 'คุณกำลังรับโปรโมชั่น สมาชิกใหม่ รับโบนัส 50% อยู่' }).waitFor()
    expect(await note.textContent()).toContain('ทำยอดเล่นอีก 1,500 บาทแล้วถอนเงิน')
    expect(await page.getByText('ไม่มีข้อมูล').count()).toBe(0)
    await viewShot(page, 'player-promotion-running')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.goto('/')
    await page.getByText('กำลังรับโปรโมชั่น สมาชิกใหม่ รับโบนัส 50%').waitFor()
    expect(await page.getByText('เลือกรับโบนัสก่อนฝากเงิน').count()).toBe(0)
    const fishing = page.getByRole('list', { name: 'เกมยิงปลา' })
    await fishing.getByText('ติดเงื่อนไขโปร').first().waitFor()
    await fishing.scrollIntoViewIfNeeded()
    await viewShot(page, 'player-lobby-forbidden')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('history: info tab from the bottom bar, deposit-withdraw tab with coloured statuses and prev/next paging', async () => {
    const player = await registerPlayer(suite.baseUrl, { firstname: 'ประวัติ' })
    const token = await loginToken(suite.baseUrl, player)
    // 23 deposits: two pages of 20 and 3.
    for (let n = 1; n <= 23; n++) await deposit(suite.baseUrl, player.mobile, 100 + n)
    const { page, problems } = await open(token)
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ประวัติ' }).tap()
    await atPath(page, '/history')
    expect(await page.getByRole('tab', { name: 'ข้อมูลส่วนตัว' }).getAttribute('aria-selected')).toBe('true')
    await page.getByTestId('profile-mobile').filter({ hasText: player.mobile }).waitFor()
    expect((await page.getByTestId('bank-account-number').textContent())?.replaceAll('-', '')).toBe(player.bank_account)
    await viewShot(page, 'player-history-info')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('tab', { name: 'ฝาก-ถอน' }).tap()
    const table = page.getByRole('table', { name: 'ประวัติการฝาก-ถอน' })
    await table.waitFor()
    expect(await table.locator('tbody tr').count()).toBe(20)
    const first = await table.locator('tbody tr').first().locator('td').allTextContents()
    // Type, amount, status, and the date in a column of its own (spec §2).
    expect(first.slice(0, 3)).toEqual(['ฝากเงิน', '฿123.00', 'สำเร็จ'])
    expect(first[3]).toMatch(/^\d{1,2} [ก-๙.]+ 25\d\d \d{2}:\d{2}$/)
    expect(
      await table
        .locator('.status-badge')
        .first()
        .evaluate((badge) => getComputedStyle(badge).color),
    ).toBe('rgb(187, 247, 208)')
    const previous = page.getByRole('button', { name: 'หน้าก่อนหน้า' })
    const next = page.getByRole('button', { name: 'หน้าถัดไป' })
    expect(await page.getByRole('navigation', { name: 'เปลี่ยนหน้า' }).textContent()).toContain('หน้า 1')
    expect([await previous.isDisabled(), await next.isDisabled()]).toEqual([true, false])
    await shot(page, 'player-history-wallet')
    expect(await seriousAxeViolations(page)).toEqual([])

    await next.tap()
    await page.getByText('หน้า 2').waitFor()
    await table.getByText('฿101.00').waitFor()
    expect(await table.locator('tbody tr').count()).toBe(3)
    expect([await previous.isDisabled(), await next.isDisabled()]).toEqual([false, true])
    await viewShot(page, 'player-history-wallet-page-2')
    await previous.tap()
    await page.getByText('หน้า 1').waitFor()
    await page.setViewportSize({ width: 360, height: 780 })
    await viewShot(page, 'player-history-wallet-360')
    expect(problems).toEqual([])
  })

  it('password change: the rules, the server’s refusal inline, success then the forced logout after 5 s', async () => {
    const { player, page, problems } = await suite.newPlayerPhone('รหัส')
    // Playwright's clock: the 5 s wait passes in an instant.
    await page.clock.install()
    await page.goto('/history')
    await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).tap()
    const form = page.getByRole('form', { name: 'เปลี่ยนรหัสผ่าน' })
    const confirm = form.getByRole('button', { name: 'ยืนยัน' })
    expect(await confirm.isDisabled()).toBe(true)
    await form.getByLabel('รหัสผ่านเดิม').fill('wrong-pass')
    await form.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('abc')
    await form.getByLabel('ยืนยันรหัสผ่านใหม่').fill('abc')
    await form.getByRole('alert').filter({ hasText: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร' }).waitFor()
    expect(await confirm.isDisabled()).toBe(true)
    await form.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('new-pass-9')
    await form.getByLabel('ยืนยันรหัสผ่านใหม่').fill('new-pass-8')
    await form.getByRole('alert').filter({ hasText: 'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน' }).waitFor()
    await viewShot(page, 'player-history-password')
    expect(await seriousAxeViolations(page)).toEqual([])
    await form.getByLabel('ยืนยันรหัสผ่านใหม่').fill('new-pass-9')
    await confirm.tap()
    const refusal = form.getByRole('alert').filter({ hasText: 'รหัสผ่านเดิมไม่ถูกต้อง' })
    await refusal.waitFor()
    // The refusal is seen: above the fixed bottom bar, not under it.
    const bar = await page.getByRole('navigation', { name: 'เมนูหลัก' }).boundingBox()
    const shown = await refusal.boundingBox()
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(bar!.y)

    await form.getByLabel('รหัสผ่านเดิม').fill(player.password)
    await confirm.tap()
    await page.locator('.toast--success', { hasText: 'เปลี่ยนรหัสผ่านสำเร็จ' }).waitFor()
    expect(await form.getByLabel('รหัสผ่านเดิม').inputValue()).toBe('')
    await page.getByText('ระบบจะออกจากระบบใน 5 วินาที', { exact: false }).waitFor()
    await page.clock.runFor(4000)
    expect(new URL(page.url()).pathname).toBe('/history')
    await page.clock.runFor(1500)
    await atPath(page, '/login')
    expect(await loginToken(suite.baseUrl, { mobile: player.mobile, password: 'new-pass-9' })).toBeTruthy()
    expect(problems).toEqual([])
  })
})
