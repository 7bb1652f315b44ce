// The API's structure drawn from its imports (ADR 066): which module imports which (type imports included), the
// cycles between modules, and the arrows that run back up from infrastructure (`plugins/`, `lib/`, `db/`) into a
// module. The layer test holds the code to it; this prints it.
//
//   npx tsx apps/api/scripts/module-graph.ts          # the summary: modules, arrows, cycles, arrows back up
//   npx tsx apps/api/scripts/module-graph.ts --edges  # and every module's arrows
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { globSync } from 'tinyglobby'

/** apps/api/src */
export const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src')

/** The layers below the modules: they import no module. */
export const INFRASTRUCTURE = ['plugins', 'lib', 'db'] as const

/** Every relative import or re-export of a file, `import type` and `import('…')` included. */
export function importsOf(text: string): string[] {
  const found = new Set<string>()
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)) found.add(m[1]!)
  for (const m of text.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) found.add(m[1]!)
  for (const m of text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) found.add(m[1]!)
  return [...found]
}

/**
 * The node a file of apps/api/src belongs to: `modules/<name>` for a module, `plugins`, `lib`, `db` or `jobs` for
 * the infrastructure folders, `root` for the files beside app.ts.
 */
export function nodeOf(relative: string): string {
  const parts = relative.split('/')
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`
  if (parts.length > 1) return parts[0]!
  return 'root'
}

export type Graph = Map<string, Set<string>>

/** The import graph between nodes of apps/api/src, tests left out (a test may reach across to set a scene). */
export function importGraph(source = apiSource): Graph {
  const graph: Graph = new Map()
  const files = globSync(['**/*.ts'], { cwd: source, ignore: ['**/*.test.ts', '**/node_modules/**', 'db/migrations/**'] })
  for (const file of files) {
    const from = nodeOf(file)
    if (!graph.has(from)) graph.set(from, new Set())
    for (const specifier of importsOf(readFileSync(path.join(source, file), 'utf8'))) {
      const target = path
        .relative(source, path.resolve(source, path.dirname(file), specifier))
        .split(path.sep)
        .join('/')
      if (target.startsWith('..')) continue
      const to = nodeOf(target)
      if (to !== from) graph.get(from)!.add(to)
    }
  }
  return graph
}

/** The strongly connected components of more than one node (Tarjan): each is a cycle, or several knotted together. */
export function cycles(graph: Graph): string[][] {
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    order.set(node, index)
    low.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!))
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node)
  return found
}

/** The graph restricted to modules: the cycles that count for "modules do not import each other in a circle". */
export function moduleGraph(graph: Graph): Graph {
  const only: Graph = new Map()
  for (const [from, to] of graph) {
    if (!from.startsWith('modules/')) continue
    only.set(from, new Set([...to].filter((n) => n.startsWith('modules/'))))
  }
  return only
}

/** Arrows from infrastructure into a module: `plugins -> modules/auth`. */
export function arrowsBackUp(graph: Graph): string[] {
  const up: string[] = []
  for (const [from, to] of graph) {
    if (!(INFRASTRUCTURE as readonly string[]).includes(from)) continue
    for (const target of to) if (target.startsWith('modules/')) up.push(`${from} -> ${target}`)
  }
  return up.sort()
}

function main() {
  const graph = importGraph()
  const modules = moduleGraph(graph)
  const arrows = [...modules.values()].reduce((n, to) => n + to.size, 0)
  const knots = cycles(modules)
  const up = arrowsBackUp(graph)
  const infraCycles = cycles(graph).filter((c) => c.every((n) => !n.startsWith('modules/')))
  console.info(`modules: ${modules.size}, arrows between modules: ${arrows}`)
  console.info(`modules in a cycle: ${knots.reduce((n, c) => n + c.length, 0)}${knots.map((c) => `\n  knot of ${c.length}: ${c.join(' ')}`).join('')}`)
  console.info(`arrows back up from ${INFRASTRUCTURE.join(', ')} into modules: ${up.length}${up.map((a) => `\n  ${a}`).join('')}`)
  console.info(`cycles between other folders: ${infraCycles.length}${infraCycles.map((c) => `\n  ${c.join(' ')}`).join('')}`)
  if (process.argv.includes('--edges')) {
    for (const [from, to] of [...graph].sort(([a], [b]) => a.localeCompare(b))) console.info(`${from} -> ${[...to].sort().join(', ')}`)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
