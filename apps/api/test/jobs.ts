import { standardJobs } from '../src/jobs/runner.ts'
import type { TestApp } from './app.ts'

/** The scheduled jobs over the test app's services and clock, with `extra` ones (slips, payouts, the desk's alerts). */
export function testJobs(t: TestApp, extra: Partial<Parameters<typeof standardJobs>[0]> = {}) {
  return standardJobs({
    clock: t.clock,
    deposits: t.services.deposits,
    seamless: t.services.seamless,
    referral: t.services.referral,
    roundStaleMinutes: 60,
    database: t.database.kind,
    ...extra,
  })
}
