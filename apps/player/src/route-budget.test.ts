// The build script's logic, tested here because the player test project runs files under src/ only.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatRouteSizes, ROUTE_SIZES_FILE, routeSizes, staticClosure, type BundleChunk, type RouteSize } from '../scripts/route-budget.ts'

const chunk = (fileName: string, code: string, imports: string[] = [], facade: string | null = null, isEntry = false): BundleChunk => ({
  fileName,
  code,
  imports,
  facadeModuleId: facade,
  isEntry,
})

const bundle = [
  chunk('index.js', 'E'.repeat(100), ['react.js'], '/app/src/main.tsx', true),
  chunk('react.js', 'R'.repeat(50)),
  chunk('login.js', 'L'.repeat(10), ['shared.js', 'react.js'], '/app/src/app/routes/login-route.tsx'),
  chunk('shared.js', 'S'.repeat(5)),
  chunk('home.js', 'H'.repeat(1000), ['embla.js', 'shared.js'], '/app/src/app/routes/home-route.tsx'),
  chunk('embla.js', 'M'.repeat(300)),
]
const length = (code: string) => code.length
const kb = (bytes: number) => bytes / 1024

describe('first-load JS budget', () => {
  it('follows static imports only, once each', () => {
    const byFile = new Map(bundle.map((item) => [item.fileName, item]))
    expect(staticClosure(byFile, 'login.js').sort()).toEqual(['login.js', 'react.js', 'shared.js'])
  })

  it('sums the entry and the route chunk closures, each against its own budget', () => {
    const routes = {
      '/login': { module: 'src/app/routes/login-route.tsx', budgetKb: kb(200) },
      '/': { module: 'src/app/routes/home-route.tsx', budgetKb: kb(2000) },
    }
    const [login, home] = routeSizes(bundle, routes, length)
    expect(login).toMatchObject({ route: '/login', gzipBytes: 100 + 50 + 10 + 5, budgetBytes: 200 })
    expect(home).toMatchObject({ route: '/', gzipBytes: 100 + 50 + 1000 + 300 + 5, budgetBytes: 2000 })
    expect(formatRouteSizes([login!, home!])).not.toContain('OVER')
    expect(formatRouteSizes(routeSizes(bundle, { '/': { module: 'src/app/routes/home-route.tsx', budgetKb: kb(1000) } }, length))).toContain('OVER')
  })

  it('fails loudly when a route lost its own chunk', () => {
    expect(() => routeSizes(bundle, { '/x': { module: 'src/app/routes/x.tsx', budgetKb: 1 } }, length)).toThrow(/no chunk/)
  })
})

// npm test builds before the unit tests: these read what that build measured, so the budget is checked on the
// bundle that ships, not on a model of it.
describe('the built app (dist/route-sizes.json)', () => {
  // import.meta.dirname: under jsdom import.meta.url is not a file URL.
  const report = path.join(import.meta.dirname, '..', 'dist', ROUTE_SIZES_FILE)

  it.each([
    ['/login', 150],
    ['/', 220],
  ])('%s loads at most %i KB of gzipped JS', (route, limitKb) => {
    expect(existsSync(report), `${report} is missing: run npm run build -w apps/player first`).toBe(true)
    const sizes = JSON.parse(readFileSync(report, 'utf8')) as RouteSize[]
    const size = sizes.find((item) => item.route === route)
    expect(size, `${route} is not in the report`).toBeDefined()
    expect(size!.gzipBytes).toBeGreaterThan(0)
    expect(size!.gzipBytes).toBeLessThanOrEqual(limitKb * 1024)
  })
})
