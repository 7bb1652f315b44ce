// The back-office on an origin of its own (issue 34 §7, ADR 067), in Chromium at 1366×900: the server runs with
// BACKOFFICE_ORIGIN naming desk.sanam.test (Chromium resolves it to loopback, as LAN_HOST), the player app keeps the
// server's own address. The owner signs in on the desk and opens the promotion editor, whose preview (the player app's
// page, framed from the desk's origin) draws the draft under the desk's strict CSP; the same back-office on the player
// app's address is not there, and the player app is not on the desk. Screenshots and an axe-core scan of the desk.
import { describe, expect, it } from 'vitest'
import { DESK_HOST, shot } from './support/browser.ts'
import { nextOperatorCode, OPERATOR, operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { freePort, startServer } from './support/server.ts'
import { useBrowserSuite } from './support/suite.ts'

let deskUrl = ''
const suite = useBrowserSuite({
  server: async () => {
    const port = await freePort()
    deskUrl = `http://${DESK_HOST}:${port}`
    return startServer({ port, env: { ...operatorEnv(), BACKOFFICE_ORIGIN: deskUrl } })
  },
})

describe('the back-office on its own origin', () => {
  it('signs the owner in on the desk, where the promotion preview draws under the strict CSP', { timeout: 120_000 }, async () => {
    const { page, problems } = await suite.desktop({ baseUrl: deskUrl })
    const csp: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/backoffice')) csp.push(response.headers()['content-security-policy'] ?? '')
    })
    await page.goto('/backoffice/')
    await page.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor()
    expect(csp[0]).toContain("default-src 'none'")
    await page.getByLabel('ชื่อผู้ใช้').fill(OPERATOR.username)
    await page.getByLabel('รหัสผ่าน').fill(OPERATOR.password)
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
    await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(await nextOperatorCode(suite.baseUrl))
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
    await page.getByText(`${OPERATOR.username} · เจ้าของระบบ`).waitFor()
    await expectAccessible(page, 'back-office on its own origin')
    await shot(page, 'backoffice-own-origin')

    await page.getByRole('link', { name: 'โปรโมชั่น', exact: true }).click()
    await page.getByRole('link', { name: 'สร้างโปรโมชั่นใหม่' }).click()
    await page.getByLabel('ชื่อโปรโมชั่น').fill('โปรจากโต๊ะหลังบ้าน')
    const preview = page.frameLocator('iframe[title="ตัวอย่างโปรโมชั่นในแอปผู้เล่น"]')
    await preview.getByRole('link', { name: 'โปรจากโต๊ะหลังบ้าน' }).waitFor()
    await shot(page, 'backoffice-own-origin-preview')
    // No script, style or frame the CSP refused, no failed call. (Chromium notes that it ignores the
    // Cross-Origin-Opener-Policy header on plain http, as on any LAN name: a note, not a failure.)
    expect(problems.filter((p) => !p.includes('Cross-Origin-Opener-Policy header has been ignored'))).toEqual([])
  })

  it('is not on the player app’s address, and the player app is not on the desk', { timeout: 60_000 }, async () => {
    const { page } = await suite.desktop()
    const elsewhere = await page.goto('/backoffice/')
    expect(elsewhere?.status()).toBe(404)
    expect(await page.locator('body').textContent()).toContain('"code":"NOT_FOUND"')
    const login = await page.goto('/login')
    expect(login?.status()).toBe(200)
    const onDesk = await page.goto(`${deskUrl}/login`)
    expect(onDesk?.status()).toBe(404)
    await shot(page, 'backoffice-own-origin-player-page-on-desk')
  })
})
