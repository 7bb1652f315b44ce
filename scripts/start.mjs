// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (migrate, seed demo data on an empty database, serve on PORT). See README.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

/** Newest modification time of the files under `dirs` (missing ones are skipped). */
function newest(paths) {
  let latest = 0
  for (const p of paths) {
    if (!existsSync(p)) continue
    const stat = statSync(p)
    if (stat.isFile()) latest = Math.max(latest, stat.mtimeMs)
    else
      for (const entry of readdirSync(p, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs)
      }
  }
  return latest
}

const targets = [
  {
    name: 'player',
    output: 'apps/player/dist/index.html',
    sources: ['apps/player/src', 'apps/player/index.html', 'apps/player/public', 'apps/player/vite.config.ts', 'packages/contract/src', 'packages/web-fonts'],
  },
  {
    name: 'backoffice',
    output: 'apps/backoffice/dist/index.html',
    sources: ['apps/backoffice/src', 'apps/backoffice/index.html', 'apps/backoffice/vite.config.ts', 'packages/contract/src', 'packages/web-fonts'],
  },
  { name: 'api', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'apps/api/build.mjs', 'scripts/bundle-node.mjs', 'packages/contract/src'] },
  // Loaded by the API in demo mode only (ADR 034).
  {
    name: 'demo-provider',
    output: 'apps/demo-provider/dist/index.js',
    sources: [
      'apps/demo-provider/src',
      'apps/demo-provider/build.mjs',
      'apps/demo-provider/script-build.mjs',
      'apps/demo-provider/fonts-build.mjs',
      'scripts/bundle-node.mjs',
      'packages/contract/src',
      'packages/web-fonts',
    ],
  },
]

const stale = targets.filter((t) => !existsSync(t.output) || statSync(t.output).mtimeMs < newest(t.sources))
if (stale.length > 0) {
  console.info(`Building ${stale.map((t) => t.name).join(', ')}...`)
  // Without NODE_ENV, so a shell's NODE_ENV=development or test cannot turn the web apps into development bundles
  // (React's development build is over the first-load JS budget and the build refuses it).
  const { NODE_ENV: _shellNodeEnv, ...buildEnv } = process.env
  for (const t of stale) execSync(`npm run build -w apps/${t.name}`, { stdio: 'inherit', env: buildEnv })
}

await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href)
