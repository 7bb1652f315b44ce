/** The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. Works for pg and PGlite, through Drizzle's wrapper. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown }
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : 'unknown'
    current = e.cause
  }
  return null
}
