// The risk rules' parameters in the operator app (issue 39 §1, ADR 089) on a real server, in Chromium at 1366×900:
// from the risk inbox, one finance operator opens the parameters (in baht, by rule with its Thai name and what each
// number means), proposes a new large-deposit line (R8), cannot approve it, and a second finance operator approves it;
// the new value is then in force. A screenshot and an axe-core scan of each screen.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { shot } from './support/browser.ts'
import { deskScreen } from './support/desk.ts'
import { proposeAsAuthor, useTwoKeyDesk } from './support/money-desk.ts'
import { expectAccessible, fillByLabel } from './support/page.ts'

// A server of its own with two finance operators set up a day before (ADR 036): the parameters change under two keys.
const { suite, tokens } = useTwoKeyDesk()
const RISK = { menu: 'ตรวจสอบความเสี่ยง', heading: 'ตรวจสอบความเสี่ยง (AML)' }

/** The parameters screen of the operator with this session, reached from the menu through the risk inbox. */
async function paramsScreen(token: string): Promise<Page> {
  const page = await deskScreen(suite, token, RISK)
  await page.getByRole('link', { name: 'ค่าของกฎความเสี่ยง', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'ค่าของกฎความเสี่ยง', exact: true }).waitFor()
  return page
}

describe("the risk rules' parameters", () => {
  it('one finance operator proposes, the author cannot approve, a second approves; the new value is in force', async () => {
    const proposer = await paramsScreen(tokens.author)
    const r8 = proposer.getByTestId('risk-param-r8_large_deposit')
    expect(await r8.textContent()).toContain('ฝากเงินจำนวนมาก ต้องตรวจสอบเพิ่มเติม')
    expect(await r8.textContent()).toContain('฿100,000.00')
    expect(await proposer.getByTestId('risk-param-r1_hold_ratio').textContent()).toContain('0.3 เท่า')
    const form = proposer.getByRole('form', { name: 'เสนอค่าใหม่' })
    await fillByLabel(form, { 'ยอดฝากต่อครั้งตั้งแต่ (บาท)': '150000', เหตุผล: 'ปรับตามคู่มือ ปปง. ฉบับใหม่' })
    await shot(proposer, 'h39-risk-params-form')
    await expectAccessible(proposer, 'risk params with the proposal form')
    // Sent, the author sees what changes and may not approve it.
    await proposeAsAuthor(proposer, form, { row: 'risk-param-r8_large_deposit', shows: '฿150,000.00', approve: /^อนุมัติค่าใหม่ #/ })
    await proposer.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติค่าของกฎความเสี่ยงเองไม่ได้', { exact: false }).waitFor()
    await shot(proposer, 'h39-risk-params-pending')
    await expectAccessible(proposer, 'risk params with a pending proposal')

    // A second finance operator approves it.
    const approver = await paramsScreen(tokens.second)
    await approver.getByRole('button', { name: /^อนุมัติค่าใหม่ #/ }).click()
    const dialog = approver.getByRole('dialog')
    await dialog.getByRole('button', { name: 'อนุมัติค่าใหม่' }).click()
    await approver.getByText('ค่าใหม่ของกฎความเสี่ยงมีผลตั้งแต่ตอนนี้', { exact: false }).waitFor()
    await approver.getByText('ไม่มีข้อเสนอที่รออนุมัติ').waitFor()
    expect(await approver.getByTestId('risk-param-r8_large_deposit').textContent()).toContain('฿150,000.00')
    expect(await approver.getByTestId('risk-params-since').textContent()).toContain('มีผลตั้งแต่')
    await shot(approver, 'h39-risk-params-applied')
    await expectAccessible(approver, 'risk params after the change')
  })
})
