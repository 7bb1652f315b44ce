import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { glob } from 'tinyglobby'
import { describe, expect, it } from 'vitest'
import { arrowsBackUp, cycles, importGraph, importsOf, moduleGraph, type Graph } from '../scripts/module-graph.ts'

// The layer rules of docs/ARCHITECTURE.md ("Layer rules, checked"), read from the document itself, so the rules a
// reader finds there are the rules the code is held to; what eslint cannot see (SQL, which tables a file writes).

const root = fileURLToPath(new URL('../../..', import.meta.url))

interface LayerRule {
  files: string[]
  mustNotMatch: RegExp
  except: string[]
  why: string
}

/** The cells of a Markdown table row; `\|` inside a cell is a literal bar. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)

export function parseLayerRules(markdown: string): LayerRule[] {
  const section = markdown.split('### Layer rules, checked')[1]?.split(/\n#{2,3} /)[0]
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "Layer rules, checked" section')
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [files, pattern, except, why] = cells(line)
      const [source] = codeSpans(pattern ?? '')
      if (!files || !source || except === undefined || !why) throw new Error(`a layer rule row is incomplete: ${line}`)
      return { files: codeSpans(files), mustNotMatch: new RegExp(source, 'm'), except: except === 'none' ? [] : codeSpans(except), why }
    })
}

const markdown = await readFile(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8')
const rules = parseLayerRules(markdown)

describe('the layer rules of docs/ARCHITECTURE.md', () => {
  it('are there to check', () => {
    expect(rules.length).toBeGreaterThanOrEqual(8)
  })

  it.each(rules.map((rule) => [`${rule.files.join(', ')}: ${rule.why}`, rule] as const))('hold: %s', async (_name, rule) => {
    const files = await glob(rule.files, { cwd: root, ignore: ['**/node_modules/**', ...rule.except] })
    expect(files.length, `no file matches ${rule.files.join(', ')}`).toBeGreaterThan(0)
    const breaking: string[] = []
    for (const file of files) {
      const text = await readFile(path.join(root, file), 'utf8')
      const found = rule.mustNotMatch.exec(text)
      if (found) breaking.push(`${file}: ${found[0]}`)
    }
    expect(breaking, rule.why).toEqual([])
  })

  it('catch a file that breaks one (a route reading a repository, a service writing transfers)', () => {
    const [routes] = rules
    expect(routes!.mustNotMatch.test(`import { depositsRepository } from '../deposits/deposits.repository.ts'`)).toBe(true)
    const money = rules.find((rule) => rule.why.includes('only code that writes money'))!
    expect(money.mustNotMatch.test('await tx.insert(transfers).values(row)')).toBe(true)
    expect(money.mustNotMatch.test('update accounts set balance = 0')).toBe(true)
    expect(money.mustNotMatch.test('select * from transfers')).toBe(false)
  })
})

// ADR 066: the modules form no cycle, type imports included, and infrastructure (plugins/, lib/, db/) imports no
// module. `npx tsx apps/api/scripts/module-graph.ts` prints the same graph.
describe('the module graph', () => {
  const graph = importGraph()

  it('has no cycle between modules', () => {
    expect(moduleGraph(graph).size).toBeGreaterThan(20)
    expect(cycles(moduleGraph(graph))).toEqual([])
  })

  it('has no arrow from plugins, lib or db back up into a module', () => {
    expect(graph.get('plugins')?.size).toBeGreaterThan(0)
    expect(arrowsBackUp(graph)).toEqual([])
  })

  it('finds a cycle, type imports included, and an arrow back up, on a made-up graph', () => {
    const made = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]))
    expect(cycles(made({ 'modules/a': ['modules/b'], 'modules/b': ['modules/c'], 'modules/c': [] }))).toEqual([])
    expect(cycles(made({ 'modules/a': ['modules/b'], 'modules/b': ['modules/c'], 'modules/c': ['modules/a'], 'modules/d': ['modules/a'] }))).toEqual([
      ['modules/a', 'modules/b', 'modules/c'],
    ])
    expect(arrowsBackUp(made({ plugins: ['lib', 'modules/auth'], lib: ['db'], 'modules/auth': ['lib'] }))).toEqual(['plugins -> modules/auth'])
    expect(importsOf(`import type { AuthService } from '../auth/auth.service.ts'\nexport { x } from './x.ts'\nconst m = await import('./m.ts')`)).toEqual([
      '../auth/auth.service.ts',
      './x.ts',
      './m.ts',
    ])
  })
})

describe('the size of services (ADR 066)', () => {
  const LIMIT = 350
  /** A table row may trail the code by this many lines before it is stale. */
  const SLACK = 25

  it('names every service over the limit in ADR 066, with no more lines than the ADR says', async () => {
    const adr = await readFile(path.join(root, 'docs/decisions/066-modules-own-their-nouns.md'), 'utf8')
    const table = adr.split('### Services over the limits, and why')[1]?.split(/\n#{2,3} /)[0] ?? ''
    const named = new Map(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => {
          const [file, lines] = cells(line)
          return [codeSpans(file ?? '')[0]!, Number(lines)] as const
        }),
    )
    expect(named.size).toBeGreaterThan(0)
    const files = await glob('apps/api/src/modules/*/*.service.ts', { cwd: root })
    const over: string[] = []
    for (const file of files.sort()) {
      const lines = (await readFile(path.join(root, file), 'utf8')).split('\n').length - 1
      const key = file.replace('apps/api/src/modules/', '')
      if (lines <= LIMIT) continue
      const said = named.get(key)
      if (said === undefined) over.push(`${key}: ${lines} lines, not in the table`)
      else if (lines > said + SLACK) over.push(`${key}: ${lines} lines, the table says ${said}`)
    }
    expect(over).toEqual([])
  })
})
