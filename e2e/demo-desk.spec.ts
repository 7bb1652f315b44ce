// The demo desk (issue 35 §6) as a visitor finds it after `npm start`: the demo player asks for a withdrawal on a
// phone, the demo desk's finance.a signs in with the published password and the code /api/dev/totp shows, and pays it;
// finance.a records a manual deposit and finance.b confirms it; a report reads what happened. All by tapping.
import { describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { approveFromQueue, demoDeskPage } from './support/desk.ts'
import { call } from './support/http.ts'
import { DEMO } from './support/player.ts'
import { expectAccessible } from './support/page.ts'
import { openReportForToday, openReportsScreen } from './support/reports.ts'
import { useBrowserSuite } from './support/suite.ts'

// A server of its own, as `npm start` seeds it: it moves the demo player's money.
const suite = useBrowserSuite({ server: { env: {} } })

/** Signs in to the back-office by typing, as a visitor reading the README would: password, then the code shown. */
const deskPage = (username: string) => demoDeskPage(suite, username)

const balance = async (token: string) => (await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token })).body.data.balance

describe('the demo desk', () => {
  it(
    'a visitor pays the demo player’s withdrawal as finance.a, confirms a manual deposit with finance.b, and reads the report',
    { timeout: 180_000 },
    async () => {
      const login = await call<{ token: string }>(suite.baseUrl, 'POST', '/api/auth/login', { body: DEMO })
      const token = login.body.data.token
      const phone = await suite.phone({ player: token })
      await phone.page.goto('/')
      await phone.page.getByRole('link', { name: 'ถอนเงิน' }).tap()
      await phone.page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('300')
      await phone.page.getByRole('button', { name: 'ยืนยัน' }).tap()
      await phone.page.locator('.toast--success', { hasText: 'ได้รับคำขอถอนเงินแล้ว' }).waitFor()
      expect(await balance(token)).toBe(700)

      // finance.a may decide money at once: it pays the withdrawal from the queue.
      const financeA = await deskPage('finance.a')
      const payout = await approveFromQueue(financeA, 'คิวอนุมัติการถอน', '฿300.00')
      await payout.getByLabel('เลขอ้างอิงการโอน').fill('DEMO-PAYOUT-1')
      await payout.getByRole('button', { name: 'อนุมัติ' }).click()
      await financeA.getByText('อนุมัติการถอนแล้ว').waitFor()

      // A manual deposit waits for a second person: finance.b, made at set-up too, confirms it.
      await financeA.getByRole('link', { name: 'รายการฝาก', exact: true }).click()
      await financeA.getByRole('button', { name: 'บันทึกรายการฝากด้วยตนเอง' }).click()
      const dialog = financeA.getByRole('dialog')
      await dialog.getByLabel('เบอร์โทรศัพท์ของสมาชิก').fill(DEMO.mobile)
      await dialog.getByLabel('จำนวนเงิน').fill('250')
      await dialog.getByLabel('เลขอ้างอิงธนาคาร').fill('KBANK-DEMO-250')
      await dialog.getByLabel('หมายเหตุ (บังคับ)').fill('สลิปจากสมาชิก')
      await dialog.getByRole('button', { name: 'บันทึกรายการฝาก' }).click()
      await financeA.getByRole('status', { name: 'ผลการทำรายการล่าสุด' }).getByText('จะเติมเครดิตเมื่อรายการจากธนาคารยืนยัน', { exact: false }).waitFor()
      expect(await balance(token)).toBe(700)

      const financeB = await deskPage('finance.b')
      const confirmation = await approveFromQueue(financeB, 'คิวอนุมัติรายการเงิน', 'KBANK-DEMO-250')
      await confirmation.getByRole('button', { name: 'อนุมัติ', exact: true }).click()
      await financeB.getByText('อนุมัติรายการแล้ว').waitFor()
      await expect.poll(() => balance(token)).toBe(950)

      // The report of today's payments shows both.
      await openReportsScreen(financeB)
      await openReportForToday(financeB, 'ฝาก-ถอนรายวัน')
      const today = financeB.getByRole('table', { name: 'ฝาก-ถอนรายวัน' }).getByRole('row').filter({ hasText: '฿300.00' })
      // Today's deposits: the seed's opening 1,000 and the confirmed 250.
      expect(await today.textContent()).toContain('฿1,250.00')
      await expectAccessible(financeB, 'demo desk report')
      await shot(financeB, 'demo-desk-report')
    },
  )
})
