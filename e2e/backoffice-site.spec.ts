// The site settings editor (issue 20 §3) on a real server, in Chromium at 1366×900: a support operator changes the
// title, the links, a slide and the theme colour (a colour pair below WCAG AA is refused in the form, with its ratio).
// The colour reaches the player app (390×844) on its next load at once; what players read (issue 34 §4, ADR 068)
// waits, shown beside what players see now, until a second operator who decides money approves it; then the player
// app shows all of it. Screenshots and axe of each screen.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { shot, viewShot } from './support/browser.ts'
import { staffedMoneyDesk } from './support/money-desk.ts'
import { expectAccessible, seriousAxeViolations, settleImages } from './support/page.ts'
import { onboardOperator, operatorEnv, operatorToken } from './support/operator.ts'
import { DEMO } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

/** What the player app's page has applied: its title and theme colour (the CSS variable the styles derive from). */
async function playerLook(page: Page) {
  return page.evaluate(() => ({ title: document.title, primary: document.documentElement.style.getPropertyValue('--primary') }))
}

describe('back-office: site settings', () => {
  // A server of its own (the site's look is what every other spec's player sees), with a finance operator set up a
  // day before (ADR 036) to approve what a support operator, onboarded today by the owner, proposes.
  const desk = staffedMoneyDesk(operatorEnv(), 1)
  const suite = useBrowserSuite({ server: desk.start })
  let support: string
  let finance: string
  beforeAll(async () => {
    support = await operatorToken(suite.baseUrl, await onboardOperator(suite.baseUrl, await suite.operatorToken(), 'support'))
    finance = await operatorToken(suite.baseUrl, desk.finance[0]!)
  }, 120_000)

  it('support changes title, links, slides and colour; the colour applies at once, the rest once finance approves', { timeout: 240_000 }, async () => {
    const phone = await suite.phone()
    await phone.page.goto('/login')
    await phone.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    expect(await playerLook(phone.page)).toEqual({ title: 'Sanam', primary: '#d4af37' })

    const { page, problems } = await suite.desktop({ operator: support })
    await page.goto('/backoffice/site')
    await page.getByRole('heading', { level: 1, name: 'ตั้งค่าเว็บไซต์' }).waitFor()
    await page.getByText('ไม่มีการเปลี่ยนแปลงที่รออนุมัติ').waitFor()
    await page.getByTestId('theme-preview').waitFor()
    await settleImages(page)
    await expectAccessible(page, 'site settings')
    await shot(page, 'h4-site-settings')

    // A grey primary: neither dark nor white text on its buttons reaches 4.5:1, and the form says so before saving.
    const primaryHex = page.getByLabel('สีหลัก รหัสสี')
    await primaryHex.fill('#777777')
    await page.getByRole('alert').filter({ hasText: 'ตัวอักษรบนปุ่มสีหลัก: อัตราส่วนคอนทราสต์ 4.4:1 ต่ำกว่า 4.5:1' }).waitFor()
    expect(await page.getByRole('button', { name: 'บันทึกการตั้งค่า' }).isDisabled()).toBe(true)
    await shot(page, 'h4-site-settings-refused')

    await primaryHex.fill('#22c55e')
    await page.getByLabel('ชื่อเว็บไซต์').fill('สนามเขียว')
    await page.getByLabel('ลิงก์ช่วยเหลือการเล่นอย่างรับผิดชอบ (เว้นว่างได้)').fill('https://www.example.org/responsible-play')
    await page.getByLabel('ลิงก์ข้อกำหนดและเงื่อนไข (ผู้เล่นยอมรับตอนสมัคร เว้นว่างได้)').fill('https://www.example.org/terms')
    // A slide uploaded as an operator would pick a file: a PNG (here a picture of the player's login page).
    const png = await phone.page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 390, height: 160 } })
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/backoffice/media') && r.request().method() === 'POST')
    await page.getByLabel('เพิ่มสไลด์ (อัปโหลดรูป): เลือกรูปภาพ').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: png })
    const slideUrl = ((await (await uploaded).json()) as { data: { url: string } }).data.url
    expect(slideUrl).toMatch(/^\/media\/uploads\/[0-9a-f]+\.png$/)
    // First in the carousel: moved up past the four demo slides.
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'เลื่อนขึ้น สไลด์ที่ ' + (5 - i) }).click()
    expect(await page.getByRole('img', { name: 'สไลด์ที่ 1' }).getAttribute('src')).toBe(slideUrl)
    await settleImages(page)
    await expectAccessible(page, 'site settings, edited')
    await shot(page, 'h4-site-settings-edited')

    await page.getByRole('button', { name: 'บันทึกการตั้งค่า' }).click()
    await page.locator('.toast--success', { hasText: 'จะแสดงต่อผู้เล่นเมื่อผู้ใช้งานฝ่ายการเงินอีกคนอนุมัติ' }).waitFor()
    // What waits, beside what players see now; support cannot approve it.
    const pending = page.getByRole('table', { name: 'การเปลี่ยนแปลงที่รออนุมัติ' })
    await pending.getByTestId('site-change-site.name').getByText('สนามเขียว').waitFor()
    expect(await pending.getByTestId('site-change-site.name').textContent()).toContain('เปลี่ยน')
    expect(await pending.getByTestId('site-change-site.contact').textContent()).not.toContain('เปลี่ยน')
    expect(await pending.getByRole('img', { name: 'สไลด์ที่เสนอ 1' }).getAttribute('src')).toBe(slideUrl)
    expect(await page.getByRole('button', { name: /^อนุมัติการเปลี่ยนแปลง/ }).count()).toBe(0)
    await page.getByText('รอผู้ใช้งานฝ่ายการเงินอนุมัติ ผู้เล่นยังเห็นเนื้อหาเดิม').waitFor()
    // The form starts again from what players are served: the title they see, the colour saved.
    expect(await page.getByLabel('ชื่อเว็บไซต์').inputValue()).toBe('Sanam')
    expect(await page.getByLabel('สีหลัก รหัสสี').inputValue()).toBe('#22c55e')
    await settleImages(page)
    await expectAccessible(page, 'site settings, a change waiting')
    await shot(page, 'h4-site-settings-pending')
    expect(problems).toEqual([])

    // The player's next load: the new colour already, the old title and help link still.
    await phone.page.reload()
    await phone.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    expect(await playerLook(phone.page)).toEqual({ title: 'Sanam', primary: '#22c55e' })
    expect(await phone.page.locator('a[href="https://www.example.org/responsible-play"]').count()).toBe(0)

    // A second operator, who decides money, reviews and approves it from the menu.
    const approver = await suite.desktop({ operator: finance })
    await approver.page.goto('/backoffice/')
    await approver.page.getByRole('link', { name: 'ตั้งค่าเว็บไซต์' }).click()
    await approver.page.getByRole('heading', { level: 1, name: 'ตั้งค่าเว็บไซต์' }).waitFor()
    await approver.page.getByTestId('site-pending').waitFor()
    await approver.page.getByText('บทบาทของคุณดูการตั้งค่าและอนุมัติการเปลี่ยนแปลงได้', { exact: false }).waitFor()
    await settleImages(approver.page)
    await expectAccessible(approver.page, 'site settings, finance reviewing')
    await shot(approver.page, 'h4-site-settings-review')
    await approver.page.getByRole('button', { name: /^อนุมัติการเปลี่ยนแปลง #/ }).click()
    const dialog = approver.page.getByRole('dialog')
    await dialog.getByText('ตรวจให้แน่ใจว่าไม่มีเลขบัญชี', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'อนุมัติการเปลี่ยนแปลง' }).click()
    await approver.page.locator('.toast--success', { hasText: 'อนุมัติแล้ว ผู้เล่นจะเห็นเนื้อหาใหม่' }).waitFor()
    await approver.page.getByText('ไม่มีการเปลี่ยนแปลงที่รออนุมัติ').waitFor()
    const history = approver.page.getByRole('table', { name: 'ประวัติการเปลี่ยนเนื้อหาเว็บไซต์' })
    await history.getByText('อนุมัติแล้ว').waitFor()
    await expectAccessible(approver.page, 'site settings, approved')
    await shot(approver.page, 'h4-site-settings-approved')
    expect(approver.problems).toEqual([])

    // The player's next load: the server puts the new metadata in the page.
    await phone.page.reload()
    await phone.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor()
    expect(await playerLook(phone.page)).toEqual({ title: 'สนามเขียว', primary: '#22c55e' })
    // Where the footer speaks of responsible play, it now links to the help the site set.
    expect(await phone.page.getByRole('link', { name: /เล่นอย่างรับผิดชอบ/ }).getAttribute('href')).toBe('https://www.example.org/responsible-play')
    await viewShot(phone.page, 'h4-site-player-login')
    // Registration links the terms the player accepts there (issue 21 §3).
    await phone.page.getByRole('link', { name: 'สมัครสมาชิก' }).click()
    const terms = phone.page.getByRole('link', { name: /ข้อกำหนดและเงื่อนไขการใช้งาน/ })
    expect(await terms.getAttribute('href')).toBe('https://www.example.org/terms')

    const lobby = await suite.phone({ player: DEMO })
    await lobby.page.goto('/')
    await lobby.page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย' }).waitFor()
    const slide = lobby.page.locator(`.banner img[src="${slideUrl}"]`)
    expect(await slide.count()).toBe(1)
    await settleImages(lobby.page, { selector: '.banner img', loaded: true })
    await viewShot(lobby.page, 'h4-site-player-lobby')
    // Under the lobby, the responsible-play line links to the same help.
    const help = lobby.page.locator('.responsible-note').getByRole('link', { name: /เล่นอย่างรับผิดชอบ/ })
    expect(await help.getAttribute('href')).toBe('https://www.example.org/responsible-play')
    await help.scrollIntoViewIfNeeded()
    await viewShot(lobby.page, 'player-lobby-responsible-note')
    expect(await seriousAxeViolations(lobby.page)).toEqual([])
    expect(lobby.problems).toEqual([])
  })
})
