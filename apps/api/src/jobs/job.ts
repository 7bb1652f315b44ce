import type { Db } from '../db/client.ts'

/** A scheduled job: runs inside a transaction that holds its advisory lock, so one process runs it at a time. */
export interface Job {
  name: string
  /** A number unique among jobs: the PostgreSQL advisory lock key. */
  lockKey: number
  /**
   * Runs on the database handle itself, without a transaction or the lock (a VACUUM cannot run in a transaction): for
   * the embedded database only, which one process holds (its data directory's lock, ADR 013).
   */
  outsideTransaction?: true
  run(tx: Db): Promise<number>
}
