// The desk's alerts (issue 38 §4, ADR 087) at desk size, on a real server with the demo bank: the demo player's 777 baht
// withdrawal is approved by finance.a, the demo bank loses its answer, and the transaction that marks the payout unknown
// writes one alert. finance.b opens the bell in the top bar: one unread alert saying what happened and what to do,
// linking to the payouts screen; marking it read empties the count for finance.b alone. The list passes an axe scan.
import { describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { approveFromQueue, demoDeskPage } from './support/desk.ts'
import { call } from './support/http.ts'
import { expectAccessible } from './support/page.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ server: { env: { PAYOUT_BANK: 'demo' } } })
const DEMO = { mobile: '0812345678', password: 'sanam1234' }

describe("the desk's alerts", () => {
  it('an unknown payout is one alert in the bell, with what to do and its screen, read per operator', { timeout: 240_000 }, async () => {
    const token = (await call<{ token: string }>(suite.baseUrl, 'POST', '/api/auth/login', { body: DEMO })).body.data.token
    expect((await call(suite.baseUrl, 'POST', '/api/wallet/withdraw', { token, body: { amount: 777 } })).status).toBe(200)

    const financeA = await demoDeskPage(suite, 'finance.a')
    await (await approveFromQueue(financeA, 'คิวอนุมัติการถอน', '฿777.00')).getByRole('button', { name: 'อนุมัติ' }).click()
    await financeA.getByText('อนุมัติแล้ว ส่งคำสั่งจ่ายเงินให้ธนาคารแล้ว').waitFor()

    const financeB = await demoDeskPage(suite, 'finance.b')
    const bell = financeB.getByRole('button', { name: /^การแจ้งเตือน 1 ยังไม่อ่าน$/ })
    await bell.click()
    const list = financeB.getByRole('region', { name: 'การแจ้งเตือนที่ต้องดำเนินการ' })
    const alert = list.getByRole('listitem').filter({ hasText: 'ไม่ทราบผลการโอนเงินถอน' })
    await alert.getByText('777 บาท', { exact: false }).waitFor()
    await alert.getByText('ตรวจสอบยอดในบัญชีธนาคารก่อน ห้ามโอนซ้ำ', { exact: false }).waitFor()
    expect(await alert.getByRole('link', { name: 'ไปที่หน้าจอ' }).getAttribute('href')).toMatch(/\/payouts$/)
    await expectAccessible(financeB, 'desk alerts: the list')
    await shot(financeB, 'h38-desk-alerts')

    await alert.getByRole('button', { name: 'อ่านแล้ว' }).click()
    await financeB.getByRole('button', { name: /^การแจ้งเตือน 0 ยังไม่อ่าน$/ }).waitFor()
    await financeA.reload()
    await financeA.getByRole('button', { name: /^การแจ้งเตือน 1 ยังไม่อ่าน$/ }).waitFor()
    await alert.getByRole('link', { name: 'ไปที่หน้าจอ' }).click()
    await financeB.getByRole('heading', { name: 'จ่ายเงินผ่านธนาคาร' }).waitFor()
  })
})
