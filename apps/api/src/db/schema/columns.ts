import { bigint, bigserial, customType, timestamp } from 'drizzle-orm/pg-core'

/** bytea as a Buffer on both drivers (PGlite hands back a plain Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** A row's own id: a bigserial primary key, read as a number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey()
/** A bigint read as a number: another row's id, a counter. */
export const int64 = (name: string) => bigint(name, { mode: 'number' })
/** A point in time (timestamptz), read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const createdAt = () => instant('created_at').notNull().defaultNow()
export const updatedAt = () => instant('updated_at').notNull().defaultNow()
