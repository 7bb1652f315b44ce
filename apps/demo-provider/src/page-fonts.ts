import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'

/** Where the pages load Kanit's stylesheet from; its font files sit beside it, under the same folder. */
export const FONTS_PATH = '/play/assets/kanit.css'

/** One file of the fonts as served: its bytes, type, strong validator and how long a browser may keep it. */
export interface FontFile {
  body: Buffer
  type: string
  etag: string
  cacheControl: string
}

/** The stylesheet and font files by file name (as under /play/assets/). */
export type PageFonts = () => Promise<ReadonlyMap<string, FontFile>>

const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', woff2: 'font/woff2', woff: 'font/woff' }
const isFontsFile = (name: string) => /^kanit[\w.-]*\.(css|woff2?)$/.test(name)

function served(files: Iterable<{ name: string; contents: Uint8Array }>): ReadonlyMap<string, FontFile> {
  const map = new Map<string, FontFile>()
  for (const { name, contents } of files) {
    const body = Buffer.from(contents)
    map.set(name, {
      body,
      type: TYPES[name.slice(name.lastIndexOf('.') + 1)]!,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      // A font file's name carries its content's hash, so it never changes; the stylesheet's name stays the same.
      cacheControl: name.endsWith('.css') ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
    })
  }
  return map
}

/**
 * Kanit for the pages (fonts-build.mjs, from packages/web-fonts). The bundle reads the files built beside it at
 * start, so a build without them fails at once; from source (vitest, `npm run dev`) they are built in memory on the
 * first request.
 */
export function pageFonts(): PageFonts {
  if (!import.meta.url.endsWith('.ts')) {
    const dir = new URL('./assets/', import.meta.url)
    const names = readdirSync(dir).filter(isFontsFile)
    if (!names.includes('kanit.css')) throw new Error('the demo provider was built without its fonts (dist/assets/kanit.css)')
    const fonts = served(names.map((name) => ({ name, contents: readFileSync(new URL(name, dir)) })))
    return async () => fonts
  }
  let built: Promise<ReadonlyMap<string, FontFile>> | undefined
  return () => (built ??= buildFromSource())
}

async function buildFromSource() {
  // Not a literal, so the bundle neither follows it nor takes esbuild in: this runs from source only.
  const builder = new URL('../fonts-build.mjs', import.meta.url).href
  const { buildPageFonts } = (await import(builder)) as { buildPageFonts: () => Promise<Array<{ name: string; contents: Uint8Array }>> }
  return served(await buildPageFonts())
}
