import type { Db } from '../db/client.ts'

/** A scheduled job: runs inside a transaction that holds its advisory lock, so one process runs it at a time. */
export type Job = {
  name: string
  /** A number unique among jobs: the PostgreSQL advisory lock key. */
  lockKey: number
} & (
  | {
      /**
       * Runs on the database handle itself, without a transaction or the lock (a VACUUM cannot run in a transaction):
       * for the embedded database only, which one process holds (its data directory's lock, ADR 013).
       */
      outsideTransaction?: true
      run(tx: Db): Promise<number>
    }
  | {
      /**
       * A job that asks a vendor over the network (the SMS gateway's credit, LINE's quota; ADR 087): it asks here,
       * outside any transaction and before the lock, and answers the work to do in the locked transaction with what it
       * read. A vendor that hangs (up to its timeout) then holds no transaction, and on the embedded database not the one
       * connection every request needs. Two processes may read at once; their writes still take turns under the lock.
       */
      readFirst(): Promise<(tx: Db) => Promise<number>>
    }
)
