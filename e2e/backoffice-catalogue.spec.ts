// The catalogue editor and the pay-in accounts in the operator app (issue 20 §2 and §6) on a real server, in Chromium at
// 1366×900, with the player app at 390×844: an owner puts a provider in maintenance and the player's lobby shows it
// dimmed and not clickable; a finance operator proposes a pay-in account, a second one activates it, the demo account
// is retired, and the player's deposit page offers the new account. A screenshot and an axe-core scan of each screen.
import { copyFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { deskScreen } from './support/desk.ts'
import { faultEnv, registerPlayers, type Player } from './support/money.ts'
import { staffedMoneyDesk } from './support/money-desk.ts'
import { operatorToken } from './support/operator.ts'
import { atPath, expectAccessible, fillByLabel, settleImages } from './support/page.ts'
import { useBrowserSuite } from './support/suite.ts'

// A server of its own (pay-in accounts change here; other specs read the demo account) with two finance operators set
// up a day before, as four eyes on a pay-in account needs (ADR 036).
const desk = staffedMoneyDesk(faultEnv(), 2)
const suite = useBrowserSuite({ server: desk.start })
let player: Player

beforeAll(async () => {
  player = (await registerPlayers(suite.baseUrl, 1, '74'))[0]!
}, 120_000)

/** A screenshot in e2e/artifacts, copied to /tmp/h3-catalogue-<name>.png to be looked at. */
async function picture(page: Page, name: string, view: 'full' | 'phone' = 'full') {
  const file = view === 'phone' ? await viewShot(page, name) : await shot(page, name)
  await copyFile(file, `/tmp/h3-catalogue-${name}.png`)
}

describe('the catalogue editor', () => {
  it('an owner puts a provider in maintenance; the player lobby shows it dimmed and not clickable', { timeout: 180_000 }, async () => {
    const page = await deskScreen(suite, await suite.operatorToken(), { path: '/backoffice/catalogue', heading: 'ค่ายเกมและเกม' })
    // One positive statement: "open for play", on; switched off, the provider is in maintenance.
    const maintenance = page.getByRole('switch', { name: 'เปิดให้เล่น Joker Gaming' })
    expect(await maintenance.getAttribute('aria-checked')).toBe('true')
    await settleImages(page)
    await expectAccessible(page, 'catalogue')
    await picture(page, 'backoffice-catalogue')

    // The provider's games, and its edit form with the image upload field.
    // "ดูเกม" takes the operator to the games: their heading comes into view, with the focus.
    await page.getByRole('button', { name: 'ดูเกม Joker Gaming' }).click()
    const gamesHeading = page.getByRole('heading', { name: 'เกมของค่าย Joker Gaming' })
    await gamesHeading.waitFor()
    await expect.poll(() => gamesHeading.evaluate((h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().top < innerHeight / 2)).toBe(true)
    expect(await gamesHeading.evaluate((h) => document.activeElement === h)).toBe(true)
    await page.getByRole('switch', { name: 'เปิดให้เล่น Roma Legend' }).waitFor()
    await picture(page, 'backoffice-catalogue-games')
    await page.getByRole('button', { name: 'แก้ไขค่ายเกม Joker Gaming' }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByLabel('ชื่อ', { exact: true }).inputValue()).toBe('Joker Gaming')
    await dialog.getByRole('img', { name: 'รูปภาพ' }).waitFor()
    await expectAccessible(page, 'provider dialog')
    await picture(page, 'backoffice-catalogue-provider-dialog')
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click()

    // Keyboard: the switch is reached and pressed like a button.
    await maintenance.focus()
    await page.keyboard.press('Space')
    await page.getByText('ผู้เล่นจะเห็นการเปลี่ยนแปลงภายในไม่กี่วินาที', { exact: false }).first().waitFor()
    await expect.poll(() => maintenance.getAttribute('aria-checked')).toBe('false')

    const phone = await suite.phone({ player: player.token })
    await phone.page.goto('/')
    await phone.page.getByRole('tab', { name: 'สล็อต' }).click()
    const tile = phone.page.getByRole('list', { name: 'ค่ายเกมสล็อต', exact: true }).getByRole('button', { name: 'Joker Gaming ปิดปรับปรุง' })
    await tile.waitFor()
    expect(await tile.isDisabled()).toBe(true)
    expect(Number(await tile.locator('img').evaluate((image) => getComputedStyle(image).filter.match(/brightness\(([\d.]+)\)/)?.[1]))).toBeLessThan(1)
    await tile.scrollIntoViewIfNeeded()
    await settleImages(phone.page)
    await expectAccessible(phone.page, 'player lobby with a provider in maintenance')
    await picture(phone.page, 'player-lobby-maintenance', 'phone')
  })
})

describe('pay-in accounts', () => {
  it(
    'a finance operator proposes an account, a second one activates it, the demo account is retired, and the deposit page offers the new one',
    { timeout: 180_000 },
    async () => {
      const [first, second] = [await operatorToken(suite.baseUrl, desk.finance[0]!), await operatorToken(suite.baseUrl, desk.finance[1]!)]
      const proposer = await deskScreen(suite, first, { path: '/backoffice/pay-in-accounts', heading: 'บัญชีรับเงินฝาก' })
      await proposer.getByRole('button', { name: 'เสนอบัญชีใหม่' }).click()
      const dialog = proposer.getByRole('dialog')
      await fillByLabel(dialog, {
        ธนาคาร: { option: '014' },
        เลขบัญชี: '1112223334',
        ชื่อบัญชี: 'บจก. สนาม สาขาใหม่',
        ประเภทพร้อมเพย์: { option: 'NATID' },
        หมายเลขพร้อมเพย์: '0105555555555',
      })
      await expectAccessible(proposer, 'propose dialog')
      await picture(proposer, 'backoffice-payin-propose')
      await dialog.getByRole('button', { name: 'บันทึก' }).click()
      await proposer.getByText('จะเปิดให้ผู้เล่นโอนเงินเมื่อเจ้าหน้าที่การเงินอีกคนเปิดใช้งาน', { exact: false }).first().waitFor()
      const own = proposer.getByRole('row').filter({ hasText: '1112223334' })
      await own.getByText('รอเปิดใช้งาน').waitFor()
      await own.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติบัญชีรับเงินฝากเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ').waitFor()
      expect(await own.getByRole('button', { name: /^เปิดใช้งาน/ }).isDisabled()).toBe(true)
      await expectAccessible(proposer, 'pay-in accounts with a pending one')
      await picture(proposer, 'backoffice-payin-pending')

      const approver = await deskScreen(suite, second, { path: '/backoffice/pay-in-accounts', heading: 'บัญชีรับเงินฝาก' })
      const pending = approver.getByRole('row').filter({ hasText: '1112223334' })
      await pending.getByRole('button', { name: 'เปิดใช้งาน 1112223334' }).click()
      await pending.getByText('ใช้งานอยู่').waitFor()
      const demo = approver.getByRole('row').filter({ hasText: '4071234567' })
      await demo.getByRole('button', { name: 'ปิดใช้งาน 4071234567' }).click()
      await demo.getByText('ปิดใช้งานแล้ว').waitFor()
      await expectAccessible(approver, 'pay-in accounts')
      await picture(approver, 'backoffice-payin-active')

      const phone = await suite.phone({ player: player.token })
      await phone.page.goto('/deposit')
      await atPath(phone.page, '/deposit')
      const target = phone.page.getByTestId('target-bank')
      await target.getByText('111-2-22333-4').waitFor()
      expect(await target.textContent()).toContain('บจก. สนาม สาขาใหม่')
      await target.getByRole('img', { name: /คิวอาร์โค้ดพร้อมเพย์/ }).waitFor()
      await settleImages(phone.page, { loaded: true })
      await target.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      await expectAccessible(phone.page, 'deposit page with the new account')
      await picture(phone.page, 'player-deposit-new-account', 'phone')
    },
  )
})
