// vitest globalSetup (e2e/vitest.config.ts): the embedded databases every e2e server on a new data directory starts
// from (ADR 053), made once per run.
// - Migrated (`pglite`): creating a PGlite database (initdb) and migrating it cost a server about 4 s of CPU; done here
//   with the built server's own migrations (apps/api/dist/migrations, what the server would apply) through the same
//   drizzle migrator.
// - Seeded (SEEDINGS): what the built server itself leaves on a copy of the migrated one after its first start and a
//   clean stop, with the environment of the servers most specs start (the shared server's, and the default one):
//   seeding the site's images, the catalogue, the promotions, the demo desk and the demo player cost each of those
//   servers another 3 to 4 s of CPU.
// `startServer` copies into a new data directory the seeded template whose environment would seed the same on the same
// Bangkok day, else the migrated one (`templateFor` in server.ts says when); `emptyDatabase` starts on nothing at all.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bangkokDay } from '@sanam/contract/bangkok'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { operatorEnv } from './operator.ts'
import { PGLITE_TEMPLATE_VARIABLE, repoRoot, SEEDED_TEMPLATES_FILE, serverEnvironment, startServer, type SeededTemplate } from './server.ts'

/** The environments the run seeds a template with, by name: the shared server's (the e2e owner), and startServer's own. */
const SEEDINGS: Record<string, Record<string, string>> = { owner: operatorEnv(), plain: {} }

export default async function createTemplates(): Promise<(() => Promise<void>) | undefined> {
  // Both e2e projects list this setup in the one main process: the first makes the templates, the second finds them.
  if (process.env[PGLITE_TEMPLATE_VARIABLE]) return undefined
  const migrations = path.join(repoRoot, 'apps/api/dist/migrations')
  if (!existsSync(migrations)) throw new Error(`${migrations} missing: run npm run build first`)
  const dir = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-template-'))
  const teardown = async () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE]
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const client = new PGlite({ dataDir: path.join(dir, 'pglite'), extensions: { pg_trgm } })
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrations })
    } finally {
      await client.close()
    }
    process.env[PGLITE_TEMPLATE_VARIABLE] = dir
    // Both at once: each server mostly waits on its own font-subsetting worker and database.
    const seeded = await Promise.all(Object.entries(SEEDINGS).map(([name, env]) => seed(dir, name, env)))
    await writeFile(path.join(dir, SEEDED_TEMPLATES_FILE), JSON.stringify(seeded))
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}

/** Starts the built server on a copy of the migrated template (no seeded one is listed yet) and stops it cleanly. */
async function seed(dir: string, name: string, env: Record<string, string>): Promise<SeededTemplate> {
  const dataDir = path.join(dir, `seeded-${name}`)
  await mkdir(dataDir)
  const day = bangkokDay(new Date())
  const server = await startServer({ dataDir, env })
  const code = await server.stop()
  if (code !== 0) throw new Error(`the server seeding the ${name} template exited with ${code}:\n${server.output()}`)
  return { pglite: path.join(`seeded-${name}`, 'pglite'), env: serverEnvironment(env), day }
}
