// The risk desk (issue 39 §2 and §6, ADR 089), on a real server with the AML rules on, in Chromium at desk size: a
// player deposits 150,000 baht through the demo bank feed (R8, a large deposit, opens a case); the owner opens
// "ตรวจสอบความเสี่ยง" from the menu, finds the case in the inbox, opens it, reads the alert and the deposit in the
// evidence, takes the case and writes a note, then closes it as a false positive (one operator may). Each screen
// passes an axe-core scan; a screenshot of each.
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { fundPlayers, registerPlayers, type Player } from './support/money.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { useBrowserSuite } from './support/suite.ts'

const suite = useBrowserSuite({ server: { env: { ...operatorEnv(), RISK_RULES: 'true', OTP_REQUIRED: 'false' } } })
let player: Player

beforeAll(async () => {
  player = (await registerPlayers(suite.baseUrl, 1, '39'))[0]!
  await fundPlayers(suite.baseUrl, [player], 150_000_00, 'risk')
}, 60_000)

describe('the risk desk', () => {
  it('lists the case a large deposit opened, shows its evidence, takes a note and closes it, and passes axe scans', async () => {
    const { page, problems } = await suite.operatorPage()
    await page.getByRole('link', { name: 'ตรวจสอบความเสี่ยง', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'ตรวจสอบความเสี่ยง (AML)' }).waitFor()
    const row = page.getByRole('table', { name: 'เคสที่เปิดอยู่' }).getByRole('row').filter({ hasText: player.mobile })
    await row.waitFor()
    expect(await row.textContent()).toContain('R8')
    await expectAccessible(page, 'risk: inbox')
    await shot(page, 'h39-risk-inbox')

    await row.getByRole('link').click()
    await page.getByRole('heading', { level: 1, name: new RegExp(`เคส #\\d+ .*${player.mobile}`) }).waitFor()
    await page.getByText('ฝากเงินจำนวนมาก ต้องตรวจสอบเพิ่มเติม').first().waitFor()
    const ledger = page.getByRole('table', { name: 'รายการเงินของสมาชิก' })
    expect(await ledger.textContent()).toContain('150,000')
    await page.getByRole('button', { name: 'รับผิดชอบเคสนี้' }).click()
    await page.getByRole('button', { name: 'รับผิดชอบเคสนี้' }).waitFor({ state: 'detached' })
    await page.getByLabel('บันทึกใหม่').fill('โทรสอบถามแหล่งที่มาของเงิน ลูกค้าส่งสลิปเงินเดือนมาแล้ว')
    await page.getByRole('button', { name: 'เพิ่มบันทึก' }).click()
    await page.getByText('ลูกค้าส่งสลิปเงินเดือนมาแล้ว').last().waitFor()
    await expectAccessible(page, 'risk: case')
    await shot(page, 'h39-risk-case')

    await page.getByLabel('ผลการตรวจสอบ').selectOption('FALSE_POSITIVE')
    await page.getByLabel('เหตุผล').fill('แหล่งเงินตรวจสอบแล้ว')
    await page.getByRole('button', { name: 'ปิดเคส', exact: true }).click()
    await page.getByText('ปิดแล้ว · แจ้งเตือนผิดพลาด').waitFor()
    await shot(page, 'h39-risk-case-closed')
    expect(problems).toEqual([])
  })
})
