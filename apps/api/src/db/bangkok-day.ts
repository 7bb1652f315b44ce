import { BANGKOK_OFFSET_HOURS } from '@sanam/contract/bangkok'
import { sql, type SQL } from 'drizzle-orm'

/** The offset as a SQL interval, from the contract's one constant (Bangkok is UTC+7 all year). */
const OFFSET = sql.raw(`interval '${BANGKOK_OFFSET_HOURS} hours'`)

/**
 * The Bangkok calendar day of a timestamptz as a SQL date (as `bangkokDay` in @sanam/contract/bangkok), whatever the
 * session's TimeZone setting: the instant is read in UTC first.
 */
export const bangkokDateOf = (instant: SQL): SQL => sql`((${instant} at time zone 'UTC') + ${OFFSET})::date`

/** The first instant (a timestamptz) of a Bangkok day given as a SQL date: the inverse of `bangkokDateOf`. */
export const bangkokDayStartOf = (day: SQL): SQL => sql`((${day})::timestamp - ${OFFSET}) at time zone 'UTC'`

/** The same day as the text YYYY-MM-DD (a report's or the dashboard's key). */
export const bangkokDayTextOf = (instant: SQL): SQL => sql`to_char(${bangkokDateOf(instant)}, 'YYYY-MM-DD')`

/** The Bangkok hour holding a timestamptz as the text 'YYYY-MM-DD HH:00' (Bangkok time). */
export const bangkokHourTextOf = (instant: SQL): SQL => sql`to_char((${instant} at time zone 'UTC') + ${OFFSET}, 'YYYY-MM-DD HH24:00')`

/** The Bangkok hour of the day (0 to 23) of a timestamptz, whatever the session's TimeZone setting. */
export const bangkokHourOf = (instant: SQL): SQL => sql`extract(hour from (${instant} at time zone 'UTC') + ${OFFSET})`

/** The start (a timestamptz) of the Bangkok day, week (from Monday) or month holding a timestamptz; `unit` is SQL text. */
export const bangkokPeriodStartOf = (unit: SQL, instant: SQL): SQL =>
  sql`((date_trunc(${unit}, (${instant} at time zone 'UTC') + ${OFFSET}) - ${OFFSET}) at time zone 'UTC')`
