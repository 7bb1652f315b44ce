import type { Db } from '../db/client.ts'

/** A scheduled job: runs inside a transaction that holds its advisory lock, so one process runs it at a time. */
export interface Job {
  name: string
  /** A number unique among jobs: the PostgreSQL advisory lock key. */
  lockKey: number
  run(tx: Db): Promise<number>
}
