// The referral plan and limits in the operator app (issue 20 §4, ADR 044) on a real server, in Chromium at 1366×900:
// one finance operator proposes new rates and a new deposit minimum, the author cannot apply them, a second finance
// operator applies them, and the player app's referral page (390×844) shows the new level-1 rate at once. A
// screenshot and an axe-core scan of each screen.
import { describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { deskScreen } from './support/desk.ts'
import { call } from './support/http.ts'
import { proposeAsAuthor, useTwoKeyDesk } from './support/money-desk.ts'
import { atPath, expectAccessible, fillByLabel } from './support/page.ts'
import { DEMO, loginToken } from './support/player.ts'

// A server of its own (the plan is the whole site's), with two finance operators set up a day before (ADR 036).
const { suite, tokens } = useTwoKeyDesk()
/** The plan screen, reached from the menu. */
const PLAN = { menu: 'แผนค่าแนะนำและวงเงิน', heading: 'แผนค่าแนะนำและวงเงิน' }

describe('the referral plan and limits', () => {
  it('one finance operator proposes, the author cannot apply, a second applies; the player app shows the new rate', async () => {
    const proposer = await deskScreen(suite, tokens.author, PLAN)
    expect(await proposer.getByTestId('plan-level1_percent').textContent()).toContain('3%')
    const form = proposer.getByRole('form', { name: 'เสนอการเปลี่ยนแผน' })
    await fillByLabel(form, { 'ค่าแนะนำชั้นที่ 1 (%)': '3.5', 'ฝากขั้นต่ำ (บาท)': '200', เหตุผล: 'โปรโมชั่นเดือนธันวาคม' })
    await shot(proposer, 'backoffice-plan-form')
    await expectAccessible(proposer, 'plan with the proposal form')
    // Sent, the author sees what changes and may not apply it.
    await proposeAsAuthor(proposer, form, { row: 'plan-level1_percent', shows: '3.5%', approve: /^อนุมัติแผนนี้ #/ })
    await proposer.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติแผนค่าแนะนำและวงเงินเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ').waitFor()
    await shot(proposer, 'backoffice-plan-pending')
    await expectAccessible(proposer, 'plan with a pending proposal')

    // A second finance operator applies it.
    const approver = await deskScreen(suite, tokens.second, PLAN)
    await approver.getByRole('button', { name: /^อนุมัติแผนนี้ #/ }).click()
    const dialog = approver.getByRole('dialog')
    await dialog.getByText('ยอดเล่นก่อนหน้านี้ยังคิดตามแผนเดิม', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'อนุมัติแผนนี้' }).click()
    await approver.getByText('แผนใหม่มีผลตั้งแต่ตอนนี้', { exact: false }).waitFor()
    await approver.getByText('ไม่มีข้อเสนอที่รออนุมัติ').waitFor()
    expect(await approver.getByTestId('plan-level1_percent').textContent()).toContain('3.5%')
    expect(await approver.getByTestId('plan-deposit_min').textContent()).toContain('฿200.00')
    const history = approver.getByRole('table', { name: 'ประวัติการเปลี่ยนแผน' })
    expect(await history.getByRole('row').count()).toBe(3)
    await shot(approver, 'backoffice-plan-applied')
    await expectAccessible(approver, 'plan after the change')

    // The player app reads the plan: the referral page's level-1 rate and the deposit minimum.
    const token = await loginToken(suite.baseUrl, DEMO)
    const config = await call<{ min_amount: number }>(suite.baseUrl, 'GET', '/api/wallet/deposit/config', { token })
    expect(config.body.data.min_amount).toBe(200)
    const { page } = await suite.phone({ player: token })
    await page.goto('/referral')
    await atPath(page, '/referral')
    await page.getByTestId('level-1').filter({ hasText: '3.5%' }).waitFor()
    expect(await page.getByTestId('level-2').textContent()).toBe('2%')
    await viewShot(page, 'player-referral-plan-changed')
    await expectAccessible(page, 'player referral page')
  })
})
