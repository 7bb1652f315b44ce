import { sql, type SQL } from 'drizzle-orm'

/**
 * The Bangkok calendar day of a timestamptz as a SQL date (UTC+7 all year, as lib/bangkok-time.ts), whatever the
 * session's TimeZone setting: the instant is read in UTC first.
 */
export const bangkokDateOf = (instant: SQL): SQL => sql`((${instant} at time zone 'UTC') + interval '7 hours')::date`
