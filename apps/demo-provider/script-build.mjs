// The game page's script: src/browser/game.ts bundled by esbuild into one file for any phone browser (ES2017).
// build.mjs writes it to dist/assets/demo-game.js beside the provider's bundle; from source (vitest, `npm run dev`)
// game-script.ts builds it in memory with these same options.
import { build } from 'esbuild'

const entry = new URL('./src/browser/game.ts', import.meta.url).pathname

/** Builds the script: written to `outfile` when given, otherwise returned as text. */
export async function buildGameScript(outfile) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2017'],
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    ...(outfile ? { outfile } : { write: false }),
  })
  return outfile ? undefined : result.outputFiles[0].text
}
