// The server-side bundles (ADR 005, 034): one ESM file for Node 20 by esbuild, into the package's dist/. npm packages
// stay external (PGlite and argon2 load files beside themselves); our workspace packages, TypeScript source, are
// bundled unless named in `external`.
import { readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

/** Bundles `entryPoints` of the package in the working directory; the answer carries esbuild's metafile. */
export async function bundleForNode({ entryPoints, external = [] }) {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
  const npm = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sanam/'))
  rmSync('dist', { recursive: true, force: true })
  return build({
    entryPoints,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...npm, ...npm.map((name) => `${name}/*`), ...external],
    metafile: true,
    logLevel: 'warning',
  })
}
