// The reports in the operator app (issue 20 §5, §6) on a real server, in Chromium at 1366×900: a new player takes the
// seeded demo promotion (50 % on top) with a deposit in the player app (390×844) and plays; the owner opens every report for today,
// sees its chart (recharts, loaded in a chunk of its own) and its rows, finds the promotion's cost in the bonus report,
// and downloads the CSV (fetched with the bearer token in the header, never in the URL), read back from disk: a BOM,
// Thai headings, the same figures. A screenshot and an axe-core scan of the screen.
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { bangkokToday, openReportForToday } from './support/reports.ts'
import { deposit, loginToken, playDemoRounds, registerPlayer, type TestPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

// A server of its own (with the e2e owner): the report's figures are this file's alone.
const suite = useBrowserSuite({ server: { env: operatorEnv() } })
const PROMOTION = 'สมาชิกใหม่ รับโบนัส 50%'
const REPORTS = ['GGR รายวัน', 'GGR ตามค่ายเกม', 'GGR ตามเกม', 'ฝาก-ถอนรายวัน', 'ยอดฝากตามบัญชีรับเงิน', 'ต้นทุนโบนัสตามโปรโมชั่น', 'ค่าแนะนำและเงินคืนรายวัน', 'ผู้เล่นรายวัน']
let player: TestPlayer
let token: string

beforeAll(async () => {
  player = await registerPlayer(suite.baseUrl)
  token = await loginToken(suite.baseUrl, player)
}, 60_000)

describe('the reports', () => {
  it('a new player takes the demo promotion with a deposit in the player app, and plays', async () => {
    const { page, problems } = await suite.phone({ player: token })
    await page.goto('/deposit')
    const promotion = page.getByLabel('โปรโมชั่น', { exact: true })
    await promotion.locator('option', { hasText: PROMOTION }).waitFor({ state: 'attached' })
    await promotion.selectOption({ label: PROMOTION })
    await page.getByRole('dialog', { name: PROMOTION }).getByRole('button', { name: 'ปิด' }).tap()
    // The amount is the promotion's minimum deposit.
    await page.getByTestId('deposit-amount').and(page.locator('[value="100.00"]')).waitFor()
    await page.getByRole('button', { name: 'ยืนยันรายการฝาก' }).tap()
    await page.getByRole('timer').waitFor()
    await deposit(suite.baseUrl, player.mobile, 100)
    await page.locator('.toast', { hasText: 'ฝากเงินสำเร็จ ได้รับเครดิตแล้ว' }).waitFor({ timeout: 12_000 })
    // 100 deposited and 50 % of it as the bonus.
    await page.getByTestId('balance').filter({ hasText: '฿150.00' }).waitFor()
    await viewShot(page, 'h6-reports-player-took-promotion')
    await playDemoRounds(suite.baseUrl, token, 3, 10)
    expect(problems).toEqual([])
  })

  it('opens every report for today with its chart, finds the promotion’s cost, and reads back the CSV it downloads', async () => {
    const { page, problems } = await suite.operatorPage()
    const requests: Array<{ url: string; authorization: string | undefined }> = []
    page.on('request', (request) => requests.push({ url: request.url(), authorization: request.headers().authorization }))
    await page.getByRole('link', { name: 'รายงาน', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'รายงาน' }).waitFor()

    for (const title of REPORTS) {
      await openReportForToday(page, title)
      await page
        .getByRole('figure', { name: `แผนภูมิ ${title}` })
        .locator('.recharts-surface')
        .first()
        .waitFor()
    }
    // The chart came in its own chunk, after the page.
    expect(requests.some((r) => /\/backoffice\/assets\/report-chart-[\w-]+\.js$/.test(r.url))).toBe(true)
    await openReportForToday(page, 'GGR ตามค่ายเกม')
    expect(await page.getByRole('row').filter({ hasText: 'PG Soft' }).count()).toBe(1)

    await openReportForToday(page, 'ต้นทุนโบนัสตามโปรโมชั่น')
    const row = page.getByRole('row').filter({ hasText: PROMOTION })
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual([PROMOTION, '1', '฿50.00', '฿0.00', '฿50.00'])
    await expectAccessible(page, 'reports: bonus cost by promotion')
    await shot(page, 'h6-reports-bonus-by-promotion')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ดาวน์โหลด CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`sanam-bonus-by-promotion-${bangkokToday()}-${bangkokToday()}.csv`)
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\n')
    expect(lines[0]).toBe('รหัสโปรโมชั่น,โปรโมชั่น,จำนวนครั้งที่รับ,โบนัสที่ให้,ยอดที่ริบคืน,ต้นทุนสุทธิ')
    expect(lines.find((line) => line.includes(PROMOTION))).toMatch(new RegExp(`^\\d+,${PROMOTION},1,50\\.00,0\\.00,50\\.00$`))
    expect(lines.at(-1)).toBe('รวม,,1,50.00,0.00,50.00')
    // The file was fetched with the operator's token in the header, not in its address.
    const csvCall = requests.find((r) => r.url.includes('/api/backoffice/reports/bonus-by-promotion/csv'))
    expect(csvCall?.authorization).toMatch(/^Bearer /)
    expect(csvCall?.url).not.toMatch(/token|bearer/i)
    await page.locator('.toast', { hasText: 'ดาวน์โหลดแล้ว' }).waitFor()

    await openReportForToday(page, 'GGR รายวัน')
    await expectAccessible(page, 'reports: GGR by day')
    await shot(page, 'h6-reports-ggr-by-day')
    expect(problems).toEqual([])
  })

  it('says in Thai why a reversed range is refused', async () => {
    const { page } = await suite.operatorPage('/backoffice/reports?report=ggr-by-day&from=2026-11-02&to=2026-11-01')
    await page.getByRole('alert').filter({ hasText: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น' }).waitFor()
    await shot(page, 'h6-reports-refused-range')
  })
})
