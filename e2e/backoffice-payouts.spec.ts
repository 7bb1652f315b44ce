// Payouts through the demo bank (issue 37 §3, ADR 081) at desk size: finance.a approves the demo player's 777 baht
// withdrawal without typing a reference; the demo bank pays it and loses its answer, so it waits under จ่ายเงินผ่านธนาคาร
// with its age; asking the bank again leaves it unknown; finance.a proposes "paid" with the statement's reference, may
// not confirm it, and finance.b confirms it: the withdrawal is paid, never refunded.
import { describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { demoDeskPage } from './support/desk.ts'
import { call } from './support/http.ts'
import { DEMO } from './support/player.ts'
import { expectAccessible } from './support/page.ts'
import { guideShot } from './support/guide.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ server: { env: { PAYOUT_BANK: 'demo' } } })

const deskPage = (username: string) => demoDeskPage(suite, username)

const balance = async (token: string) => (await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token })).body.data.balance

describe('payouts through the demo bank', () => {
  it('an unknown payout waits with its age, the bank is asked again, and two operators resolve it', { timeout: 240_000 }, async () => {
    const token = (await call<{ token: string }>(suite.baseUrl, 'POST', '/api/auth/login', { body: DEMO })).body.data.token
    const asked = await call(suite.baseUrl, 'POST', '/api/wallet/withdraw', { token, body: { amount: 777 } })
    expect(asked.status).toBe(200)
    expect(await balance(token)).toBe(223)

    const financeA = await deskPage('finance.a')
    await financeA.getByRole('link', { name: 'คิวอนุมัติการถอน' }).click()
    await financeA.getByRole('heading', { name: 'คิวอนุมัติการถอน' }).waitFor()
    await financeA
      .getByRole('row')
      .filter({ hasText: '฿777.00' })
      .getByRole('button', { name: /^อนุมัติ #/ })
      .click()
    const approveDialog = financeA.getByRole('dialog')
    // The bank pays: nothing to type.
    await approveDialog.getByText('ระบบจะตรวจชื่อบัญชีกับธนาคาร', { exact: false }).waitFor()
    expect(await approveDialog.getByLabel('เลขอ้างอิงการโอน').count()).toBe(0)
    await approveDialog.getByRole('button', { name: 'อนุมัติ' }).click()
    await financeA.getByText('อนุมัติแล้ว ส่งคำสั่งจ่ายเงินให้ธนาคารแล้ว').waitFor()

    await financeA.getByRole('link', { name: 'จ่ายเงินผ่านธนาคาร' }).click()
    await financeA.getByRole('heading', { name: 'จ่ายเงินผ่านธนาคาร' }).waitFor()
    const row = financeA.getByRole('row').filter({ hasText: '฿777.00' })
    await row.getByText('ไม่ทราบผลการโอนจากธนาคาร (CONFIRM_DEMO_LOST_ANSWER)', { exact: false }).waitFor()
    await row
      .getByText(/\d+ นาที/)
      .first()
      .waitFor()
    await expectAccessible(financeA, 'payouts: unknown queue')

    await row.getByRole('button', { name: /^ถามธนาคารอีกครั้ง #/ }).click()
    await financeA.getByText('ธนาคารยังไม่ยืนยันผล ระบบจะถามอีกครั้งโดยอัตโนมัติ').waitFor()
    expect(await balance(token)).toBe(223)

    await row.getByRole('button', { name: /^เสนอผล #/ }).click()
    const propose = financeA.getByRole('dialog')
    await propose.getByLabel('ผลจากรายการเดินบัญชี').selectOption('PAID')
    await propose.getByLabel('เลขอ้างอิงในรายการเดินบัญชี').fill('DEMO-STATEMENT-777')
    await propose.getByRole('button', { name: 'เสนอผล' }).click()
    await financeA.getByText('บันทึกข้อเสนอแล้ว รอผู้ใช้งานฝ่ายการเงินอีกคนยืนยัน').waitFor()
    // The proposer may not confirm: the button says why (ADR 075).
    await expect.poll(() => row.getByRole('button', { name: /^ยืนยันผล #/ }).isDisabled()).toBe(true)
    await row.getByText('คุณเป็นผู้เสนอรายการนี้เอง', { exact: false }).waitFor()
    await shot(financeA, 'backoffice-payouts-unknown')
    // The operator guide's picture of the unknown-outcome queue (docs/operator-guide.md, section 9).
    await guideShot(financeA, 'payouts-unknown')

    const financeB = await deskPage('finance.b')
    await financeB.getByRole('link', { name: 'จ่ายเงินผ่านธนาคาร' }).click()
    const rowB = financeB.getByRole('row').filter({ hasText: '฿777.00' })
    await rowB.getByText('DEMO-STATEMENT-777', { exact: false }).waitFor()
    await rowB.getByRole('button', { name: /^ยืนยันผล #/ }).click()
    await financeB.getByRole('dialog').getByRole('button', { name: 'ยืนยันผล' }).click()
    await financeB.getByText('ยืนยันแล้วว่าจ่ายเงินสำเร็จ').waitFor()
    await expect.poll(() => rowB.count()).toBe(0)
    await expectAccessible(financeB, 'payouts: resolved')

    const history = await call<{ list: Array<{ txtype: string; txstatus: string; amount: number }> }>(suite.baseUrl, 'GET', '/api/wallet/histories', { token })
    expect(history.body.data.list.find((h) => h.txtype === 'WITHDRAW')).toMatchObject({ txstatus: 'SUCCESS' })
    expect(await balance(token)).toBe(223)
  })
})
