import { sql } from 'drizzle-orm'
import { bigint, bigserial, customType, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** bytea as a Buffer on both drivers (PGlite hands back a plain Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** A row's own id: a bigserial primary key, read as a number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey()
/** A bigint read as a number: another row's id, a counter. */
export const int64 = (name: string) => bigint(name, { mode: 'number' })
/** An amount of money in integer satang (a balance, a minimum, a total), read as a bigint. */
export const satang = (name: string) => bigint(name, { mode: 'bigint' })
/** Another row's id that every row names: `int64(name).notNull()` with its foreign key to `target`. */
export const requiredRef = (name: string, target: () => AnyPgColumn) => int64(name).notNull().references(target)
/** A point in time (timestamptz), read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const createdAt = () => instant('created_at').notNull().defaultNow()
export const updatedAt = () => instant('updated_at').notNull().defaultNow()

/** A bearer session's own columns: only its token's hash is kept; it ends at `expires_at` or once revoked. */
export const sessionColumns = () => ({
  tokenHash: bytea('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  revokedAt: instant('revoked_at'),
})

/** At most one PENDING row per `column` (a partial unique index): a second proposal waits until the first is decided. */
export const onePending = (name: string, column: AnyPgColumn) =>
  uniqueIndex(name)
    .on(column)
    .where(sql`status = 'PENDING'`)
