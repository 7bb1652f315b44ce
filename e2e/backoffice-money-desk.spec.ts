// The money desk in the operator app (issue 18 §1, §3, §9; ADR 035) on a real server, in Chromium at 1366×900, by
// tapping: a manual deposit by one operator waits, a second operator approves it in the approvals queue and the member's
// balance shows it; a manual claim contradicted by a signed bank-feed transfer with the same reference from another
// member's account becomes an exception, counted on the dashboard and resolved with a reason; the day's
// reconciliation. A screenshot and an axe-core scan of each new screen.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newDesktopContext, shot } from './support/browser.ts'
import { call, postBankTransfer } from './support/http.ts'
import { faultEnv, payInAccount, registerPlayers, transferBody, type Player } from './support/money.ts'
import { enrolledFinanceToken, operatorToken } from './support/operator.ts'
import { seriousAxeViolations } from './support/player.ts'
import { startServer, type RunningServer } from './support/server.ts'

let server: RunningServer
let browser: Browser
const contexts: BrowserContext[] = []
let dataDir: string
let players: Player[]
let toAccount: string
let ownerToken: string
let financeToken: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-money-desk-'))
  // A high four-eyes amount: what waits here waits for the policy's other reasons (an unconfirmed manual deposit).
  server = await startServer({ dataDir, env: { ...faultEnv(), BACKOFFICE_FOUR_EYES_BAHT: '100000' } })
  players = await registerPlayers(server.baseUrl, 2, '73')
  toAccount = await payInAccount(server.baseUrl, players[0]!)
  const funded = await postBankTransfer(server.baseUrl, transferBody('md-e2e-funding', toAccount, players[0]!, 1_000_00))
  expect(funded.body.data).toMatchObject({ status: 'MATCHED' })
  browser = await launchBrowser()
  ownerToken = await operatorToken(server.baseUrl)
  financeToken = await enrolledFinanceToken(server.baseUrl, ownerToken, 'finance.kanya')
}, 120_000)
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

/** A desktop page of the operator with this session token (the app keeps it in sessionStorage), on the dashboard. */
async function operatorPage(token: string): Promise<Page> {
  const context = await newDesktopContext(browser, server.baseUrl)
  contexts.push(context)
  await context.addInitScript((t) => sessionStorage.setItem('sanam.backoffice.token', t), token)
  const page = await context.newPage()
  await page.goto('/backoffice/')
  await page.getByRole('heading', { name: 'ภาพรวม' }).waitFor()
  return page
}

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousAxeViolations(page), screen).toEqual([])
}

const balance = async (player: Player) =>
  (await call<{ balance: number }>(server.baseUrl, 'GET', '/api/wallet/v2/balance', { token: player.token })).body.data.balance

describe('the money desk', () => {
  it('a manual deposit waits for a second operator, who approves it in the approvals queue; then the member has it', async () => {
    const member = players[0]!
    const before = await balance(member)
    const owner = await operatorPage(ownerToken)
    await owner.getByRole('link', { name: 'รายการฝาก', exact: true }).click()
    await owner.getByRole('button', { name: 'บันทึกรายการฝากด้วยตนเอง' }).click()
    const dialog = owner.getByRole('dialog')
    await dialog.getByText('ระบบยังไม่เติมเครดิตทันที', { exact: false }).waitFor()
    await dialog.getByLabel('เบอร์โทรศัพท์ของสมาชิก').fill(member.mobile)
    await dialog.getByLabel('จำนวนเงิน').fill('500')
    await dialog.getByLabel('เลขอ้างอิงธนาคาร').fill('KBANK-md-500')
    await dialog.getByLabel('หมายเหตุ (บังคับ)').fill('สมาชิกส่งสลิปทางไลน์')
    await dialog.getByRole('button', { name: 'บันทึกรายการฝาก' }).click()
    // The answer stays on the screen: recorded, waiting, and why; nothing says the member was credited.
    const outcome = owner.getByRole('status', { name: 'ผลการทำรายการล่าสุด' })
    await outcome.getByText('จะเติมเครดิตเมื่อรายการจากธนาคารยืนยัน', { exact: false }).waitFor()
    expect(await outcome.textContent()).toContain('ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้')
    expect(await outcome.textContent()).not.toContain('เติมเครดิตให้สมาชิกแล้ว')
    await expectAccessible(owner, 'deposits with a waiting manual deposit')
    await shot(owner, 'backoffice-money-desk-manual-waiting')
    expect(await balance(member)).toBe(before)

    // The requester's own item: the approve button is disabled, saying another operator must approve.
    await outcome.getByRole('link', { name: 'ดูคิวอนุมัติรายการเงิน' }).click()
    await owner.getByRole('heading', { name: 'คิวอนุมัติรายการเงิน' }).waitFor()
    const row = owner.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await row.getByText('ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้').waitFor()
    const own = row.getByRole('button', { name: /^อนุมัติ #/ })
    expect(await own.isDisabled()).toBe(true)
    await row.getByText('คุณเป็นผู้ขอรายการนี้ ต้องให้ผู้ใช้งานอีกคนอนุมัติ').waitFor()
    expect(await row.textContent()).toContain('admin')
    expect(await row.textContent()).toContain(member.mobile)
    expect(await row.textContent()).toContain('฿500.00')
    await expectAccessible(owner, 'approvals (own request)')
    await shot(owner, 'backoffice-money-desk-approvals-own')

    // The second operator approves it on the same screen.
    const finance = await operatorPage(financeToken)
    await finance.getByRole('link', { name: 'คิวอนุมัติรายการเงิน' }).click()
    await finance.getByRole('heading', { name: 'คิวอนุมัติรายการเงิน' }).waitFor()
    const waiting = finance.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await waiting.getByRole('button', { name: /^อนุมัติ #/ }).click()
    const confirm = finance.getByRole('dialog')
    await confirm.getByText('สมาชิกส่งสลิปทางไลน์').or(confirm.getByText('KBANK-md-500')).first().waitFor()
    await expectAccessible(finance, 'approve dialog')
    await shot(finance, 'backoffice-money-desk-approve-dialog')
    await confirm.getByRole('button', { name: 'อนุมัติ', exact: true }).click()
    await finance.getByText('อนุมัติรายการแล้ว').waitFor()
    await expect.poll(() => balance(member)).toBe(before + 500)

    // It moved to the decided list with who decided.
    await finance.getByRole('button', { name: 'ทำรายการแล้ว' }).click()
    const applied = finance.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await applied.getByText('finance.kanya').waitFor()
    await shot(finance, 'backoffice-money-desk-approvals-applied')
  })

  it('a feed transfer contradicting a manual claim is an exception on the dashboard, resolved with a reason', async () => {
    const [claimant, sender] = [players[0]!, players[1]!]
    const claimed = await call<{ status: string }>(server.baseUrl, 'POST', '/api/backoffice/deposits/manual', {
      token: ownerToken,
      body: { mobile: claimant.mobile, amount: 100, bank_ref: 'KBANK-x', note: 'สมาชิกแจ้งว่าโอนแล้ว' },
    })
    expect(claimed.body.data).toMatchObject({ status: 'PENDING' })
    const raw = JSON.stringify({
      external_id: 'KBANK-x',
      to_account: toAccount,
      from_bank_code: '002',
      from_account: sender.bankAccount,
      amount: 50_000,
      occurred_at: new Date().toISOString(),
    })
    const fed = await postBankTransfer(server.baseUrl, raw)
    expect(fed.body.data).toMatchObject({ status: 'EXCEPTION' })
    const senderBefore = await balance(sender)
    const claimantBefore = await balance(claimant)

    const owner = await operatorPage(ownerToken)
    const card = owner.getByRole('link', { name: /รายการฝากผิดปกติที่รอตรวจสอบ/ })
    await expect.poll(() => card.locator('.card__value').textContent()).toBe('1')
    await shot(owner, 'backoffice-money-desk-dashboard')
    await card.click()
    await owner.getByRole('heading', { name: 'รายการฝากผิดปกติ', level: 1 }).waitFor()
    const compare = owner.getByRole('table', { name: /เปรียบเทียบรายการ/ })
    await compare.getByRole('cell', { name: '฿50,000.00' }).waitFor()
    await compare.getByRole('cell', { name: '฿100.00' }).waitFor()
    await compare.getByRole('cell', { name: `002 · ${sender.bankAccount}` }).waitFor()
    await compare.getByRole('cell', { name: `002 · ${claimant.bankAccount}` }).waitFor()
    expect(await compare.getByRole('cell', { name: 'KBANK-x' }).count()).toBe(2)
    await owner.getByText('ยอดเงินไม่ตรงกับรายการเดิม', { exact: false }).first().waitFor()
    await expectAccessible(owner, 'exceptions')
    await shot(owner, 'backoffice-money-desk-exceptions')

    // The transfer is the sender's: credit it to them, with a reason.
    await owner.getByRole('button', { name: /^เติมเครดิตให้สมาชิก #/ }).click()
    const dialog = owner.getByRole('dialog')
    await dialog.getByLabel('เบอร์โทรศัพท์ของสมาชิกที่เป็นเจ้าของรายการ').fill(sender.mobile)
    await dialog.getByLabel('เหตุผล').fill('ตรวจสลิปแล้ว เงินเป็นของผู้โอน')
    await expectAccessible(owner, 'resolve dialog')
    await shot(owner, 'backoffice-money-desk-resolve')
    await dialog.getByRole('button', { name: 'เติมเครดิตให้สมาชิก' }).click()
    await owner.getByText('บันทึกการแก้ไขแล้ว', { exact: false }).waitFor()
    await expect.poll(() => balance(sender)).toBe(senderBefore + 50_000)
    expect(await balance(claimant)).toBe(claimantBefore)
    await owner.getByText('ไม่มีรายการ').waitFor()
    await owner.getByRole('button', { name: 'เติมเครดิตแล้ว' }).click()
    await owner.getByText('ตรวจสลิปแล้ว เงินเป็นของผู้โอน', { exact: false }).waitFor()
    await shot(owner, 'backoffice-money-desk-exceptions-credited')
  })

  it('the reconciliation shows the day per pay-in account with every difference', async () => {
    const owner = await operatorPage(ownerToken)
    await owner.getByRole('link', { name: 'กระทบยอดรายวัน' }).click()
    await owner.getByRole('heading', { name: 'กระทบยอดรายวัน', level: 1 }).waitFor()
    // The pay-in account: the funding transfer and the exception's transfer, both reported and credited.
    const account = owner.getByRole('article').filter({ hasText: '฿51,000.00' })
    await account.getByText('ยอดตรงกัน ไม่มีรายการที่ต้องตรวจสอบ').waitFor()
    // Without an account: the approved manual deposit no transfer confirmed, and the claim still waiting.
    const manual = owner.getByRole('article').filter({ hasText: 'ไม่มีบัญชีรับเงิน' })
    await manual.getByRole('row').filter({ hasText: 'KBANK-md-500' }).getByText('เติมเครดิตโดยไม่มีรายการจากธนาคารยืนยัน').waitFor()
    await manual.getByRole('row').filter({ hasText: 'KBANK-x' }).getByText('รายการฝากที่เจ้าหน้าที่บันทึก ยังไม่มีรายการจากธนาคารยืนยัน').waitFor()
    await expectAccessible(owner, 'reconciliation')
    await shot(owner, 'backoffice-money-desk-reconciliation')
  })
})
