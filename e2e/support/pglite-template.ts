// vitest globalSetup (e2e/vitest.config.ts): the embedded database every e2e server on a new data directory starts
// from (ADR 053). Creating a PGlite database (initdb) and migrating it cost a server about 4 s of CPU at each of some
// twenty fresh starts a run makes; they are done once here, with the built server's own migrations
// (apps/api/dist/migrations, what the server would apply) through the same drizzle migrator, and `startServer` copies
// the result into each new data directory. What a server does on an empty database from then on (seeding the demo
// data, the site, the first operator, the plan) it still does itself; `emptyDatabase` starts one on nothing at all.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_TEMPLATE_VARIABLE, repoRoot } from './server.ts'

export default async function createMigratedTemplate(): Promise<(() => Promise<void>) | undefined> {
  // Both e2e projects list this setup in the one main process: the first makes the template, the second finds it.
  if (process.env[PGLITE_TEMPLATE_VARIABLE]) return undefined
  const migrations = path.join(repoRoot, 'apps/api/dist/migrations')
  if (!existsSync(migrations)) throw new Error(`${migrations} missing: run npm run build first`)
  const dir = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-template-'))
  const client = new PGlite({ dataDir: path.join(dir, 'pglite'), extensions: { pg_trgm } })
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrations })
  } finally {
    await client.close()
  }
  process.env[PGLITE_TEMPLATE_VARIABLE] = dir
  return async () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE]
    await rm(dir, { recursive: true, force: true })
  }
}
