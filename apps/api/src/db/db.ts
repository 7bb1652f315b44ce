import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

// The handle's type, apart from the code that opens it (client.ts): after-commit.ts wraps a handle and client.ts
// wraps its handles with after-commit, so both read the type here and neither imports the other both ways (ADR 066).

export type Schema = typeof schema
/** The database handle every repository takes; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
