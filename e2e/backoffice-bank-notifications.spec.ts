// Bank notifications on the desk (issue 37 §2, ADR 080), on a real server, in Chromium at 1366×900: a phone forwards
// the pay-in account's SCB texts (signed like the bank feed, with the notification secret): an incoming transfer from
// a player's KBank account (masked, no name: it waits), an outgoing one, a one-time code and a text in no known
// wording; the feed then reports the incoming transfer and it is credited once. The owner opens the day's
// notifications, sees each with its status (the unreadable and outgoing ones listed, never credited), filters the
// unreadable ones, and the screen passes an axe-core scan. A screenshot of the list. Then the deposit desk's count of
// today's transfers per source (issue 37 §5, ADR 086) moves by one for each source a transfer arrives by: the feed, a
// notification, a player's slip (the demo bank's transfer, verified by the demo verifier), an operator's manual deposit.
import { DEMO_BANK_NOTIFICATION_SECRET, DEMO_DESK, DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import type { Page } from 'playwright-core'
import { signatureHeaders } from '@sanam/contract/signing'
import { BANGKOK_OFFSET_MS } from '@sanam/contract/bangkok'
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { bankSignature, call } from './support/http.ts'
import { operatorEnv, operatorToken } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { guideShot } from './support/guide.ts'
import { loginToken, registerPlayer, type TestPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ server: { env: operatorEnv() } })
const PATH = '/api/bank/notifications'
let player: TestPlayer

/** Now as SCB prints it: `DD/MM@HH:MM`, Bangkok time. */
function scbNow(): string {
  const wall = new Date(Date.now() + BANGKOK_OFFSET_MS).toISOString()
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}@${wall.slice(11, 16)}`
}

async function forward(text: string, sender = '027777777') {
  const raw = JSON.stringify({ text, sender, received_at: Date.now() })
  const headers = signatureHeaders(DEMO_BANK_NOTIFICATION_SECRET, { method: 'POST', path: PATH, body: raw, now: new Date() })
  const answer = await call<{ status: string; deposit_id: number | null }>(suite.baseUrl, 'POST', PATH, { raw, headers })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

beforeAll(async () => {
  player = await registerPlayer(suite.baseUrl, { bankCode: '004' })
}, 60_000)

describe('bank notifications on the desk', () => {
  it('keeps every forwarded text, credits the incoming one once with the feed, and lists them all with their status', async () => {
    const account = await call<{ to_account: string }>(suite.baseUrl, 'GET', `/api/dev/bank-account?mobile=${player.mobile}`)
    const payIn = account.body.data.to_account
    const lastSix = player.bank_account.slice(-6)
    const incoming = await forward(`${scbNow()} 1,500.00 จากKBNK/x${lastSix}เข้าx${payIn.slice(-6)} ใช้ได้27,500.00บ`)
    expect(incoming.status).toBe('UNMATCHED')
    expect((await forward(`${scbNow()} ถอน/โอน 200.00 จากx${payIn.slice(-6)} ใช้ได้27,300.00บ`)).status).toBe('OUTGOING')
    expect((await forward('รหัส OTP คือ 771204 (Ref: QWPA) ใช้ภายใน 5 นาที')).status).toBe('IGNORED')
    expect((await forward(`ยินดีด้วย! คุณได้รับเงิน 1,500.00 บาท กดรับที่ลิงก์`)).status).toBe('UNPARSED')

    // The feed reports the same transfer: it completes the notification's deposit, one credit.
    const raw = JSON.stringify({
      external_id: `e2e-${randomBytes(8).toString('hex')}`,
      to_account: payIn,
      from_bank_code: '004',
      from_account: player.bank_account,
      from_name: `${player.firstname} ${player.surname}`,
      amount: 1500,
      occurred_at: new Date().toISOString(),
    })
    const fed = await call<{ status: string; deposit_id: number }>(suite.baseUrl, 'POST', '/api/bank/transfers', { raw, headers: bankSignature(raw) })
    expect(fed.body.data).toEqual({ status: 'MATCHED', deposit_id: incoming.deposit_id })

    const { page, problems } = await suite.operatorPage()
    await page.getByRole('link', { name: 'ข้อความแจ้งเตือนธนาคาร', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'ข้อความแจ้งเตือนธนาคาร' }).waitFor()
    const table = page.getByRole('table', { name: 'ข้อความแจ้งเตือนธนาคาร' })
    const incomingRow = table
      .getByRole('row')
      .filter({ hasText: `x${lastSix}` })
      .filter({ hasText: 'จากKBNK' })
    await incomingRow.waitFor()
    await expect.poll(() => incomingRow.textContent()).toContain(`รายการฝาก #${incoming.deposit_id} (จับคู่อัตโนมัติ)`)
    expect(await incomingRow.textContent()).toContain('฿1,500.00')
    for (const status of ['เงินออก', 'ไม่ใช่รายการเงิน', 'อ่านไม่ได้']) await table.getByRole('row').filter({ hasText: status }).first().waitFor()
    await expectAccessible(page, 'bank notifications: the day')
    await shot(page, 'h37-bank-notifications-day')

    await page.getByRole('button', { name: 'อ่านไม่ได้', exact: true }).click()
    await table.getByRole('row').filter({ hasText: 'กดรับที่ลิงก์' }).waitFor()
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'จากKBNK' }).count()).toBe(0)
    await expectAccessible(page, 'bank notifications: unreadable')
    expect(problems).toEqual([])
  })

  it('counts today’s transfers per source on the deposit desk, one more for each source a transfer arrives by', async () => {
    const finance = DEMO_DESK.find((o) => o.username === 'finance.a')!
    const financeToken = await operatorToken(suite.baseUrl, { ...finance, password: DEMO_DESK_PASSWORD })
    const { page, problems } = await suite.desktop({ operator: financeToken })
    await page.goto('/backoffice/deposits')
    const before = await sourceCounts(page)

    // The feed: a transfer from an account no member has (it waits).
    const raw = JSON.stringify({
      external_id: `e2e-${randomBytes(8).toString('hex')}`,
      to_account: (await call<{ to_account: string }>(suite.baseUrl, 'GET', `/api/dev/bank-account?mobile=${player.mobile}`)).body.data.to_account,
      from_bank_code: '002',
      from_account: '9990001112',
      amount: 250,
      occurred_at: new Date().toISOString(),
    })
    expect((await call<{ status: string }>(suite.baseUrl, 'POST', '/api/bank/transfers', { raw, headers: bankSignature(raw) })).body.data.status).toBe(
      'UNMATCHED',
    )
    // A notification: a one-time code, kept, no money.
    expect((await forward(`รหัส OTP คือ ${randomBytes(3).readUIntBE(0, 3) % 1_000_000} ใช้ภายใน 5 นาที`)).status).toBe('IGNORED')
    // A slip of a transfer the demo bank made from the player's account: the demo verifier confirms it, credited.
    const made = await call<{ payload: string }>(suite.baseUrl, 'POST', '/api/dev/demo-bank/transfers', { body: { mobile: player.mobile, amount: 300 } })
    const slip = await call<{ status: string }>(suite.baseUrl, 'POST', '/api/wallet/deposit/slip', {
      token: await loginToken(suite.baseUrl, player),
      body: { payload: made.body.data.payload },
    })
    expect(slip.body.data.status, JSON.stringify(slip.body)).toBe('CREDITED')
    // An operator's manual deposit: it waits for the feed or a second operator.
    const manual = await call<{ status: string }>(suite.baseUrl, 'POST', '/api/backoffice/deposits/manual', {
      token: financeToken,
      body: { mobile: player.mobile, amount: 700, bank_ref: `e2e-${randomBytes(6).toString('hex')}`, note: 'สลิปจากไลน์' },
    })
    expect(manual.body.data.status).toBe('PENDING')

    await page.reload()
    const plus = (source: string, column: number) => before[source]!.map((n, i) => (i === 0 || i === column ? n + 1 : n))
    await expect
      .poll(() => sourceCounts(page))
      .toEqual({ BANK_FEED: plus('BANK_FEED', 2), SLIP: plus('SLIP', 1), NOTIFICATION: plus('NOTIFICATION', 4), MANUAL: plus('MANUAL', 2) })
    await expectAccessible(page, 'deposit desk: today per source')
    await shot(page, 'h37-deposit-sources-today')
    // The operator guide's picture of the counts (docs/operator-guide.md, section 11).
    await guideShot(page, 'deposit-sources', page.getByRole('region', { name: 'รายการเงินเข้าวันนี้ แยกตามช่องทาง' }))
    expect(problems).toEqual([])
  })
})

/** The deposit desk's table of today per source: each source's arrived, matched, waiting, failed, not money. */
async function sourceCounts(page: Page): Promise<Record<string, number[]>> {
  const table = page.getByRole('table', { name: 'รายการเงินเข้าวันนี้ แยกตามช่องทาง' })
  await table.waitFor()
  return table.evaluate((t) =>
    Object.fromEntries(
      [...t.querySelectorAll('tbody tr')].map((r) => [
        (r as HTMLElement).dataset.source ?? '',
        [...r.querySelectorAll('td')].map((td) => Number((td.textContent ?? '').replace(/,/g, ''))),
      ]),
    ),
  )
}
