import type { Plan, PlanService } from '../../src/modules/plan/plan.service.ts'

/** The plan of the environment's defaults: 3, 2 and 1 % commission, 0.5 % rebate, 100 baht minimums (satang, bp). */
export const DEFAULT_PLAN: Plan = {
  id: 1,
  effectiveFrom: new Date(0),
  levels: [300, 200, 100],
  rebate: 50,
  bonus: { min: 30_000n, max: 100_000n, interval: 'DAY' },
  refund: { min: 0n, max: 100_000n, interval: 'DAY' },
  depositMin: 10_000n,
  withdrawMin: 10_000n,
  fourEyesAbove: 2_000_000n,
  autoApproval: { perPayout: 500_000n, playerDailyTotal: 2_000_000n, playerDailyCount: 3, siteHourlyBudget: 10_000_000n },
}

/** One plan version, in force all along, for the service test tier; `overrides` change its values. */
export function fakePlan(overrides: Partial<Plan> = {}): Pick<PlanService, 'current' | 'during'> {
  const plan = { ...DEFAULT_PLAN, ...overrides }
  return {
    current: async () => plan,
    during: async (_tx, start) => [{ from: start, plan }],
  }
}
