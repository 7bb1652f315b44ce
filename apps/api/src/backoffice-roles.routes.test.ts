import fc from 'fast-check'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/app.ts'
import { makePlayer, uniqueAddress } from '../test/factories.ts'
import { bearer, loginPlayer } from '../test/money.ts'
import { signInOperator } from '../test/referral.ts'
import { routeTable, type TableRoute } from '../test/route-table.ts'
import { validArbitrary } from '../test/zod-arbitrary.ts'
import { argon2Hasher } from './modules/auth/password.ts'
import { operatorsRepository } from './modules/backoffice/operators.repository.ts'

// Issue 12 §1 and §7: every back-office route checks the role on the server. The table below says who may call each
// route; the test walks the routes the app really registered (onRoute), so a route added without an entry fails here.

type Role = 'owner' | 'finance' | 'support'
const EVERYONE: Role[] = ['owner', 'finance', 'support']
const MONEY: Role[] = ['owner', 'finance']
const OWNER: Role[] = ['owner']

/** Who may call each back-office route; `enrolling` routes also admit an owner or finance session not yet enrolled. */
const ROLES: Record<string, { roles: Role[] | 'public'; enrolling?: true }> = {
  'POST /api/backoffice/auth/login': { roles: 'public' },
  'POST /api/backoffice/auth/logout': { roles: EVERYONE, enrolling: true },
  'GET /api/backoffice/me': { roles: EVERYONE, enrolling: true },
  'POST /api/backoffice/auth/totp/start': { roles: EVERYONE, enrolling: true },
  'POST /api/backoffice/auth/totp/confirm': { roles: EVERYONE, enrolling: true },
  'POST /api/backoffice/auth/password': { roles: EVERYONE },
  'GET /api/backoffice/operators': { roles: OWNER },
  'POST /api/backoffice/operators': { roles: OWNER },
  'POST /api/backoffice/operators/:id/role': { roles: OWNER },
  'POST /api/backoffice/operators/:id/disable': { roles: OWNER },
  'POST /api/backoffice/operators/:id/enable': { roles: OWNER },
  'POST /api/backoffice/operators/:id/reset-password': { roles: OWNER },
  'POST /api/backoffice/operators/:id/reset-totp': { roles: OWNER },
  'GET /api/backoffice/audit': { roles: EVERYONE },
  'GET /api/backoffice/audit/actions': { roles: EVERYONE },
  'GET /api/backoffice/withdrawals': { roles: EVERYONE },
  'POST /api/backoffice/withdrawals/:id/approve': { roles: MONEY },
  'POST /api/backoffice/withdrawals/:id/reject': { roles: MONEY },
  'GET /api/backoffice/deposits/unmatched': { roles: EVERYONE },
  'GET /api/backoffice/deposits': { roles: EVERYONE },
  'POST /api/backoffice/deposits/:id/assign': { roles: MONEY },
  'POST /api/backoffice/deposits/manual': { roles: MONEY },
  'GET /api/backoffice/members/:id/links': { roles: EVERYONE },
  'GET /api/backoffice/members': { roles: EVERYONE },
  'GET /api/backoffice/dashboard': { roles: EVERYONE },
  'GET /api/backoffice/members/:id': { roles: EVERYONE },
  'POST /api/backoffice/members/:id/lock': { roles: EVERYONE },
  'POST /api/backoffice/members/:id/unlock': { roles: EVERYONE },
  'POST /api/backoffice/members/:id/end-sessions': { roles: EVERYONE },
  'GET /api/backoffice/members/:id/ledger': { roles: EVERYONE },
  'GET /api/backoffice/members/:id/money': { roles: EVERYONE },
  'GET /api/backoffice/members/:id/promotions': { roles: EVERYONE },
  'GET /api/backoffice/members/:id/downline': { roles: EVERYONE },
  'GET /api/backoffice/members/:id/sessions': { roles: EVERYONE },
  'POST /api/backoffice/members/:id/reset-password': { roles: EVERYONE },
  'POST /api/backoffice/members/:id/adjustments': { roles: MONEY },
  'GET /api/backoffice/approvals': { roles: EVERYONE },
  'POST /api/backoffice/approvals/:id/approve': { roles: MONEY },
  'POST /api/backoffice/approvals/:id/reject': { roles: MONEY },
  'GET /api/backoffice/deposit-exceptions': { roles: EVERYONE },
  'POST /api/backoffice/deposit-exceptions/:id/resolve': { roles: MONEY },
  'GET /api/backoffice/reconciliation': { roles: MONEY },
  'GET /api/backoffice/ledger/verify': { roles: MONEY },
  'POST /api/backoffice/jobs/accrue': { roles: OWNER },
}

const table = routeTable()
let t: TestApp
let playerToken: string
let routes: TableRoute[]

beforeAll(async () => {
  t = await buildTestApp({ deps: table.deps })
  playerToken = await loginPlayer(t, await makePlayer(t.db))
  routes = table.routes.filter((r) => r.path.startsWith('/api/backoffice/'))
})
afterAll(async () => {
  await t?.close()
})

const keyOf = (r: TableRoute) => `${r.method} ${r.path}`

/** A request the route's schemas accept (so validation never answers before the role check does). */
function validRequest(route: TableRoute) {
  const sample = <T>(schema: z.ZodType | undefined): T | undefined =>
    schema ? (fc.sample(validArbitrary(schema), { seed: 12, numRuns: 1 })[0] as T) : undefined
  const params = sample<Record<string, string>>(route.schema.params) ?? {}
  const url = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? '1'))
  const query = sample<Record<string, unknown>>(route.schema.querystring)
  const search = query
    ? new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString()
    : ''
  const body = sample<Record<string, unknown>>(route.schema.body)
  return { method: route.method as 'GET' | 'POST', url: search ? `${url}?${search}` : url, ...(body === undefined ? {} : { payload: body }) }
}

/** A fresh session of `role` (a new operator each time: a call may end its own session or change its rights). */
async function sessionOf(role: Role): Promise<string> {
  return (await signInOperator(t, role)).token
}

describe('roles on every back-office route', () => {
  it('has an entry for every route the app registered, and none for a route it does not have', () => {
    const keys = routes.map(keyOf)
    expect(
      keys.filter((k) => !(k in ROLES)),
      'back-office routes without an entry in ROLES: say who may call them',
    ).toEqual([])
    expect(Object.keys(ROLES).filter((k) => !keys.includes(k))).toEqual([])
  })

  it('refuses no token and a player token with 401, a role not listed with 403, and lets the listed roles through', { timeout: 120_000 }, async () => {
    for (const route of routes) {
      const rule = ROLES[keyOf(route)]!
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

  it('lets an owner or finance session without TOTP reach only enrolment, itself and sign-out', { timeout: 60_000 }, async () => {
    for (const role of ['owner', 'finance'] as const) {
      const username = `unenrolled-${role}`
      await operatorsRepository.insert(t.db, { username, passwordHash: await argon2Hasher.hash('unenrolled-pass-1'), role, createdAt: t.clock.now() })
      for (const route of routes) {
        const rule = ROLES[keyOf(route)]!
        if (rule.roles === 'public' || !rule.roles.includes(role)) continue
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/backoffice/auth/login',
          payload: { username, password: 'unenrolled-pass-1' },
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
