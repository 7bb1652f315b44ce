import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { atPath, expectNoSideScroll, seriousAxeViolations } from './support/page.ts'
import { deposit, loginToken, registerPlayer, type TestPlayer } from './support/player.ts'
import { startAfterThePast } from './support/server.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * The RTS 12 prompts (issue 39 §3, ADR 090) at phone size (390×844): a new player is asked for a deposit limit on the
 * lobby, and declining asks a second time before it is recorded; another sets one from the prompt; a player who
 * registered more than 6 months ago (on a server whose clock ran 185 days behind) is offered the review of their
 * account and spending with their own figures. The way to the limits is within two taps of the lobby and one of the
 * deposit page. Screenshots in e2e/artifacts/.
 */

const DAY = 24 * 3_600_000
const earlier: { player?: TestPlayer } = {}
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text })
/** The prompt's card at the top of the screen, for its screenshot. */
const top = (card: Locator) => card.evaluate((element) => element.scrollIntoView({ block: 'start' }))

/** A player registers and deposits 1,500 baht on a server 185 days behind; the server of now runs on the same data. */
const startHalfAYearLater = (dataDir: string) =>
  startAfterThePast(dataDir, { offsetMs: -185 * DAY }, async (then) => {
    const player = await registerPlayer(then, { firstname: 'ทบทวน' })
    await deposit(then, player.mobile, 1500, new Date(Date.now() - 185 * DAY))
    earlier.player = player
  })

describe('player app: RTS 12 prompts', () => {
  const suite = useBrowserSuite({ server: startHalfAYearLater })

  it('a new player is asked for a deposit limit; declining asks again, and is recorded only then', async () => {
    const { token, page, problems } = await suite.newPlayerPhone('ใหม่')
    await page.goto('/')
    const card = page.getByTestId('care-limit-prompt')
    await card.getByRole('heading', { name: 'ตั้งวงเงินฝากก่อนเริ่มเล่น' }).waitFor()
    await expectNoSideScroll(page)
    expect(await seriousAxeViolations(page)).toEqual([])
    await top(card)
    await viewShot(page, 'player-care-limit-prompt')

    await card.getByRole('button', { name: 'ไม่ตั้งวงเงินตอนนี้' }).tap()
    await card.getByRole('heading', { name: 'ยืนยันว่าไม่ตั้งวงเงินฝาก' }).waitFor()
    // Nothing is recorded yet: the server still has the prompt due.
    expect((await call(suite.baseUrl, 'GET', '/api/responsible-play/prompt', { token })).body.data.prompt).toMatchObject({ kind: 'DEPOSIT_LIMIT' })
    expect(await seriousAxeViolations(page)).toEqual([])
    await top(card)
    await viewShot(page, 'player-care-decline-confirm')
    await card.getByRole('button', { name: 'ยืนยัน ไม่ตั้งวงเงินตอนนี้' }).tap()
    await toast(page, 'บันทึกแล้วว่าคุณไม่ต้องการตั้งวงเงินฝากในตอนนี้').waitFor()
    await card.waitFor({ state: 'detached' })
    expect((await call(suite.baseUrl, 'GET', '/api/responsible-play/prompt', { token })).body.data.prompt).toBeNull()

    // The limits within two taps of the lobby: history in the bottom bar, then the limits link.
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ประวัติ' }).tap()
    await page.getByTestId('responsible-play-link').tap()
    await atPath(page, '/responsible-play')
    // And one tap from the deposit page.
    await page.goto('/deposit')
    await page.getByTestId('responsible-play-link').tap()
    await atPath(page, '/responsible-play')
    expect(problems).toEqual([])
  })

  it('a new player sets a monthly deposit limit from the prompt on the deposit page', async () => {
    const { token, page, problems } = await suite.newPlayerPhone('ตั้งวงเงิน')
    await page.goto('/deposit')
    const card = page.getByTestId('care-limit-prompt')
    await card.getByLabel('วงเงินฝากรายเดือน').check()
    await card.getByRole('textbox', { name: 'ฝากได้สูงสุด (บาท)' }).tap()
    await page.keyboard.type('5000')
    await card.getByRole('button', { name: 'ตั้งวงเงินฝาก' }).tap()
    await toast(page, 'บันทึกแล้ว ขอบคุณค่ะ').waitFor()
    await card.waitFor({ state: 'detached' })
    const limits = await call<{ limits: Array<{ kind: string; value: number | null }> }>(suite.baseUrl, 'GET', '/api/responsible-play/limits', { token })
    expect(limits.body.data.limits.find((l) => l.kind === 'DEPOSIT_MONTH')?.value).toBe(5000)
    expect(problems).toEqual([])
  })

  it('six months on, an active player is offered the review of their account and spending with their own figures', async () => {
    const token = await loginToken(suite.baseUrl, earlier.player!)
    const { page, problems } = await suite.phone({ player: token })
    await page.goto('/')
    const card = page.getByTestId('care-review')
    await card.getByRole('heading', { name: 'ทบทวนบัญชีและการใช้จ่ายของคุณ' }).waitFor()
    expect(await card.getByTestId('care-deposits').textContent()).toContain('1,500.00')
    expect(await card.getByTestId('care-net').textContent()).toContain('1,500.00')
    await expectNoSideScroll(page)
    expect(await seriousAxeViolations(page)).toEqual([])
    await top(card)
    await viewShot(page, 'player-care-review')
    await card.getByLabel('3 เดือน').check()
    await card.getByRole('button', { name: 'รับทราบ' }).tap()
    await toast(page, 'บันทึกแล้ว ขอบคุณค่ะ').waitFor()
    await card.waitFor({ state: 'detached' })
    expect((await call(suite.baseUrl, 'GET', '/api/responsible-play/prompt', { token })).body.data.prompt).toBeNull()
    expect(problems).toEqual([])
  })
})
