import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { makePlayer, passwordHashOf, uniqueAddress } from '../test/factories.ts'
import { bearer, loginPlayer } from '../test/money.ts'
import { routeTable, validRequest, type TableRoute } from '../test/route-table.ts'
import { operatorsRepository } from './modules/operators/operators.repository.ts'
import { OPERATOR_PERMISSIONS, type OperatorPermission, type OperatorRole } from '@sanam/contract'
import { signInOperator } from '../test/operators.ts'

// Issue 12 §1 and §7, issue 18 §2: every back-office route checks the role on the server. The table below says which
// permission each route needs; who holds it comes from the contract's one table (OPERATOR_PERMISSIONS, ADR 036). The
// test walks the routes the app really registered (onRoute), so a route added without an entry fails here.

type Role = OperatorRole
const EVERYONE: Role[] = ['owner', 'finance', 'support', 'compliance']

/** The permission each back-office route needs; `enrolling` routes also admit a session not yet enrolled in TOTP. */
const PERMISSION: Record<string, { permission: OperatorPermission | 'public'; enrolling?: true; roles?: readonly Role[] }> = {
  'POST /api/backoffice/auth/login': { permission: 'public' },
  'POST /api/backoffice/auth/password/renew': { permission: 'public' },
  'POST /api/backoffice/auth/logout': { permission: 'self.session', enrolling: true },
  'GET /api/backoffice/me': { permission: 'self.session', enrolling: true },
  'POST /api/backoffice/auth/totp/start': { permission: 'self.session', enrolling: true },
  'POST /api/backoffice/auth/totp/confirm': { permission: 'self.session', enrolling: true },
  'POST /api/backoffice/auth/password': { permission: 'self.session' },
  'GET /api/backoffice/operators': { permission: 'operators.manage' },
  'POST /api/backoffice/operators': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/role': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/phone': { permission: 'operators.manage' },
  'GET /api/backoffice/operators/requests': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/requests/:id/approve': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/requests/:id/reject': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/disable': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/enable': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/reset-password': { permission: 'operators.manage' },
  'POST /api/backoffice/operators/:id/reset-totp': { permission: 'operators.manage' },
  'GET /api/backoffice/audit': { permission: 'backoffice.read' },
  'GET /api/backoffice/audit/actions': { permission: 'backoffice.read' },
  'GET /api/backoffice/outbox': { permission: 'backoffice.read' },
  'POST /api/backoffice/outbox/:id/resend': { permission: 'members.handle' },
  'GET /api/backoffice/care-tasks': { permission: 'care.work' },
  'GET /api/backoffice/care-tasks/:id': { permission: 'care.work' },
  'POST /api/backoffice/care-tasks/:id/interactions': { permission: 'care.work' },
  'GET /api/backoffice/alerts': { permission: 'backoffice.read' },
  'POST /api/backoffice/alerts/:id/read': { permission: 'backoffice.read' },
  // The risk desk (ADR 089).
  'GET /api/backoffice/risk/inbox': { permission: 'risk.work' },
  'GET /api/backoffice/risk/cases/:id': { permission: 'risk.work' },
  'POST /api/backoffice/risk/alerts/:id/case': { permission: 'risk.work' },
  'POST /api/backoffice/risk/cases/:id': { permission: 'risk.work' },
  'POST /api/backoffice/risk/cases/:id/notes': { permission: 'risk.work' },
  'POST /api/backoffice/risk/cases/:id/close': { permission: 'risk.work' },
  'POST /api/backoffice/risk/cases/:id/close/confirm': { permission: 'risk.work' },
  'POST /api/backoffice/risk/cases/:id/close/reject': { permission: 'risk.work' },
  'GET /api/backoffice/risk/cases/:id/report': { permission: 'risk.work' },
  'GET /api/backoffice/risk/params': { permission: 'risk.work' },
  'POST /api/backoffice/risk/params': { permission: 'risk.params' },
  'POST /api/backoffice/risk/params/:id/approve': { permission: 'risk.params' },
  'POST /api/backoffice/risk/params/:id/reject': { permission: 'risk.params' },
  'GET /api/backoffice/withdrawals': { permission: 'backoffice.read' },
  'POST /api/backoffice/withdrawals/:id/approve': { permission: 'money.decide' },
  'POST /api/backoffice/withdrawals/:id/reject': { permission: 'money.decide' },
  'GET /api/backoffice/payouts': { permission: 'backoffice.read' },
  'GET /api/backoffice/payouts/summary': { permission: 'backoffice.read' },
  'POST /api/backoffice/payouts/:id/recheck': { permission: 'money.decide' },
  'POST /api/backoffice/payouts/:id/propose': { permission: 'money.decide' },
  'POST /api/backoffice/payouts/:id/confirm': { permission: 'money.decide' },
  'POST /api/backoffice/payouts/:id/send-again': { permission: 'money.decide' },
  'POST /api/backoffice/payouts/:id/refuse': { permission: 'money.decide' },
  'GET /api/backoffice/deposits/unmatched': { permission: 'backoffice.read' },
  'GET /api/backoffice/bank-notifications': { permission: 'backoffice.read' },
  'GET /api/backoffice/deposits': { permission: 'backoffice.read' },
  'POST /api/backoffice/deposits/:id/assign': { permission: 'money.decide' },
  'POST /api/backoffice/deposits/manual': { permission: 'money.decide' },
  'GET /api/backoffice/slips': { permission: 'backoffice.read' },
  'POST /api/backoffice/slips/:id/recheck': { permission: 'money.decide' },
  'POST /api/backoffice/slips/:id/close': { permission: 'money.decide' },
  'GET /api/backoffice/members/:id/links': { permission: 'backoffice.read' },
  'GET /api/backoffice/members': { permission: 'backoffice.read' },
  'GET /api/backoffice/dashboard': { permission: 'backoffice.read' },
  'POST /api/backoffice/media': { permission: 'media.upload' },
  'GET /api/backoffice/members/:id': { permission: 'backoffice.read' },
  'POST /api/backoffice/members/:id/lock': { permission: 'members.handle' },
  'POST /api/backoffice/members/:id/unlock': { permission: 'members.handle' },
  'POST /api/backoffice/members/:id/end-sessions': { permission: 'members.handle' },
  'GET /api/backoffice/members/:id/ledger': { permission: 'backoffice.read' },
  'GET /api/backoffice/members/:id/money': { permission: 'backoffice.read' },
  'GET /api/backoffice/members/:id/promotions': { permission: 'backoffice.read' },
  'GET /api/backoffice/members/:id/downline': { permission: 'backoffice.read' },
  'GET /api/backoffice/members/:id/sessions': { permission: 'backoffice.read' },
  'POST /api/backoffice/members/:id/reset-password': { permission: 'members.handle' },
  'POST /api/backoffice/members/:id/adjustments': { permission: 'money.decide' },
  'GET /api/backoffice/approvals': { permission: 'backoffice.read' },
  'POST /api/backoffice/approvals/:id/approve': { permission: 'money.decide' },
  'GET /api/backoffice/plan': { permission: 'backoffice.read' },
  'POST /api/backoffice/plan/proposals': { permission: 'plan.manage' },
  'POST /api/backoffice/plan/proposals/:id/approve': { permission: 'money.decide' },
  'POST /api/backoffice/plan/proposals/:id/reject': { permission: 'plan.manage' },
  'POST /api/backoffice/approvals/:id/reject': { permission: 'money.decide' },
  'GET /api/backoffice/deposit-exceptions': { permission: 'backoffice.read' },
  'POST /api/backoffice/deposit-exceptions/:id/resolve': { permission: 'money.decide' },
  'GET /api/backoffice/reconciliation': { permission: 'ledger.verify' },
  'GET /api/backoffice/ledger/verify': { permission: 'ledger.verify' },
  'POST /api/backoffice/jobs/accrue': { permission: 'jobs.run' },
  'POST /api/backoffice/jobs/care-markers': { permission: 'jobs.run' },
  'GET /api/backoffice/catalogue/providers': { permission: 'backoffice.read' },
  'POST /api/backoffice/catalogue/providers': { permission: 'catalogue.manage' },
  'POST /api/backoffice/catalogue/providers/:code': { permission: 'catalogue.manage' },
  'GET /api/backoffice/catalogue/providers/:code/games': { permission: 'backoffice.read' },
  'POST /api/backoffice/catalogue/providers/:code/games': { permission: 'catalogue.manage' },
  'POST /api/backoffice/catalogue/games/:id': { permission: 'catalogue.manage' },
  'GET /api/backoffice/payin-accounts': { permission: 'backoffice.read' },
  'POST /api/backoffice/payin-accounts': { permission: 'payin.manage' },
  'POST /api/backoffice/payin-accounts/:id/change': { permission: 'payin.manage' },
  'POST /api/backoffice/payin-accounts/:id/activate': { permission: 'money.decide' },
  'POST /api/backoffice/payin-accounts/:id/reject': { permission: 'payin.manage' },
  'POST /api/backoffice/payin-accounts/:id/retire': { permission: 'payin.manage' },
  'GET /api/backoffice/reports/:report': { permission: 'reports.read' },
  'GET /api/backoffice/reports/:report/csv': { permission: 'reports.read' },
  'GET /api/backoffice/promotions': { permission: 'promotions.manage' },
  'GET /api/backoffice/promotions/choices': { permission: 'promotions.manage' },
  'POST /api/backoffice/promotions': { permission: 'promotions.manage' },
  'POST /api/backoffice/promotions/:id/versions': { permission: 'promotions.manage' },
  'POST /api/backoffice/promotions/:id/disable': { permission: 'promotions.manage' },
  'POST /api/backoffice/promotion-versions/:id/publish': { permission: 'money.decide' },
  'POST /api/backoffice/promotion-versions/:id/reject': { permission: 'money.decide' },
  'GET /api/backoffice/site': { permission: 'backoffice.read' },
  'POST /api/backoffice/site': { permission: 'site.manage' },
  'POST /api/backoffice/site/versions/:id/approve': { permission: 'money.decide' },
  // Those who may propose ('site.manage') or apply ('money.decide'): every role today (the route checks both).
  // Guarded by 'backoffice.read', then the route refuses a role that neither edits the site nor decides money (compliance).
  'POST /api/backoffice/site/versions/:id/reject': {
    permission: 'backoffice.read',
    roles: [...new Set([...OPERATOR_PERMISSIONS['site.manage'], ...OPERATOR_PERMISSIONS['money.decide']])],
  },
  'GET /api/backoffice/deposit-sources': { permission: 'backoffice.read' },
}
/** The roles that may call a route, read from the contract's table. */
const rolesOf = (permission: OperatorPermission | 'public'): readonly Role[] | 'public' =>
  permission === 'public' ? 'public' : OPERATOR_PERMISSIONS[permission]

const table = routeTable()
const t = useTestApp({ deps: table.deps })
let playerToken: string
let routes: TableRoute[]

beforeAll(async () => {
  playerToken = await loginPlayer(t, await makePlayer(t.db))
  routes = table.routes.filter((r) => r.path.startsWith('/api/backoffice/'))
})

const keyOf = (r: TableRoute) => `${r.method} ${r.path}`
const ruleOf = (r: TableRoute) => {
  const entry = PERMISSION[keyOf(r)]!
  return { roles: entry.roles ?? rolesOf(entry.permission), enrolling: entry.enrolling }
}

/** A fresh session of `role` (a new operator each time: a call may end its own session or change its rights). */
async function sessionOf(role: Role): Promise<string> {
  return (await signInOperator(t, role)).token
}

describe('roles on every back-office route', () => {
  it('has an entry for every route the app registered, and none for a route it does not have', () => {
    const keys = routes.map(keyOf)
    expect(
      keys.filter((k) => !(k in PERMISSION)),
      'back-office routes without an entry in PERMISSION: say which permission they need',
    ).toEqual([])
    expect(Object.keys(PERMISSION).filter((k) => !keys.includes(k))).toEqual([])
  })

  it('refuses no token and a player token with 401, a role not listed with 403, and lets the listed roles through', { timeout: 180_000 }, async () => {
    for (const route of routes) {
      const rule = ruleOf(route)
      if (rule.roles === 'public') continue
      const request = validRequest(route)
      const label = `${keyOf(route)} (${request.url})`
      expect((await t.app.inject(request)).statusCode, `${label} without a token`).toBe(401)
      expect((await t.app.inject({ ...request, headers: bearer(playerToken) })).statusCode, `${label} with a player token`).toBe(401)
      for (const role of EVERYONE) {
        const res = await t.app.inject({ ...request, headers: bearer(await sessionOf(role)) })
        const outcome = `${label} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`
        if (rule.roles.includes(role)) {
          expect([401, 403], outcome).not.toContain(res.statusCode)
          expect(res.statusCode, outcome).toBeLessThan(500)
        } else {
          expect(res.statusCode, outcome).toBe(403)
          expect(res.json().code, outcome).toBe('FORBIDDEN')
        }
      }
    }
  })

  it('lets a session without TOTP, of any role, reach only enrolment, itself and sign-out', { timeout: 90_000 }, async () => {
    for (const role of EVERYONE) {
      const username = `unenrolled-${role}`
      await operatorsRepository.insert(t.db, {
        username,
        passwordHash: await passwordHashOf('unenrolled-password-1', t.hasher),
        role,
        createdAt: t.clock.now(),
      })
      for (const route of routes) {
        const rule = ruleOf(route)
        if (rule.roles === 'public' || !rule.roles.includes(role)) continue
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/backoffice/auth/login',
          payload: { username, password: 'unenrolled-password-1' },
          remoteAddress: uniqueAddress(),
        })
        expect(login.json().data.must_enroll).toBe(true)
        const res = await t.app.inject({ ...validRequest(route), headers: bearer(login.json().data.token) })
        const outcome = `${keyOf(route)} as ${role} not enrolled: ${res.statusCode} ${res.body.slice(0, 200)}`
        if (rule.enrolling) expect([401, 403], outcome).not.toContain(res.statusCode)
        else expect(res.json().code, outcome).toBe('TOTP_ENROLL_REQUIRED')
      }
    }
  })
})
