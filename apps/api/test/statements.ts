// Every statement the app sends through drizzle, as it sends it (ADR 093): the database handle's drizzle logger is set
// for the length of `work` (its own session and each transaction's, which share its options), on PGlite and on
// PostgreSQL alike. BEGIN and COMMIT are the driver's own and are not seen.
import type { Db } from '../src/db/client.ts'

interface Logger {
  logQuery(query: string, params: unknown[]): void
}
interface Session {
  logger: Logger
  options: { logger?: Logger }
}

/** Runs `work` and answers it beside the statements sent meanwhile, in order. */
export async function captureStatements<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const session = (db as unknown as { session: Session }).session
  const before = { logger: session.logger, options: session.options.logger }
  const statements: string[] = []
  const logger: Logger = { logQuery: (query) => void statements.push(query) }
  session.logger = logger
  session.options.logger = logger
  try {
    return { result: await work(), statements }
  } finally {
    session.logger = before.logger
    session.options.logger = before.options
  }
}
