// What must happen only once a transaction's work is durable, and never for work a rollback undid (issue 22 §6: the
// ledger's transfer counter counts committed transfers). Drizzle's transactions have no such hook, so the database
// handle gets one: `keepAfterCommit` makes its `transaction` (and each transaction's nested `transaction`, a savepoint)
// keep the callbacks registered with `afterCommit` and run them after COMMIT; a rollback drops them, a savepoint
// rolled back drops those registered since it was taken. Savepoints written in SQL take part through `savepoint`,
// `rollbackToSavepoint` and `releaseSavepoint` below.
import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'

interface Scope {
  callbacks: Array<() => void>
  /** SQL savepoints taken in this transaction, oldest first, with how many callbacks were registered when each was. */
  savepoints: Array<{ name: string; mark: number }>
}

const scopes = new WeakMap<object, Scope>()

type Begin = (work: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>

/** Replaces `target.transaction` on the object itself (drizzle's own method stays on its prototype). */
function replaceTransaction(target: Db, begin: Begin) {
  Object.defineProperty(target, 'transaction', { value: begin, configurable: true, writable: true })
}

/**
 * Makes `target.transaction` give every transaction it begins a scope, and hand the scope to `settle` once the work has
 * succeeded: for the database handle, once the transaction has committed; for a transaction's own `transaction` (a
 * savepoint), once the savepoint is released, when what it registered joins the transaction around it.
 */
function scopeTransactions(target: Db, settle: (scope: Scope) => void) {
  const begin = target.transaction.bind(target) as Begin
  replaceTransaction(target, async (work, config) => {
    let scope: Scope | undefined
    const result = await begin((tx) => {
      const own: Scope = { callbacks: [], savepoints: [] }
      scope = own
      scopes.set(tx, own)
      scopeTransactions(tx, (released) => own.callbacks.push(...released.callbacks))
      return work(tx)
    }, config)
    if (scope) settle(scope)
    return result
  })
}

/**
 * Makes `db` keep after-commit callbacks (called once, by `openPostgres` and `openPglite`, on the handle every
 * service is given). Each `db.transaction` runs the callbacks its work registered once it has committed, in the order
 * registered; a callback that throws is reported on stderr and skips nothing else, since the transaction it follows
 * has committed and its caller must hear so.
 */
export function keepAfterCommit<T extends Db>(db: T): T {
  scopeTransactions(db, (committed) => {
    for (const fn of committed.callbacks) {
      try {
        fn()
      } catch (error) {
        console.error('an after-commit callback failed', error)
      }
    }
  })
  return db
}

/**
 * Calls `fn` once the transaction `tx` belongs to has committed; never if it, or the savepoint `fn` was registered
 * in, rolls back. Outside a transaction (`tx` is the database handle itself) every statement has committed already, and
 * `fn` is called at once. `fn` must be quick and must not throw: it runs after COMMIT, in the committer's turn.
 */
export function afterCommit(tx: Db, fn: () => void): void {
  const scope = scopes.get(tx)
  if (scope) scope.callbacks.push(fn)
  else fn()
}

/** `SAVEPOINT <name>` in SQL, remembered so that a rollback to it drops the callbacks registered after it. */
export async function savepoint(tx: Db, name: string): Promise<void> {
  await tx.execute(sql.raw(`savepoint ${name}`))
  const scope = scopes.get(tx)
  scope?.savepoints.push({ name, mark: scope.callbacks.length })
}

/** `ROLLBACK TO SAVEPOINT <name>`: the savepoint stays (as in PostgreSQL), the callbacks registered since go. */
export async function rollbackToSavepoint(tx: Db, name: string): Promise<void> {
  await tx.execute(sql.raw(`rollback to savepoint ${name}`))
  const scope = scopes.get(tx)
  const at = scope ? scope.savepoints.findLastIndex((s) => s.name === name) : -1
  if (!scope || at < 0) return
  scope.callbacks.length = scope.savepoints[at]!.mark
  // Savepoints taken after it are gone with the rollback.
  scope.savepoints.length = at + 1
}

/** `RELEASE SAVEPOINT <name>`: it (and any taken after it) is gone; its callbacks stay with the transaction. */
export async function releaseSavepoint(tx: Db, name: string): Promise<void> {
  await tx.execute(sql.raw(`release savepoint ${name}`))
  const scope = scopes.get(tx)
  const at = scope ? scope.savepoints.findLastIndex((s) => s.name === name) : -1
  if (scope && at >= 0) scope.savepoints.length = at
}
