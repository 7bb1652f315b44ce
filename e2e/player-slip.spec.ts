import QRCode from 'qrcode'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_DESK, DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import { shot } from './support/browser.ts'
import { call } from './support/http.ts'
import { expectNoSideScroll, seriousAxeViolations } from './support/page.ts'
import { operatorToken } from './support/operator.ts'
import { loginToken, registerPlayer, type TestPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * Scan or upload the slip (issue 37 §1, ADR 079), at phone size on the built app: the demo bank makes a transfer
 * and prints its slip's QR text; the test draws that text as a PNG (as a bank app's slip carries it) and the player
 * uploads it. The picture is read in the browser; only the text reaches the server, which asks the demo verifier.
 */
describe('player app: a slip credits the deposit, a wrong-amount slip is refused in Thai', () => {
  const suite = useBrowserSuite({ server: {} })
  let player: TestPlayer
  let token = ''

  beforeAll(async () => {
    player = await registerPlayer(suite.baseUrl, { firstname: 'สลิป' })
    token = await loginToken(suite.baseUrl, player)
  })

  /** The demo bank transfers `amount` baht from the player's registered account; the slip's QR as a PNG. */
  async function slipImage(amount: number): Promise<Buffer> {
    const made = await call<{ payload: string }>(suite.baseUrl, 'POST', '/api/dev/demo-bank/transfers', { body: { mobile: player.mobile, amount } })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return QRCode.toBuffer(made.body.data.payload, { type: 'png', width: 360, margin: 4 })
  }

  const upload = (page: Page, image: Buffer) => page.getByLabel('อัปโหลดรูปสลิป').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: image })
  const balance = async () => (await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token })).body.data.balance

  it('a player uploads the slip of a transfer the demo bank made and sees it credited', async () => {
    const { page, problems } = await suite.phone({ player: token })
    await page.goto('/deposit')
    await page.getByRole('heading', { name: 'โอนแล้ว? ส่งสลิปเพื่อเติมเครดิตทันที' }).waitFor()
    await upload(page, await slipImage(300))
    await page.getByRole('status').filter({ hasText: 'ตรวจสลิปแล้ว เติมเครดิต 300 บาทเข้ากระเป๋าของคุณแล้ว' }).waitFor()
    await shot(page, 'player-slip-credited')
    expect(await balance()).toBe(300)
    expect(problems).toEqual([])
  })

  it('a slip whose amount is not the open bill is refused, with why, in Thai; nothing is credited', async () => {
    const bill = await call(suite.baseUrl, 'POST', '/api/wallet/deposit/draft_bill', { token, body: { amount: 500, promotion: null } })
    expect(bill.status, JSON.stringify(bill.body)).toBe(200)
    const { page, problems } = await suite.phone({ player: token })
    await page.goto('/deposit')
    await page.getByRole('button', { name: 'ยกเลิกรายการ' }).waitFor()
    const before = await balance()
    await upload(page, await slipImage(450))
    const refusal = page.getByRole('status').filter({ hasText: 'ยอดเงินในสลิปไม่ตรงกับยอดรายการฝากที่สร้างไว้ จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่' })
    await refusal.waitFor()
    await refusal.scrollIntoViewIfNeeded()
    await expectNoSideScroll(page)
    await shot(page, 'player-slip-refused')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await balance()).toBe(before)

    // A picture without a QR code is said so, and nothing is sent.
    await upload(page, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'))
    await page.getByRole('status').filter({ hasText: 'ไม่พบ QR code ในรูปนี้' }).waitFor()
    expect(problems).toEqual([])
  })

  it('the back-office lists the refused slip with its reason, for every operator to read (desk size)', async () => {
    // The demo desk's support operator: reads every list, decides no money (no recheck or close buttons).
    const support = DEMO_DESK.find((o) => o.username === 'support.a')!
    const { page, problems } = await suite.desktop({ operator: await operatorToken(suite.baseUrl, { ...support, password: DEMO_DESK_PASSWORD }) })
    await page.goto('/backoffice/slips')
    await page.getByRole('heading', { level: 1, name: 'สลิปที่สมาชิกส่ง' }).waitFor()
    await page.getByRole('button', { name: 'ไม่ผ่านการตรวจ' }).click()
    const row = page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: 'ยอดไม่ตรงรายการฝาก' })
    await row.waitFor()
    expect(await row.textContent()).toContain('450.00')
    expect(await page.getByRole('button', { name: /ถามผู้ตรวจสลิปอีกครั้ง/ }).count()).toBe(0)
    await shot(page, 'backoffice-slips-refused')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})
