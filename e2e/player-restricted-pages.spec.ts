import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { viewShot } from './support/browser.ts'
import { call } from './support/http.ts'
import { atPath, seriousAxeViolations } from './support/page.ts'
import { DEMO, loginToken, registerPlayer } from './support/player.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * Issue 36 §3-§5 on a phone (390x844): restricted mode holds on a page opened by its address (a bookmark, a reload),
 * the restriction notice is the first thing the responsible-play page shows, a referral wallet below its minimum
 * cannot be moved and says which minimum, and a registration link's `u` shows who invited, masked.
 */
describe('player app: restricted mode on every page, the referral minimum, the upline of a link', () => {
  const suite = useBrowserSuite({ server: { env: { OTP_REQUIRED: 'false' } } })

  /** The bottom bar's items, by name. */
  const barItems = async (page: Page) =>
    (await page.getByRole('navigation', { name: 'เมนูหลัก' }).locator('.bottom-bar__label').allTextContents()).map((text) => text.trim())

  it('a player in a time-out who opens /referral or /promotion by address sees the notice, no invite, share or transfer, and the short bar', async () => {
    // A name of its own: the same name on this server is what a second registration would be refused by (ADR 047).
    const player = await registerPlayer(suite.baseUrl, { firstname: 'ทดสอบเปิดลิงก์' })
    const chosen = await call(suite.baseUrl, 'POST', '/api/user/@me/exclusion', {
      token: await loginToken(suite.baseUrl, player),
      body: { period: '24H', confirm: true },
    })
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
    // A new sign-in is the restricted session; the page gets only its token, as after a reload.
    const { page, problems } = await suite.phone({ player: await loginToken(suite.baseUrl, player) })

    for (const pathname of ['/referral', '/promotion', '/referral#amount']) {
      await page.goto(pathname)
      await atPath(page, '/responsible-play')
      await page.getByTestId('restricted-notice').waitFor()
      for (const name of ['คัดลอกลิงก์', 'แชร์ลิงก์', 'โอนเข้ากระเป๋าหลัก', /^LINE/])
        expect(await page.getByRole('button', { name }).count(), `${pathname}: ${String(name)}`).toBe(0)
      expect(await page.getByTestId('invite-link').count()).toBe(0)
      expect(await barItems(page), pathname).toEqual(['ประวัติ', 'หน้าหลัก', 'แจ้งปัญหา'])
    }

    // The notice is what the page opens with: in view, above the fixed bar, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const notice = page.getByTestId('restricted-notice')
    await notice.getByRole('heading', { name: 'บัญชีของคุณอยู่ในช่วงพักการเล่น' }).waitFor()
    expect(await page.getByTestId('restricted-until').textContent()).toMatch(/^จนถึง /)
    const until = await page.getByTestId('restricted-until').boundingBox()
    const bar = await page.getByRole('navigation', { name: 'เมนูหลัก' }).boundingBox()
    expect(until && bar && until.y > 0 && until.y + until.height <= bar.y, JSON.stringify({ until, bar })).toBe(true)
    const limitsTitle = await page.getByRole('heading', { name: 'วงเงินฝากรายวัน' }).boundingBox()
    expect(limitsTitle!.y).toBeGreaterThan(until!.y)
    await viewShot(page, 'player-restricted-by-address')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('a referral wallet below its minimum cannot be moved and says which minimum it waits for', async () => {
    const player = await registerPlayer(suite.baseUrl, { firstname: 'ทดสอบขั้นต่ำ' })
    const { page, problems } = await suite.phone({ player: await loginToken(suite.baseUrl, player) })
    await page.goto('/referral#amount')
    const bonus = page.getByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    await bonus.getByTestId('bonus-remaining').filter({ hasText: '0.00 บาท' }).waitFor()
    const move = bonus.getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' })
    expect(await move.isDisabled()).toBe(true)
    // The server's plan: bonus 300 baht at least a move (the defaults), refund no minimum.
    expect(await bonus.getByTestId('bonus-below-min').textContent()).toBe('โอนได้เมื่อยอดคงเหลือถึงขั้นต่ำ 300.00 บาท')
    const refund = page.getByRole('region', { name: 'ยอดเล่นคืนสะสม' })
    expect(await refund.getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }).isDisabled()).toBe(true)
    expect(await refund.getByTestId('refund-below-min').textContent()).toBe('ยังไม่มียอดที่โอนได้')
    expect(await barItems(page)).toEqual(['ประวัติ', 'แนะนำเพื่อน', 'หน้าหลัก', 'คืนยอดเล่น', 'แจ้งปัญหา'])
    await bonus.scrollIntoViewIfNeeded()
    await viewShot(page, 'player-referral-below-minimum')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('a registration link with u shows who invited as a masked mobile, never the id or the number', async () => {
    const demo = await call<{ uid: number }>(suite.baseUrl, 'GET', '/api/user/@me', { token: await loginToken(suite.baseUrl, DEMO) })
    const { page, problems } = await suite.phone()
    await page.goto(`/register?u=${demo.body.data.uid}`)
    const upline = page.getByLabel('ผู้แนะนำ', { exact: true })
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[name="upline"]')?.value ?? '') !== '')
    expect(await upline.inputValue()).toBe('xxx-xxx-5678')
    expect(await upline.getAttribute('readonly')).not.toBeNull()
    const text = await page.locator('main').innerText()
    expect(text).not.toContain(DEMO.mobile)
    expect(await page.getByLabel('รหัสแนะนำ (ถ้ามี)').count()).toBe(0)
    await upline.scrollIntoViewIfNeeded()
    await viewShot(page, 'player-register-upline-masked')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})
