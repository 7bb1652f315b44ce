import { bangkokDay } from '@sanam/contract/bangkok'
import type { Page } from 'playwright-core'

/** Today in Bangkok, as the report's day fields take it. */
export const bangkokToday = () => bangkokDay(new Date())

/** From any back-office screen: the reports screen, through the menu. */
export async function openReportsScreen(page: Page) {
  await page.getByRole('link', { name: 'รายงาน', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'รายงาน' }).waitFor()
}

/** On the reports page: shows `title` for today through the form, and waits for its table. */
export async function openReportForToday(page: Page, title: string) {
  await page.getByRole('combobox', { name: /^รายงาน/ }).selectOption({ label: title })
  await page.getByLabel('ตั้งแต่วันที่').fill(bangkokToday())
  await page.getByLabel('ถึงวันที่').fill(bangkokToday())
  await page.getByRole('button', { name: 'แสดงรายงาน' }).click()
  await page.getByRole('heading', { level: 2, name: new RegExp(`^${title} ·`) }).waitFor()
  // The table is there while its rows load (the previous ones, or a loading line): done when it is no longer busy.
  await page.getByRole('table', { name: title }).and(page.locator('[aria-busy="false"]')).waitFor()
}
