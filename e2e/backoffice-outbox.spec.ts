// The outbox on the desk (issue 38 §1 and §5, ADR 083), on a real server, in Chromium at 1366×900: a player registers
// (the registration code is a message of the outbox, sent by the console gateway of demo mode); the owner opens
// "ข้อความถึงผู้ใช้" from the menu and reads today's SMS count per channel, never the code itself; the screen passes an
// axe-core scan. LINE is on, with the desk's LINE group: a deposit exception's alert to that group, refused by the fake
// LINE, is listed failed with the group's id masked (its first four and last four characters), never whole. A
// screenshot of it.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeLineServer } from '../apps/api/test/fakes/line-server.ts'
import { shot } from './support/browser.ts'
import { call, postBankTransfer } from './support/http.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { registerPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

const SECRET = 'line-channel-secret-of-the-outbox-e2e'
/** The desk's LINE group: on the page only as `C5e5…5e5e`. */
const GROUP = `C${'5e'.repeat(16)}`
const line = await fakeLineServer({ channelSecret: SECRET })
const suite = useBrowserSuite({
  server: {
    env: {
      ...operatorEnv(),
      LINE_CHANNEL_SECRET: SECRET,
      LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-channel-access-token-e2e',
      LINE_API_URL: line.url,
      LINE_ACCOUNT_LINK_URL: line.accountLinkUrl,
      LINE_LINK_PAGE_URL: 'http://127.0.0.1:9/line/link',
      LINE_DESK_GROUP_ID: GROUP,
    },
  },
})
afterAll(() => line.close())

beforeAll(async () => {
  const player = await registerPlayer(suite.baseUrl)
  // A feed transfer, then the bank's report of the same reference with another amount: a deposit exception, whose
  // alert goes to the desk's LINE group in its transaction; LINE refuses the push for good (400), so it is listed failed.
  line.failNext('/v2/bot/message/push', { status: 400, body: { message: 'The request body has 1 error(s)' } })
  const account = await call<{ bank_code: string; bank_account: string; to_account: string }>(
    suite.baseUrl,
    'GET',
    `/api/dev/bank-account?mobile=${player.mobile}`,
  )
  const transfer = {
    external_id: `e2e-${randomBytes(8).toString('hex')}`,
    to_account: account.body.data.to_account,
    from_bank_code: account.body.data.bank_code,
    from_account: account.body.data.bank_account,
    amount: 300,
    occurred_at: new Date().toISOString(),
  }
  expect((await postBankTransfer(suite.baseUrl, JSON.stringify(transfer))).body.data.status).toBe('MATCHED')
  expect((await postBankTransfer(suite.baseUrl, JSON.stringify({ ...transfer, amount: 350 }))).body.data.status).toBe('EXCEPTION')
  for (let i = 0; i < 100 && line.requestsTo('/v2/bot/message/push').length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
  expect(line.requestsTo('/v2/bot/message/push')).toHaveLength(1)
}, 60_000)

describe('the outbox on the desk', () => {
  it("counts today's sent SMS per channel without showing a code, lists LINE's failed message with its id masked, and passes an axe scan", async () => {
    const { page, problems } = await suite.operatorPage()
    await page.getByRole('link', { name: 'ข้อความถึงผู้ใช้', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'ข้อความถึงผู้ใช้' }).waitFor()
    const smsRow = page.getByRole('table').getByRole('row').filter({ hasText: 'SMS' })
    await smsRow.waitFor()
    const sent = Number((await smsRow.getByRole('cell').first().textContent())?.trim())
    expect(sent).toBeGreaterThanOrEqual(1)
    // No registration code (six digits) is on the page.
    const main = page.locator('main')
    expect(await main.textContent()).not.toMatch(/\b\d{6}\b/)
    // The desk's LINE group is named by its first four and last four characters only.
    await main.getByText('LINE C5e5…5e5e', { exact: false }).waitFor()
    expect(await main.textContent()).not.toContain(GROUP)
    await expectAccessible(page, 'outbox: today')
    await shot(page, 'h38-outbox-today')
    expect(problems).toEqual([])
  })
})
