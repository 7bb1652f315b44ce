// The game pages' Kanit: packages/web-fonts/kanit.css (the player app's, @fontsource/kanit's 400, 500 and 600) bundled
// by esbuild into one stylesheet and its font files, addressed under /play/assets/. build.mjs writes them to
// dist/assets/ beside the provider's bundle; from source (vitest, `npm run dev`) page-fonts.ts builds them in memory
// with these same options. Nothing is fetched from the internet.
import { createRequire } from 'node:module'
import { build } from 'esbuild'

const require = createRequire(import.meta.url)

/** The stylesheet's file name; its font files keep @fontsource's names with a content hash. */
export const FONTS_CSS = 'kanit.css'

/** Builds the stylesheet and fonts: written into `outdir` when given, otherwise returned as { name, contents }. */
export async function buildPageFonts(outdir) {
  const result = await build({
    entryPoints: { kanit: require.resolve('@sanam/web-fonts/kanit.css') },
    bundle: true,
    outdir: outdir ?? 'dist/assets',
    loader: { '.woff2': 'file', '.woff': 'file' },
    assetNames: '[name]-[hash]',
    publicPath: '/play/assets/',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    write: Boolean(outdir),
  })
  return outdir ? undefined : result.outputFiles.map((file) => ({ name: file.path.split(/[\\/]/).pop(), contents: file.contents }))
}
