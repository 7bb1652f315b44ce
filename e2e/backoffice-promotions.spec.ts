// The promotions editor (issue 20 §1, ADR 043) on a real server, in Chromium: a finance operator creates a promotion
// with rules at 1366×900 (image uploaded, game types and a provider ticked from the catalogue) and checks it in the
// preview the player app draws; it cannot publish its own version; a second finance operator publishes it; then a new
// player at 390×844 finds it on the promotion page and claims it through a deposit whose bank transfer arrives on the
// signed feed; the promotion's cost is then in the bonus report. Screenshots of the list, the editor and the preview;
// an axe-core scan of each screen.
import { beforeAll, describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { deskScreen } from './support/desk.ts'
import { call, postBankTransfer } from './support/http.ts'
import { faultEnv, payInAccount, registerPlayers, transferBody, type Player } from './support/money.ts'
import { staffedMoneyDesk } from './support/money-desk.ts'
import { operatorToken } from './support/operator.ts'
import { atPath, expectAccessible, seriousAxeViolations, settleImages } from './support/page.ts'
import { openReportForToday } from './support/reports.ts'
import { useBrowserSuite } from './support/suite.ts'

const desk = staffedMoneyDesk(faultEnv(), 2)
const suite = useBrowserSuite({ server: desk.start })
/** The promotions list, reached from the menu. */
const PROMOTIONS = { menu: 'โปรโมชั่น', heading: 'โปรโมชั่น' }
const TITLE = 'ฝากแรก รับเพิ่ม 150 บาท'
let player: Player

beforeAll(async () => {
  const [registered] = await registerPlayers(suite.baseUrl, 1, '74')
  if (!registered) throw new Error('no player was registered')
  player = registered
}, 120_000)

describe('the promotions editor', () => {
  it('one operator creates a promotion with rules and previews it as the player sees it; a second one publishes it', { timeout: 240_000 }, async () => {
    const author = await deskScreen(suite, await operatorToken(suite.baseUrl, desk.finance[0]!), PROMOTIONS)
    await author.getByRole('cell', { name: 'ฝากประจำ รับเพิ่ม 100 บาท', exact: true }).waitFor()
    await expectAccessible(author, 'promotions list')
    await shot(author, 'h2-promotions-list')

    await author.getByRole('link', { name: 'สร้างโปรโมชั่นใหม่' }).click()
    await author.getByRole('heading', { name: 'สร้างโปรโมชั่นใหม่' }).waitFor()
    await author.getByLabel('ชื่อโปรโมชั่น').fill(TITLE)
    // A real PNG banner: the browser draws one.
    const banner = await author.screenshot({ clip: { x: 0, y: 0, width: 720, height: 360 } })
    await author.getByLabel('รูปโปรโมชั่น: เลือกรูปภาพ').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: banner })
    await author.getByRole('img', { name: 'รูปโปรโมชั่น' }).waitFor()
    await author.getByLabel('โบนัสที่ได้รับ').fill('150')
    await author.getByLabel('สมาชิกใหม่เท่านั้น (ยังไม่เคยฝาก)').check()
    await author.getByLabel('ยอดฝากขั้นต่ำ (บาท)').fill('200')
    await author.getByLabel('ยอดเล่นเป็นจำนวนเท่าของยอดฝาก').check()
    await author.getByLabel('ยอดเล่นเป็นจำนวนเท่าของยอดฝาก').last().fill('3')
    await author.getByLabel('ยิงปลา').check()
    await author.getByLabel(/\(sbo\)$/).check()

    // The preview is the player app's own page, then its deposit modal, with the draft as typed.
    const preview = author.frameLocator('iframe[title="ตัวอย่างโปรโมชั่นในแอปผู้เล่น"]')
    await preview.getByRole('link', { name: TITLE }).waitFor()
    await author.getByRole('button', { name: 'หน้าต่างรายละเอียดตอนฝาก' }).click()
    const modal = preview.getByRole('dialog', { name: TITLE })
    expect(await modal.getByTestId('credit-given').textContent()).toBe('150 บาท')
    await modal.getByText('ห้ามเล่นเกมค่าย: SBO Sports').waitFor()
    expect(await modal.getByRole('listitem').allTextContents()).toEqual([
      'สำหรับสมาชิกใหม่เท่านั้น',
      'ฝากขั้นต่ำ 200 บาท',
      'ทำยอดเทิร์นโอเวอร์ 3 เท่าของยอดฝาก',
      'ห้ามเล่นเกมประเภท: ยิงปลา',
      'ห้ามเล่นเกมค่าย: SBO Sports',
    ])
    await expectAccessible(author, 'promotion editor')
    await shot(author, 'h2-promotions-editor-preview')

    await author.getByRole('button', { name: 'บันทึกและส่งให้ตรวจ' }).click()
    await author.getByRole('heading', { name: 'ฉบับแก้ไขที่รอเผยแพร่' }).waitFor()
    const own = author.getByRole('row').filter({ hasText: TITLE }).first()
    expect(await own.getByRole('button', { name: `เผยแพร่ ${TITLE}` }).isDisabled()).toBe(true)
    await own.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงเผยแพร่โปรโมชั่นเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ').waitFor()
    await shot(author, 'h2-promotions-pending')

    // Not yet for players.
    const before = await call<{ list: Array<{ title: string }> }>(suite.baseUrl, 'GET', '/api/promotion', { token: player.token })
    expect(before.body.data.list.map((p) => p.title)).not.toContain(TITLE)

    const checker = await deskScreen(suite, await operatorToken(suite.baseUrl, desk.finance[1]!), PROMOTIONS)
    await checker.getByRole('button', { name: `เผยแพร่ ${TITLE}` }).click()
    const dialog = checker.getByRole('dialog')
    await dialog.getByText('150.00', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'เผยแพร่' }).click()
    await checker.locator('.toast', { hasText: 'เผยแพร่โปรโมชั่นแล้ว' }).waitFor()
    await checker.getByRole('row').filter({ hasText: TITLE }).getByText('เผยแพร่อยู่').waitFor()
    expect(await seriousAxeViolations(checker)).toEqual([])
  })

  it('the new player finds it on the promotion page and claims it through a deposit', { timeout: 120_000 }, async () => {
    const { page, problems } = await suite.phone({ player: player.token })
    await page.goto('/promotion')
    const link = page.getByRole('link', { name: TITLE })
    await link.waitFor()
    await settleImages(page, { loaded: true })
    await viewShot(page, 'h2-player-promotion-page')
    await link.tap()
    await page.waitForFunction(() => window.location.pathname === '/deposit' && /promotion_id=\d+/.test(window.location.search), null, { polling: 100 })
    await page.getByTestId('deposit-amount').and(page.locator('[value="200.00"]')).waitFor()
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await page.getByRole('timer').waitFor()
    const toAccount = await payInAccount(suite.baseUrl, player)
    const paid = await postBankTransfer(suite.baseUrl, transferBody('h2-promo-claim', toAccount, player, 200_00))
    expect(paid.body.data).toMatchObject({ status: 'MATCHED' })
    await page.locator('.toast', { hasText: 'ฝากเงินสำเร็จ ได้รับเครดิตแล้ว' }).waitFor({ timeout: 12_000 })
    await atPath(page, '/', 5000)
    // 200 deposited + 150 bonus.
    await page.getByTestId('balance').filter({ hasText: '฿350.00' }).waitFor()
    const me = await call<{ promotion: { enabled: boolean; info?: { title: string; turnover: { total: number } } } }>(suite.baseUrl, 'GET', '/api/user/@me', {
      token: player.token,
    })
    expect(me.body.data.promotion).toMatchObject({ enabled: true, info: { title: TITLE, turnover: { total: 600 } } })
    expect(problems).toEqual([])
  })

  it('the bonus report shows what the claim cost', { timeout: 120_000 }, async () => {
    const page = await deskScreen(suite, await operatorToken(suite.baseUrl, desk.finance[0]!), PROMOTIONS)
    await page.getByRole('link', { name: 'รายงาน', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'รายงาน' }).waitFor()
    await openReportForToday(page, 'ต้นทุนโบนัสตามโปรโมชั่น')
    // Promotion, claims, bonus given, forfeited, net cost: the 150 baht bonus of the one claim above.
    const row = page.getByRole('row').filter({ hasText: TITLE })
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual([TITLE, '1', '฿150.00', '฿0.00', '฿150.00'])
  })
})
