import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** Where the game page loads its script from: a file, because the CSP (`script-src 'self'`) blocks inline script. */
export const GAME_SCRIPT_PATH = '/play/assets/demo-game.js'

/** The script as served, and its strong validator (its content's hash: it changes whenever the text does). */
export type GameScript = () => Promise<{ body: string; etag: string }>

const served = (body: string) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` })

/**
 * The script built from src/browser (script-build.mjs). The bundle reads the file built beside it at start, so a
 * build without it fails at once; from source (vitest, `npm run dev`) it is built in memory on the first request.
 */
export function gameScript(): GameScript {
  if (!import.meta.url.endsWith('.ts')) {
    const script = served(readFileSync(new URL('./assets/demo-game.js', import.meta.url), 'utf8'))
    return async () => script
  }
  let built: Promise<ReturnType<typeof served>> | undefined
  return () => (built ??= buildFromSource())
}

async function buildFromSource() {
  // Not a literal, so the bundle neither follows it nor takes esbuild in: this runs from source only.
  const builder = new URL('../script-build.mjs', import.meta.url).href
  const { buildGameScript } = (await import(builder)) as { buildGameScript: () => Promise<string> }
  return served(await buildGameScript())
}
