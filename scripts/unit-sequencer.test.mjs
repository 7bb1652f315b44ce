import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LONGEST_FIRST, longestFirst } from './unit-sequencer.mjs'

const spec = (project, file) => ({ project, file })

describe('the unit half’s order (scripts/unit-sequencer.mjs)', () => {
  it("puts each project's long files first, longest first, and keeps the projects and the other files in vitest's order", () => {
    const vitestOrder = [
      spec('api', 'apps/api/src/big.routes.test.ts'),
      spec('api', 'apps/api/src/small.test.ts'),
      spec('api', 'apps/api/src/long-b.test.ts'),
      spec('api', 'apps/api/src/long-a.test.ts'),
      spec('api-postgres', 'apps/api/src/big.routes.test.ts'),
      spec('api-postgres', 'apps/api/src/long-a.test.ts'),
      spec('scripts', 'scripts/quick.test.mjs'),
    ]
    const longest = ['apps/api/src/long-a.test.ts', 'apps/api/src/long-b.test.ts']
    expect(longestFirst(vitestOrder, longest)).toEqual([
      spec('api', 'apps/api/src/long-a.test.ts'),
      spec('api', 'apps/api/src/long-b.test.ts'),
      spec('api', 'apps/api/src/big.routes.test.ts'),
      spec('api', 'apps/api/src/small.test.ts'),
      spec('api-postgres', 'apps/api/src/long-a.test.ts'),
      spec('api-postgres', 'apps/api/src/big.routes.test.ts'),
      spec('scripts', 'scripts/quick.test.mjs'),
    ])
  })

  it('names only test files that exist (a renamed one would quietly go back to the end)', () => {
    for (const file of LONGEST_FIRST) {
      const [dir, name] = [file.slice(0, file.lastIndexOf('/')), file.slice(file.lastIndexOf('/') + 1)]
      expect(readdirSync(new URL(`../${dir}`, import.meta.url)), file).toContain(name)
    }
  })
})
