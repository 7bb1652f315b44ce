// The documentation checked against the code and against itself (issue 35 §4): a newcomer follows these pages, so a
// page that names a variable the server does not read, leaves out one it does, forgets an ADR or links nowhere is a
// bug. Plain text reads of the files: nothing here imports the API.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file) => readFileSync(path.join(root, file), 'utf8')

/** Every file under `dir` (relative to the root) whose name passes `keep`, node_modules and build output left out. */
function filesUnder(dir, keep) {
  const found = []
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'artifacts', '.git'].includes(entry.name)) continue
      const file = path.join(relative, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (keep(entry.name)) found.push(file)
    }
  }
  walk(dir)
  return found.sort()
}

/** Markdown without its fenced blocks and inline code, where a bracket or a `#` is text, not a link or a heading. */
function prose(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** GitHub's anchor of each heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown) {
  const seen = new Map()
  const found = new Set()
  for (const [, heading] of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count === 0 ? base : `${base}-${count}`)
  }
  return found
}

/** The relative links of a Markdown text: `[text](target)` with no scheme, outside code. */
export function relativeLinks(markdown) {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

describe('links in the docs', () => {
  const pages = [
    'README.md',
    ...filesUnder('docs', (name) => name.endsWith('.md')),
    ...filesUnder('apps', (name) => name === 'README.md'),
    ...filesUnder('packages', (name) => name === 'README.md'),
    ...filesUnder('bench', (name) => name === 'README.md'),
  ]

  it('finds the pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/operations.md', 'apps/api/src/modules/README.md']))
  })

  it('every relative link reaches a file, and its #anchor a heading of that file', () => {
    const broken = []
    for (const page of pages) {
      for (const link of relativeLinks(read(page))) {
        const [target = '', anchor] = link.split('#')
        const file = target === '' ? page : path.normalize(path.join(path.dirname(page), decodeURIComponent(target)))
        let exists = false
        try {
          exists = statSync(path.join(root, file)) !== undefined
        } catch {
          exists = false
        }
        if (!exists) broken.push(`${page}: ${link} (no ${file})`)
        else if (anchor && file.endsWith('.md') && !anchors(read(file)).has(anchor.toLowerCase()))
          broken.push(`${page}: ${link} (no heading #${anchor} in ${file})`)
      }
    }
    expect(broken).toEqual([])
  })

  it('would notice a broken file or anchor', () => {
    expect(relativeLinks('see [a](docs/none.md) and [b](#x) but not `[c](d.md)` nor [e](https://x.y)')).toEqual(['docs/none.md', '#x'])
    expect([...anchors('# Operations\n## High availability (PostgreSQL)\n## Run\n## Run\n```\n# not a heading\n```')]).toEqual([
      'operations',
      'high-availability-postgresql',
      'run',
      'run-1',
    ])
  })
})

describe('the ADR index (docs/decisions/README.md)', () => {
  const index = read('docs/decisions/README.md')
  const adrs = readdirSync(path.join(root, 'docs/decisions')).filter((name) => /^\d{3}-.+\.md$/.test(name))

  it('lists every ADR, with the status and date of its Status line', () => {
    const problems = []
    for (const adr of adrs) {
      const status = /^Status:\s*(\w+)[^\n]*?(\d{4}-\d{2}-\d{2})/m.exec(read(`docs/decisions/${adr}`))
      if (!status) {
        problems.push(`${adr}: no "Status: <status> (<date>)" line`)
        continue
      }
      const row = index.split('\n').find((line) => line.includes(`](${adr})`))
      if (!row) problems.push(`${adr}: not in the index`)
      else {
        const cells = row.split('|').map((cell) => cell.trim())
        if (cells[3] !== status[1] || cells[4] !== status[2])
          problems.push(`${adr}: the index says ${cells[3]} ${cells[4]}, its Status line ${status[1]} ${status[2]}`)
      }
    }
    expect(problems).toEqual([])
    expect(adrs.length).toBeGreaterThan(60)
  })
})

describe('docs/ARCHITECTURE.md', () => {
  it('lists each folder of apps/api/src/modules once, and no module that is not there', () => {
    const map = /^```\n([\s\S]*?)^```$/m.exec(read('docs/ARCHITECTURE.md'))?.[1] ?? ''
    // The modules are the entries indented one level under `modules/` in the map of the code.
    const section = /^( *)modules\/\s*\n((?:\1 {2}.*\n|\1 {4,}.*\n)*)/m.exec(map)
    expect(section, 'a modules/ entry in the map').not.toBeNull()
    const depth = section[1].length + 2
    const listed = [...section[2].matchAll(new RegExp(`^ {${depth}}([a-z0-9-]+)/`, 'gm'))].map((m) => m[1])
    const folders = readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(
      listed.filter((name, i) => listed.indexOf(name) !== i),
      'listed twice',
    ).toEqual([])
    expect([...new Set(listed)].sort()).toEqual(folders.sort())
  })
})

describe('the configuration table (docs/operations.md)', () => {
  /** The variables apps/api/src/config.ts reads: its schema's keys, and NAME_<CODE> for each per-provider pattern. */
  function configVariables() {
    const source = read('apps/api/src/config.ts')
    const schema = /const ConfigSchema = z\.object\(\{\n([\s\S]*?)\n\}\)/.exec(source)?.[1] ?? ''
    const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1])
    const patterns = [...source.matchAll(/\/\^([A-Z][A-Z0-9_]*)_\(\[A-Z0-9_\]\+\)\$\//g)].map((m) => `${m[1]}_<CODE>`)
    return [...keys, ...patterns]
  }

  /** The variables named in the first column of the one table under "## Configuration". */
  function documentedVariables() {
    const page = read('docs/operations.md')
    const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(page)?.[1] ?? ''
    const tables = section.split(/\n(?!\|)/).filter((chunk) => chunk.trimStart().startsWith('|'))
    expect(tables, 'one table under "## Configuration"').toHaveLength(1)
    return tables[0]
      .split('\n')
      .slice(2)
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*(?:_<CODE>)?)`/g)].map((m) => m[1]))
  }

  it('reads every variable config.ts parses', () => {
    const variables = configVariables()
    expect(variables.length).toBeGreaterThan(70)
    expect(variables).toContain('SEAMLESS_SECRET_<CODE>')
  })

  it('documents every variable config.ts parses, and none it does not', () => {
    const parsed = configVariables()
    const documented = documentedVariables()
    expect(
      parsed.filter((name) => !documented.includes(name)),
      'parsed by config.ts, missing from the table',
    ).toEqual([])
    expect(
      documented.filter((name) => !parsed.includes(name)),
      'in the table, not read by config.ts',
    ).toEqual([])
    expect(
      documented.filter((name, i) => documented.indexOf(name) !== i),
      'in the table twice',
    ).toEqual([])
  })
})
