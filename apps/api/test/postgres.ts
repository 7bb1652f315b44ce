/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** A connection for CREATE/DROP DATABASE: the maintenance database `postgres`. */
export function adminUrl(url: string): string {
  return databaseUrl(url, 'postgres')
}
