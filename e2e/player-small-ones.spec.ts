import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { atPath, expectAccessible } from './support/page.ts'
import { deposit, loginToken, openRegisterBankSheet, registerPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * Issue 36 §5, the small ones a player saw at 390 × 844: the avatar's letter past a Thai leading vowel (c), history's
 * status pills clear of the date column and pills and buttons on one line (d), and the three ttb-family banks told
 * apart in the register bank list and on the profile (f). Phone-sized Chromium against the built server.
 */

interface Box {
  text: string
  lines: number
  left: number
  right: number
  top: number
  bottom: number
}

/** Each element's text: on how many lines it is drawn (its text nodes' line boxes), and the box of that text. */
async function textBoxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const rects: DOMRect[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0))
      }
      // A line is a run of rectangles whose tops lie within a few pixels (Thai marks above and below shift a fragment).
      const tops = rects.map((rect) => rect.top).sort((a, b) => a - b)
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 6).length
      const box = element.getBoundingClientRect()
      return { text: element.textContent?.trim() ?? '', lines, left: box.left, right: box.right, top: box.top, bottom: box.bottom }
    }),
  )
}

/** Fails naming every element of `locator` whose text wraps onto a second line. */
async function expectOneLine(locator: Locator, what: string): Promise<void> {
  const boxes = await textBoxes(locator)
  expect(boxes.length, what).toBeGreaterThan(0)
  expect(
    boxes.filter((box) => box.lines !== 1).map((box) => `${box.text}: ${box.lines} lines`),
    what,
  ).toEqual([])
}

async function openAs(suite: ReturnType<typeof useBrowserSuite>, token: string, path: string): Promise<Page> {
  const { page } = await suite.phone({ player: token })
  await page.goto(path)
  return page
}

describe('player app: the small ones of issue 36 §5 at 390 × 844', () => {
  const suite = useBrowserSuite()

  it('c, f: the avatar shows จ for ใจดี; the profile names a former TMB account as such', async () => {
    const player = await registerPlayer(suite.baseUrl, { firstname: 'ใจดี', bankCode: '076' })
    const page = await openAs(suite, await loginToken(suite.baseUrl, player), '/')
    await page.getByRole('heading', { level: 1, name: 'สวัสดี คุณใจดี' }).waitFor()
    expect(await page.locator('.account-card__avatar').textContent()).toBe('จ')
    await viewShot(page, 'player-lobby-avatar-leading-vowel')

    await page.goto('/history')
    await page.getByText('ธนาคารทหารไทย (ชื่อเดิม)').waitFor()
    await expectAccessible(page, 'history info tab, a former-name bank')
    await viewShot(page, 'player-profile-former-bank-name')
  })

  it('f: the register bank list tells the three ttb-family banks apart', async () => {
    const { page } = await suite.phone()
    const names = (await openRegisterBankSheet(page)).locator('.bank-list__name')
    await names.first().waitFor()
    const all = await names.allTextContents()
    expect(all).toEqual(expect.arrayContaining(['ธนาคารทหารไทยธนชาต (ttb)', 'ธนาคารธนชาต (ชื่อเดิม)', 'ธนาคารทหารไทย (ชื่อเดิม)']))
    expect(new Set(all).size).toBe(all.length)
    await page.getByText('ธนาคารทหารไทย (ชื่อเดิม)').scrollIntoViewIfNeeded()
    await expectAccessible(page, 'register bank list')
    await viewShot(page, 'player-register-bank-list-ttb')
  })

  it('d: history’s status pills are one line each and clear of the date beside them', async () => {
    const player = await registerPlayer(suite.baseUrl)
    const token = await loginToken(suite.baseUrl, player)
    await deposit(suite.baseUrl, player.mobile, 500)
    const withdrawn = await call(suite.baseUrl, 'POST', '/api/wallet/withdraw', {
      token,
      body: { amount: 100 },
      headers: { 'idempotency-key': `small-ones-${player.mobile}` },
    })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    const page = await openAs(suite, token, '/history')
    await page.getByRole('tab', { name: 'ฝาก-ถอน' }).tap()
    const rows = page.locator('table.data-table tbody tr')
    await rows.filter({ hasText: 'รอดำเนินการ' }).waitFor()
    await rows.filter({ hasText: 'สำเร็จ' }).first().waitFor()
    await page.evaluate(() => document.fonts.ready)

    await expectOneLine(page.locator('.status-badge'), 'status pills')
    // Each pill ends at least 4 px before its row's date text begins.
    for (const row of await rows.all()) {
      const [pill] = await textBoxes(row.locator('.status-badge'))
      const [date] = await textBoxes(row.locator('.data-table__date'))
      expect(pill!.right + 4, `${pill!.text} against ${date!.text}`).toBeLessThanOrEqual(date!.left)
    }
    await expectAccessible(page, 'history deposit-withdraw tab')
    await viewShot(page, 'player-history-status-pills')
  })

  it('d: the responsible-play page’s pills and buttons are one line each (24 ชั่วโมง, ยืนยันการเปลี่ยน)', async () => {
    const player = await registerPlayer(suite.baseUrl)
    const token = await loginToken(suite.baseUrl, player)
    // A limit loosened waits a day: its confirm and cancel buttons are on the page.
    for (const value of [500, 1000]) {
      const set = await call(suite.baseUrl, 'POST', '/api/responsible-play/limits', { token, body: { kind: 'DEPOSIT_DAY', value } })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
    }
    const page = await openAs(suite, token, '/responsible-play')
    await atPath(page, '/responsible-play')
    await page.getByTestId('limit-DEPOSIT_DAY-pending').waitFor()
    await page.locator('.exclusion-option', { hasText: '24 ชั่วโมง' }).waitFor()
    await page.evaluate(() => document.fonts.ready)

    await expectOneLine(page.locator('.exclusion-option'), 'time-out and self-exclusion choices')
    await expectOneLine(page.locator('.limit-chip span'), 'reminder choices')
    await expectOneLine(page.locator('main .button'), 'buttons')
    expect(await page.getByRole('button', { name: 'ยืนยันการเปลี่ยน' }).count()).toBe(1)
    await expectAccessible(page, 'responsible play, a change pending')
    await page.getByTestId('limit-DEPOSIT_DAY-pending').scrollIntoViewIfNeeded()
    await viewShot(page, 'player-responsible-play-pending-buttons')
    await page.locator('.exclusion-option', { hasText: '24 ชั่วโมง' }).scrollIntoViewIfNeeded()
    await viewShot(page, 'player-responsible-play-exclusion-choices')
  })
})
