// The build script's logic, tested here because the player test project runs files under src/ only.
import { describe, expect, it } from 'vitest'
import { formatRouteSizes, routeSizes, staticClosure, type BundleChunk } from '../scripts/route-budget.ts'

const chunk = (fileName: string, code: string, imports: string[] = [], facade: string | null = null, isEntry = false): BundleChunk => ({ fileName, code, imports, facadeModuleId: facade, isEntry })

const bundle = [
  chunk('index.js', 'E'.repeat(100), ['react.js'], '/app/src/main.tsx', true),
  chunk('react.js', 'R'.repeat(50)),
  chunk('login.js', 'L'.repeat(10), ['shared.js', 'react.js'], '/app/src/app/routes/login-route.tsx'),
  chunk('shared.js', 'S'.repeat(5)),
  chunk('home.js', 'H'.repeat(1000), ['embla.js', 'shared.js'], '/app/src/app/routes/home-route.tsx'),
  chunk('embla.js', 'M'.repeat(300)),
]
const length = (code: string) => code.length

describe('first-load JS budget', () => {
  it('follows static imports only, once each', () => {
    const byFile = new Map(bundle.map((item) => [item.fileName, item]))
    expect(staticClosure(byFile, 'login.js').sort()).toEqual(['login.js', 'react.js', 'shared.js'])
  })

  it('sums the entry and the route chunk closures', () => {
    const [login, home] = routeSizes(bundle, { '/login': 'src/app/routes/login-route.tsx', '/': 'src/app/routes/home-route.tsx' }, 200, length)
    expect(login).toMatchObject({ route: '/login', gzipBytes: 100 + 50 + 10 + 5 })
    expect(home).toMatchObject({ route: '/', gzipBytes: 100 + 50 + 1000 + 300 + 5 })
    expect(formatRouteSizes([login!, home!])).toContain('OVER')
  })

  it('fails loudly when a route lost its own chunk', () => {
    expect(() => routeSizes(bundle, { '/x': 'src/app/routes/x.tsx' }, 1, length)).toThrow(/no chunk/)
  })
})
