/**
 * The first-load JS budget (issue 6, spec §9 performance): what a browser must download before a route can
 * render, i.e. the entry chunk, the route's lazy chunk and every chunk they import statically, gzip-compressed.
 * The Vite plugin prints the figure for each route after every build, fails the build when a route is over
 * its budget, so the check runs wherever the app is built, and writes the figures to `dist/route-sizes.json`
 * (ROUTE_SIZES_FILE), which `npm test` checks after its build (src/route-budget.test.ts).
 */
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export interface BundleChunk {
  fileName: string
  code: string
  isEntry: boolean
  facadeModuleId: string | null
  /** Chunks loaded with this one (static imports). */
  imports: readonly string[]
}

/** The report the build leaves beside the app, read by the budget test. */
export const ROUTE_SIZES_FILE = 'route-sizes.json'

/** A route's lazily imported module (path suffix, e.g. 'src/app/routes/login-route.tsx') and its budget. */
export interface RouteBudget {
  module: string
  budgetKb: number
}

export interface RouteSize {
  route: string
  files: string[]
  gzipBytes: number
  budgetBytes: number
}

/** Every chunk that `start` needs before it runs: itself and its static imports, transitively. */
export function staticClosure(chunks: ReadonlyMap<string, BundleChunk>, start: string): string[] {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    const chunk = chunks.get(fileName)
    if (!chunk) return
    seen.add(fileName)
    chunk.imports.forEach(visit)
  }
  visit(start)
  return [...seen]
}

/**
 * First-load JS of each route: the entry's closure plus the closure of the chunk whose facade module path ends
 * with the route's module. Throws when a route's module is not a chunk of its own (code splitting broke).
 */
export function routeSizes(
  chunks: readonly BundleChunk[],
  routes: Readonly<Record<string, RouteBudget>>,
  gzipSize: (code: string) => number = (code) => gzipSync(code).length,
): RouteSize[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('the bundle has no entry chunk')
  const sizeOf = new Map<string, number>()
  const size = (fileName: string) => {
    let bytes = sizeOf.get(fileName)
    if (bytes === undefined) sizeOf.set(fileName, (bytes = gzipSize(byFile.get(fileName)?.code ?? '')))
    return bytes
  }
  return Object.entries(routes).map(([route, { module, budgetKb }]) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(module))
    if (!chunk) throw new Error(`route ${route}: no chunk is built from ${module}; is it still lazily imported?`)
    const files = [...new Set([...staticClosure(byFile, entry.fileName), ...staticClosure(byFile, chunk.fileName)])]
    return { route, files, gzipBytes: files.reduce((sum, file) => sum + size(file), 0), budgetBytes: budgetKb * 1024 }
  })
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`

/** The report printed after the build. */
export function formatRouteSizes(sizes: readonly RouteSize[]): string {
  const width = Math.max(...sizes.map((size) => size.route.length))
  const lines = sizes.map(
    (size) =>
      `  ${size.route.padEnd(width)}  ${kb(size.gzipBytes).padStart(10)} gzip  (budget ${kb(size.budgetBytes)}${size.gzipBytes > size.budgetBytes ? ', OVER' : ''})  ${size.files.length} files`,
  )
  return ['first-load JS per route:', ...lines].join('\n')
}

/**
 * Vite plugin: prints each route's first-load JS (gzip), writes them to ROUTE_SIZES_FILE and fails the build when
 * one is over its budget. `routes` maps a route to its lazily imported module and budget.
 */
export function routeBudget(options: { routes: Record<string, RouteBudget> }): Plugin {
  return {
    name: 'sanam-route-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks: BundleChunk[] = []
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk')
          chunks.push({ fileName: item.fileName, code: item.code, isEntry: item.isEntry, facadeModuleId: item.facadeModuleId, imports: item.imports })
      }
      const sizes = routeSizes(chunks, options.routes)
      console.info(`\n${formatRouteSizes(sizes)}\n`)
      this.emitFile({ type: 'asset', fileName: ROUTE_SIZES_FILE, source: `${JSON.stringify(sizes, null, 2)}\n` })
      const over = sizes.filter((size) => size.gzipBytes > size.budgetBytes)
      if (over.length > 0)
        this.error(`first-load JS over budget: ${over.map((size) => `${size.route} ${kb(size.gzipBytes)} > ${kb(size.budgetBytes)}`).join('; ')}`)
    },
  }
}
