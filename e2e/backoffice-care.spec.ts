// Care tasks on the desk (issue 39 §4, ADR 090), on a real server, in Chromium at 1366×900: a player deposits 6,000
// baht on a server whose clock ran 10 minutes behind (net deposits over 30 days past the 5,000 baht threshold); on the
// server of now the care-markers job opens a care task. An operator opens "ดูแลผู้เล่น" from the menu, opens the task,
// reads the figures that opened it, records a phone call and closes the task; the interaction is in the audit log.
// Each screen passes an axe-core scan; screenshots of the list and the task.
import { describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { call } from './support/http.ts'
import { operatorEnv } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { deposit, registerPlayer, type TestPlayer } from './support/player.ts'
import { startAfterThePast } from './support/server.ts'
import { useBrowserSuite } from './support/suite.ts'

const MINUTE = 60_000
const planted: { player?: TestPlayer } = {}

const startAfterTheDeposit = (dataDir: string) =>
  startAfterThePast(dataDir, { offsetMs: -10 * MINUTE, env: operatorEnv() }, async (then) => {
    const player = await registerPlayer(then, { firstname: 'ดูแล' })
    await deposit(then, player.mobile, 6000, new Date(Date.now() - 10 * MINUTE))
    planted.player = player
  })

const suite = useBrowserSuite({ server: startAfterTheDeposit })

/** Waits for the markers job (every minute) to open the player's task; answers its id. */
async function openedTask(token: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const list = await call<{ list: Array<{ id: number; mobile: string }> }>(suite.baseUrl, 'GET', '/api/backoffice/care-tasks?status=OPEN', { token })
    const task = list.body.data.list.find((t) => t.mobile === planted.player!.mobile)
    if (task) return task.id
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
  throw new Error('no care task was opened')
}

describe('care tasks on the desk', () => {
  it('an operator reads the task the markers job opened, records a call and closes it; each screen passes axe', async () => {
    const token = await suite.operatorToken()
    const id = await openedTask(token)
    const { page, problems } = await suite.operatorPage()
    await page.getByRole('link', { name: 'ดูแลผู้เล่น', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'ดูแลผู้เล่น' }).waitFor()
    const row = page.getByRole('row').filter({ hasText: planted.player!.mobile })
    await row.getByText('ยอดฝากสุทธิ 30 วันถึงเกณฑ์').waitFor()
    await expectAccessible(page, 'care: tasks')
    await shot(page, 'h39-care-tasks')

    await row.getByRole('link', { name: `เปิดงาน #${id}` }).click()
    await page.getByRole('heading', { level: 1, name: `งานดูแล #${id} · ยอดฝากสุทธิ 30 วันถึงเกณฑ์` }).waitFor()
    await page.getByText('ยังไม่มีบันทึก').waitFor()
    await page.getByLabel('ช่องทางที่ติดต่อ').selectOption('PHONE')
    await page.getByLabel('สิ่งที่พูดคุยหรือดำเนินการ').fill('โทรคุยกับผู้เล่น แนะนำให้ตั้งวงเงินฝากรายเดือน ผู้เล่นตั้ง 5,000 บาทแล้ว')
    await page.getByRole('button', { name: 'บันทึก', exact: true }).click()
    await page.getByText('แนะนำให้ตั้งวงเงินฝากรายเดือน').waitFor()
    await expectAccessible(page, 'care: task')
    await shot(page, 'h39-care-task')

    await page.getByLabel('สิ่งที่พูดคุยหรือดำเนินการ').fill('ติดตามแล้ว ยอดฝากอยู่ในวงเงิน ปิดงาน')
    await page.getByLabel('ปิดงานดูแลนี้หลังบันทึก').check()
    await page.getByRole('button', { name: 'บันทึก', exact: true }).click()
    await page.getByText('ปิดแล้ว ·').waitFor()
    expect(await page.getByRole('button', { name: 'บันทึก', exact: true }).count()).toBe(0)

    const audit = await call<{ list: Array<{ action: string }> }>(suite.baseUrl, 'GET', `/api/backoffice/audit?target_type=care_task&target_id=${id}`, {
      token,
    })
    expect(audit.body.data.list.map((e) => e.action).sort()).toEqual(['care.close', 'care.interaction'])
    expect(problems).toEqual([])
  }, 300_000)
})
