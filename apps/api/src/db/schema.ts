// The database schema, one file per domain (db/schema/*.ts); this module gathers them for the repositories and
// drizzle-kit (apps/api/drizzle.config.ts), so `import { players } from '../db/schema.ts'` works for every table.
export * from './schema/players.ts'
export * from './schema/site.ts'
export * from './schema/money.ts'
export * from './schema/backoffice.ts'
export * from './schema/games.ts'
export * from './schema/promotions.ts'
export * from './schema/plan.ts'
export * from './schema/limits.ts'
export * from './schema/rate-limits.ts'
export * from './schema/outbox.ts'
