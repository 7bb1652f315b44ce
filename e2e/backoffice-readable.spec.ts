// The back-office read by a person at 1366×900 (issue 36 §7, §8): the audit log in Thai words with a compact diff of
// the changed fields (the whole JSON on demand) in rows of one height, filtered by operator, action and member; the
// members screen listing the newest members before any search; the catalogue's "ดูเกม" taking the operator to the
// games; the operators table's headers on one line. A screenshot and an axe-core scan of each screen.
import { copyFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { call } from './support/http.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { registerPlayer, type TestPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

// A server of its own with the e2e owner: the owner locks a member here, and the log's first page is this file's.
const suite = useBrowserSuite({ server: { env: operatorEnv() } })
let older: TestPlayer
let newer: TestPlayer
let newerId: number

/** A screenshot in e2e/artifacts, copied to /tmp/bas-<name>.png to be looked at. */
async function picture(page: Page, name: string) {
  await copyFile(await shot(page, name), `/tmp/bas-${name}.png`)
}

/** How many lines an element's text takes: one client rect per line of a range over its contents. */
const lines = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange()
    range.selectNodeContents(node)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  })

beforeAll(async () => {
  older = await registerPlayer(suite.baseUrl, { firstname: 'อ่านง่ายเก่า' })
  newer = await registerPlayer(suite.baseUrl, { firstname: 'อ่านง่ายใหม่' })
  const owner = await suite.operatorToken()
  const found = await call<{ list: Array<{ id: number }> }>(suite.baseUrl, 'GET', `/api/backoffice/members?q=${newer.mobile}`, { token: owner })
  newerId = found.body.data.list[0]!.id
  // Something to read in the log about this member: a lock and an unlock, each with its before and after.
  for (const step of ['lock', 'unlock'] as const) {
    const done = await call(suite.baseUrl, 'POST', `/api/backoffice/members/${newerId}/${step}`, { token: owner, body: { reason: `ทดสอบการ${step}` } })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
  }
}, 120_000)

describe('the audit log', () => {
  it('reads in Thai, shows what changed in rows of one height, and filters by member, action and operator', { timeout: 120_000 }, async () => {
    const { page } = await suite.operatorPage('/backoffice/audit')
    await page.getByRole('heading', { name: 'บันทึกการทำงาน', level: 1 }).waitFor()
    const rows = page.locator('tbody tr')
    await expect.poll(() => rows.count()).toBeGreaterThan(2)
    // Every row of the first page (seeded promotions and pay-in accounts write long entries) keeps a normal height.
    await picture(page, 'backoffice-audit-log')
    const heights = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height))
    expect(Math.max(...heights)).toBeLessThan(100)
    await expectAccessible(page, 'audit')

    // The member, by phone: the lock and the unlock, newest first, in Thai words, with what changed.
    await page.getByLabel('สมาชิก (เบอร์โทรศัพท์หรือรหัส)').fill(newer.mobile)
    await page.getByRole('button', { name: 'ค้นหา' }).click()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.nth(0).getByRole('cell').nth(2).textContent()).toBe('ยกเลิกการระงับบัญชีสมาชิก')
    expect(await rows.nth(1).getByRole('cell').nth(2).textContent()).toBe('ระงับบัญชีสมาชิก')
    expect(await rows.nth(1).getByRole('cell').nth(3).textContent()).toBe(`สมาชิก #${newerId}`)
    expect(await rows.nth(1).getByRole('listitem').first().textContent()).toBe('status ACTIVE → LOCKED')
    expect(await rows.nth(1).locator('pre').isVisible()).toBe(false)
    // The whole before and after, on demand.
    await rows.nth(1).getByText('ดูข้อมูลทั้งหมด').click()
    await rows.nth(1).getByText('"reason": "ทดสอบการlock"', { exact: false }).waitFor()
    await expectAccessible(page, 'audit for one member, one entry opened')
    await picture(page, 'backoffice-audit-member')

    // The action, chosen by its Thai name, and the operator.
    await page.getByLabel('การกระทำ').selectOption({ label: 'ระงับบัญชีสมาชิก' })
    await page.getByRole('button', { name: 'ค้นหา' }).click()
    await expect.poll(() => rows.count()).toBe(1)
    await page.getByLabel('ผู้ใช้งาน').selectOption({ label: 'admin' })
    await page.getByRole('button', { name: 'ค้นหา' }).click()
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.nth(0).getByRole('cell').nth(1).textContent()).toBe('admin')
  })
})

describe('small readings', () => {
  it('the members screen lists the newest members before any search', { timeout: 60_000 }, async () => {
    const { page } = await suite.operatorPage('/backoffice/members')
    await page.getByRole('heading', { name: 'สมาชิก', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'สมาชิกล่าสุด' })
    await table.getByRole('cell', { name: newer.mobile, exact: true }).waitFor()
    const mobiles = await table.locator('tbody tr td:first-child').allTextContents()
    expect(mobiles.indexOf(newer.mobile)).toBeGreaterThanOrEqual(0)
    expect(mobiles.indexOf(newer.mobile)).toBeLessThan(mobiles.indexOf(older.mobile))
    await expectAccessible(page, 'members before a search')
    await picture(page, 'backoffice-members-newest')
  })

  it('"ดูเกม" takes the operator down to the provider’s games', { timeout: 60_000 }, async () => {
    const { page } = await suite.operatorPage('/backoffice/catalogue')
    await page.getByRole('heading', { name: 'ค่ายเกมและเกม', level: 1 }).waitFor()
    await page.getByRole('switch', { name: 'เปิดให้เล่น Joker Gaming' }).waitFor()
    await page.getByRole('button', { name: 'ดูเกม Joker Gaming' }).click()
    const heading = page.getByRole('heading', { name: 'เกมของค่าย Joker Gaming' })
    await heading.waitFor()
    await page.getByRole('switch', { name: 'เปิดให้เล่น Roma Legend' }).waitFor()
    await expect.poll(() => heading.evaluate((h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().top < innerHeight / 2)).toBe(true)
    expect(await heading.evaluate((h) => document.activeElement === h)).toBe(true)
    await expectAccessible(page, 'catalogue at the games')
    await copyFile(await shot(page, 'backoffice-catalogue-at-games'), '/tmp/bas-backoffice-catalogue-at-games.png')
  })

  it('the operators table’s headers stay on one line at 1366 px', { timeout: 60_000 }, async () => {
    const { page } = await suite.operatorPage('/backoffice/operators')
    await page.getByRole('heading', { name: 'ผู้ใช้งานหลังบ้าน', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'ผู้ใช้งานหลังบ้าน' })
    await table.getByRole('cell', { name: 'admin', exact: false }).first().waitFor()
    const headers = table.locator('thead th')
    for (let i = 0; i < (await headers.count()); i += 1) expect(await lines(headers.nth(i)), (await headers.nth(i).textContent()) ?? '').toBe(1)
    // …and the table fits the page: nothing to scroll sideways to.
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true)
    await expectAccessible(page, 'operators')
    await picture(page, 'backoffice-operators-headers')
  })
})
