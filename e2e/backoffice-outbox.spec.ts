// The outbox on the desk (issue 38 §1 and §5, ADR 083), on a real server, in Chromium at 1366×900: a player registers
// (the registration code is a message of the outbox, sent by the console gateway of demo mode); the owner opens
// "ข้อความถึงผู้ใช้" from the menu and reads today's SMS count per channel, never the code itself; the screen passes an
// axe-core scan. A screenshot of it.
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { registerPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ server: { env: operatorEnv() } })

beforeAll(async () => {
  await registerPlayer(suite.baseUrl)
}, 60_000)

describe('the outbox on the desk', () => {
  it("counts today's sent SMS per channel without showing a code, and passes an axe scan", async () => {
    const { page, problems } = await suite.operatorPage()
    await page.getByRole('link', { name: 'ข้อความถึงผู้ใช้', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'ข้อความถึงผู้ใช้' }).waitFor()
    const smsRow = page.getByRole('table').getByRole('row').filter({ hasText: 'SMS' })
    await smsRow.waitFor()
    const sent = Number((await smsRow.getByRole('cell').first().textContent())?.trim())
    expect(sent).toBeGreaterThanOrEqual(1)
    // No registration code (six digits) is on the page.
    expect(await page.locator('main').textContent()).not.toMatch(/\b\d{6}\b/)
    await expectAccessible(page, 'outbox: today')
    await shot(page, 'h38-outbox-today')
    expect(problems).toEqual([])
  })
})
