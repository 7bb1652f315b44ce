/**
 * A server whose money desk is staffed (ADR 036): finance operators that may decide money now, onboarded a day early
 * by `seasonedOperators` (operator.ts) on the spec's own data, then today's server on the same data. No rule is bent;
 * only a day passes.
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect } from 'vitest'
import { operatorEnv, operatorToken, seasonedOperators, type OperatorLogin } from './operator.ts'
import { startServer, type RunningServer } from './server.ts'
import { useBrowserSuite, type BrowserSuite } from './suite.ts'

export interface StaffedDesk {
  /** For `useBrowserSuite({ server: desk.start })`: sets the desk up a day early, then starts today's server. */
  start: (dataDir: string) => Promise<RunningServer>
  /** The finance operators' logins (their own passwords and TOTP secrets), filled in by `start`; sign in with `operatorToken`. */
  finance: OperatorLogin[]
  /** The owners who proposed them, one each (named at set-up): a second owner for the spec's own proposals. */
  owners: OperatorLogin[]
}

/** A server with `env` (which must create the e2e owner: `operatorEnv()`) and `count` finance operators. */
export function staffedMoneyDesk(env: Record<string, string>, count = 2): StaffedDesk {
  const finance: OperatorLogin[] = []
  const owners: OperatorLogin[] = []
  return {
    finance,
    owners,
    async start(dataDir) {
      finance.push(...(await seasonedOperators({ dataDir, env }, count, 'finance', owners)))
      return startServer({ dataDir, env })
    },
  }
}

/**
 * A spec's own demo server (what it changes is the whole site's) with two finance operators set up a day before: the
 * author of a proposal and the second operator who decides it; their session tokens are filled in before the tests.
 */
export function useTwoKeyDesk(): { suite: BrowserSuite; tokens: { author: string; second: string } } {
  const desk = staffedMoneyDesk({ SANAM_MODE: 'demo', OTP_REQUIRED: 'false', ...operatorEnv() }, 2)
  const suite = useBrowserSuite({ server: desk.start })
  const tokens = { author: '', second: '' }
  beforeAll(async () => {
    tokens.author = await operatorToken(suite.baseUrl, desk.finance[0]!)
    tokens.second = await operatorToken(suite.baseUrl, desk.finance[1]!)
  }, 120_000)
  return { suite, tokens }
}

/**
 * The author's side of a two-key change (the plan, the risk rules' parameters): sends the proposal `form`, waits for it
 * saved, then expects the row `row` to show the proposed value `shows` marked as changed (เปลี่ยน), and the author's own
 * approve button (`approve`, the start of its name) disabled.
 */
export async function proposeAsAuthor(page: Page, form: Locator, expected: { row: string; shows: string; approve: RegExp }) {
  await form.getByRole('button', { name: 'ส่งข้อเสนอ' }).click()
  await page.getByText('บันทึกข้อเสนอแล้ว', { exact: false }).waitFor()
  const changed = page.getByTestId(expected.row)
  await changed.getByText(expected.shows).waitFor()
  expect(await changed.textContent()).toContain('เปลี่ยน')
  expect(await page.getByRole('button', { name: expected.approve }).isDisabled()).toBe(true)
}
