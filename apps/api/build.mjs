// Bundles the API server into dist/server.js with esbuild. npm packages stay external (PGlite and
// argon2 load files beside themselves); our workspace packages, which are TypeScript source, are bundled.
import { cpSync, readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sanam/'))

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
})
cpSync('src/db/migrations', 'dist/migrations', { recursive: true })
