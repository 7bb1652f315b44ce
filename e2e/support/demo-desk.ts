// Signing in to the demo's back-office as one of its seeded operators (finance.a, finance.b, …): their shared demo
// password, then the code the demo's /api/dev/totp gives.
import { DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import type { Page } from 'playwright-core'
import { call } from './http.ts'
import type { BrowserSuite } from './suite.ts'

/** A desktop page signed in to the demo's back-office as `username`, on the dashboard. */
export async function demoDeskPage(suite: BrowserSuite, username: string): Promise<Page> {
  const { page } = await suite.desktop()
  await page.goto('/backoffice/')
  await page.getByLabel('ชื่อผู้ใช้').fill(username)
  await page.getByLabel('รหัสผ่าน').fill(DEMO_DESK_PASSWORD)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
  const code = (await call<{ code: string }>(suite.baseUrl, 'GET', `/api/dev/totp?username=${username}`)).body.data.code
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(code)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
  await page.getByRole('heading', { name: 'ภาพรวม' }).waitFor()
  return page
}

/** Opens a queue from the menu and starts approving the row that shows `rowText`: answers its dialog. */
export async function approveFromQueue(page: Page, queue: string, rowText: string) {
  await page.getByRole('link', { name: queue }).click()
  await page.getByRole('heading', { name: queue }).waitFor()
  await page
    .getByRole('row')
    .filter({ hasText: rowText })
    .getByRole('button', { name: /^อนุมัติ #/ })
    .click()
  return page.getByRole('dialog')
}
