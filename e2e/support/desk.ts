// Opening back-office screens in a spec, written once: a screen of an operator's session, and the typed sign-in a
// visitor to the demo desk makes.
import { DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import type { Page } from 'playwright-core'
import { call } from './http.ts'
import type { BrowserSuite } from './suite.ts'

/** A back-office screen: its level-1 heading, reached at `path` or through its menu link `menu` from the dashboard. */
export interface DeskScreen {
  heading: string
  path?: string
  menu?: string
}

/** The dashboard, where a session opens. */
export const DASHBOARD: DeskScreen = { heading: 'ภาพรวม' }

/** A desktop page of the operator with this session token (the app keeps it in sessionStorage), on `screen`. */
export async function deskScreen(suite: BrowserSuite, token: string, screen: DeskScreen = DASHBOARD): Promise<Page> {
  const { page } = await suite.desktop({ operator: token })
  await page.goto(screen.path ?? '/backoffice/')
  if (screen.menu) await page.getByRole('link', { name: screen.menu, exact: true }).click()
  await page.getByRole('heading', { name: screen.heading, level: 1, exact: true }).waitFor()
  return page
}

/**
 * Signs in to the back-office by typing, as a visitor reading the README would: the password, then the code the demo
 * server shows at /api/dev/totp. Answers the page on the dashboard.
 */
export async function typedDeskSignIn(suite: BrowserSuite, username: string, password: string): Promise<Page> {
  const { page } = await suite.desktop()
  await page.goto('/backoffice/')
  await page.getByLabel('ชื่อผู้ใช้').fill(username)
  await page.getByLabel('รหัสผ่าน').fill(password)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
  const code = (await call<{ code: string }>(suite.baseUrl, 'GET', `/api/dev/totp?username=${username}`)).body.data.code
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(code)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
  await page.getByRole('heading', { name: DASHBOARD.heading, level: 1 }).waitFor()
  return page
}

/** A desktop page signed in to the demo's back-office as one of its seeded operators (finance.a, finance.b, …). */
export const demoDeskPage = (suite: BrowserSuite, username: string) => typedDeskSignIn(suite, username, DEMO_DESK_PASSWORD)

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
