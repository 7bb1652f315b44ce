import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * The rate-limit counters every API process shares on PostgreSQL without Redis (ADR 067): rate-limiter-flexible's
 * RateLimiterPostgres reads and writes it (its own SQL, `INSERT … VALUES (key, points, expire)`, so the columns keep
 * this order). Made here by a migration, never by the library at run time: the runtime role creates nothing (ADR 037).
 * `expire` is the window's end in epoch milliseconds; rows an hour past it are deleted by the library.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
})
