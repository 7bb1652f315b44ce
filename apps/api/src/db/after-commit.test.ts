import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { afterCommit, releaseSavepoint, rollbackToSavepoint, savepoint } from './after-commit.ts'
import { openPglite, type Database } from './client.ts'

// After-commit callbacks (issue 22 §6): on the database handle every service gets, a callback registered inside a
// transaction runs once it has committed, and never for work a rollback undid, whether the transaction, a drizzle
// savepoint (a nested transaction) or an SQL savepoint (the seamless group commit's) rolled it back.

let database: Database
beforeAll(async () => {
  database = await openPglite()
})
afterAll(async () => {
  await database.close()
})

const rollback = new Error('roll back')

describe('afterCommit', () => {
  it('runs after COMMIT, in the order registered, and not before', async () => {
    const seen: string[] = []
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => seen.push('first'))
      await tx.execute(sql`select 1`)
      afterCommit(tx, () => seen.push('second'))
      expect(seen).toEqual([])
    })
    expect(seen).toEqual(['first', 'second'])
  })

  it('never runs for a transaction that rolled back', async () => {
    const seen: string[] = []
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => seen.push('undone'))
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(seen).toEqual([])
  })

  it('drops what a nested transaction registered when its savepoint rolls back, keeps it when released', async () => {
    const seen: string[] = []
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => seen.push('outer'))
      await expect(
        tx.transaction(async (sp) => {
          afterCommit(sp, () => seen.push('rolled back'))
          throw rollback
        }),
      ).rejects.toBe(rollback)
      await tx.transaction(async (sp) => {
        await sp.transaction(async (deeper) => afterCommit(deeper, () => seen.push('released twice')))
        afterCommit(sp, () => seen.push('released'))
      })
    })
    expect(seen).toEqual(['outer', 'released twice', 'released'])
  })

  it('drops what was registered after an SQL savepoint the transaction rolled back to, keeps what came before and after', async () => {
    const seen: string[] = []
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => seen.push('before'))
      await savepoint(tx, 'attempt')
      afterCommit(tx, () => seen.push('attempt'))
      await savepoint(tx, 'later')
      afterCommit(tx, () => seen.push('later'))
      await rollbackToSavepoint(tx, 'attempt')
      // The rollback ended `later` too; `attempt` stays until released.
      await releaseSavepoint(tx, 'attempt')
      await savepoint(tx, 'one')
      afterCommit(tx, () => seen.push('kept'))
      await releaseSavepoint(tx, 'one')
    })
    expect(seen).toEqual(['before', 'kept'])
  })

  it('outside a transaction, runs at once: every statement has committed already', () => {
    const fn = vi.fn()
    afterCommit(database.db, fn)
    expect(fn).toHaveBeenCalledOnce()
  })

  it('a callback that throws is reported and fails neither the committed transaction nor the callbacks after it', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const after = vi.fn()
    try {
      const answer = await database.db.transaction(async (tx) => {
        afterCommit(tx, () => {
          throw new Error('a broken callback')
        })
        afterCommit(tx, after)
        return 'committed'
      })
      expect(answer).toBe('committed')
      expect(after).toHaveBeenCalledOnce()
      expect(report).toHaveBeenCalledWith('an after-commit callback failed', expect.objectContaining({ message: 'a broken callback' }))
    } finally {
      report.mockRestore()
    }
  })
})

describe('the embedded database as a pool', () => {
  it('shows its one connection busy and the calls queued behind it, then idle', async () => {
    expect(database.pool.max).toBe(1)
    expect(database.pool.use()).toEqual({ inUse: 0, idle: 1, waiting: 0 })
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let started!: () => void
    const inside = new Promise<void>((resolve) => {
      started = resolve
    })
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      started()
      await held
    })
    await inside
    // Started (a drizzle query runs when awaited), then a turn of the event loop for them to reach PGlite's queue.
    const queued = [Promise.resolve(database.db.execute(sql`select 2`)), Promise.resolve(database.db.execute(sql`select 3`))]
    try {
      await new Promise<void>((resolve) => setImmediate(resolve))
      expect(database.pool.use()).toEqual({ inUse: 1, idle: 0, waiting: 2 })
    } finally {
      release()
      await Promise.all([transaction, ...queued])
    }
    expect(database.pool.use()).toEqual({ inUse: 0, idle: 1, waiting: 0 })
  })
})
