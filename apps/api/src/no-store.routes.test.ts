import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { bearer, signedInPlayer } from '../test/money.ts'
import { signInOperator } from '../test/operators.ts'
import { routeTable, validRequest, type TableRoute } from '../test/route-table.ts'

// Issue 34 §7: no answer given to a signed-in player or operator is kept by a browser's or a proxy's cache (a shared
// computer's back button, a caching proxy). The test walks every route the app registered that takes a player's or
// an operator's token, so a route added tomorrow is held to it without anyone editing this file.

const table = routeTable()
const t = useTestApp({ deps: table.deps })
const kinds = ['player', 'operator'] as const
let routes: Array<TableRoute & { kind: (typeof kinds)[number] }>

beforeAll(() => {
  routes = table.routes.flatMap((route) => {
    const kind = kinds.find((k) => route.security.includes(k))
    // A stream never ends under inject; its own tests check its headers (wallet-stream.routes.test.ts, lib/sse.ts).
    return kind && !route.streams ? [{ ...route, kind }] : []
  })
})

describe('Cache-Control on authenticated answers (issue 34 §7)', () => {
  it('finds the player and operator routes in the route table', () => {
    expect(routes.filter((r) => r.kind === 'player').length).toBeGreaterThan(10)
    expect(routes.filter((r) => r.kind === 'operator').length).toBeGreaterThan(30)
  })

  it('is no-store on every answer of every player and operator route, whatever the answer', { timeout: 120_000 }, async () => {
    const tokens = { player: '', operator: '' }
    const fresh = async (kind: 'player' | 'operator') =>
      (tokens[kind] = kind === 'player' ? (await signedInPlayer(t, {}, { cash: 1_000 })).token : (await signInOperator(t, 'owner')).token)
    for (const route of routes) {
      if (!tokens[route.kind]) await fresh(route.kind)
      const res = await t.app.inject({ ...validRequest(route), headers: bearer(tokens[route.kind]) })
      expect(res.headers['cache-control'], `${route.method} ${route.path}: ${res.statusCode} ${res.body.slice(0, 120)}`).toBe('no-store')
      // A call that ended its own session (sign-out, a password change) leaves the next route a fresh one.
      if (res.statusCode === 401) tokens[route.kind] = ''
    }
  })
})
