// SPIKE (not for main): PGlite in a worker thread, the server's thread talking to it by messages.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const { pathToFileURL } = require('node:url')
;(async () => {
  const { PGlite } = await import(pathToFileURL(workerData.pglite).href)
  const { pg_trgm } = await import(pathToFileURL(workerData.trgm).href)
  const pg = new PGlite({ extensions: { pg_trgm }, ...workerData.options })
  await pg.waitReady
  const txs = new Map()
  const identity = (v) => v
  const opts = (m) => m.rowMode || m.textOids ? { rowMode: m.rowMode, parsers: Object.fromEntries((m.textOids || []).map((o) => [o, identity])) } : undefined
  const fail = (id, e) => parentPort.postMessage({ id, error: { message: e && e.message, ...Object.fromEntries(Object.entries(e || {}).filter(([, v]) => typeof v !== 'object' && typeof v !== 'function')) } })
  parentPort.on('message', async (m) => {
    try {
      if (m.op === 'query') {
        const on = m.tx ? txs.get(m.tx).tx : pg
        const r = await on.query(m.sql, m.params, opts(m))
        parentPort.postMessage({ id: m.id, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } })
      } else if (m.op === 'exec') {
        const on = m.tx ? txs.get(m.tx).tx : pg
        const r = await on.exec(m.sql)
        parentPort.postMessage({ id: m.id, result: r.map((x) => ({ rows: x.rows, fields: x.fields, affectedRows: x.affectedRows })) })
      } else if (m.op === 'begin') {
        let end
        const ended = new Promise((resolve) => (end = resolve))
        pg.transaction(async (tx) => {
          txs.set(m.id, { tx, end })
          parentPort.postMessage({ id: m.id, result: null })
          const how = await ended
          if (how === 'rollback') await tx.rollback()
        }).then(() => { const t = txs.get(m.id); txs.delete(m.id); t && t.done && t.done() }, (e) => { const t = txs.get(m.id); txs.delete(m.id); t && t.failed && t.failed(e) })
      } else if (m.op === 'end') {
        const t = txs.get(m.tx)
        t.done = () => parentPort.postMessage({ id: m.id, result: null })
        t.failed = (e) => fail(m.id, e)
        t.end(m.how)
      } else if (m.op === 'listen') {
        await pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload }))
        parentPort.postMessage({ id: m.id, result: null })
      } else if (m.op === 'dump') {
        const blob = await pg.dumpDataDir('none')
        parentPort.postMessage({ id: m.id, result: blob })
      } else if (m.op === 'close') {
        await pg.close()
        parentPort.postMessage({ id: m.id, result: null })
      }
    } catch (e) {
      fail(m.id, e)
    }
  })
  parentPort.postMessage({ ready: true })
})().catch((e) => parentPort.postMessage({ fatal: String(e && e.stack || e) }))
`

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void }

export async function pgliteInThread(options: Record<string, unknown>) {
  const require = createRequire(import.meta.url)
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { pglite: require.resolve('@electric-sql/pglite'), trgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'), options },
  })
  const pending = new Map<number, Pending>()
  const listeners = new Map<string, Set<(payload: string) => void>>()
  let next = 1
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => {
      if (m.ready) return resolve()
      if (m.fatal) return reject(new Error(m.fatal))
      if (m.notify) return listeners.get(m.notify)?.forEach((fn) => fn(m.payload))
      const p = pending.get(m.id)
      pending.delete(m.id)
      if (!p) return
      if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error))
      else p.resolve(m.result)
    })
    worker.on('error', reject)
  })
  const send = (m: Record<string, unknown>) =>
    new Promise<any>((resolve, reject) => {
      const id = next++
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...m, id })
    })
  const textOids = (o?: { parsers?: Record<string, unknown> }) => (o?.parsers ? Object.keys(o.parsers).map(Number) : undefined)
  const client = (tx?: number) => ({
    query: (sql: string, params?: unknown[], o?: { rowMode?: string; parsers?: Record<string, unknown> }) =>
      send({ op: 'query', sql, params, rowMode: o?.rowMode, textOids: textOids(o), tx }),
    exec: (sql: string) => send({ op: 'exec', sql, tx }),
  })
  return {
    ...client(),
    waitReady: Promise.resolve(),
    async transaction<T>(fn: (tx: ReturnType<typeof client> & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
      const id = next
      await send({ op: 'begin' })
      let rolledBack = false
      try {
        const result = await fn({ ...client(id), rollback: async () => void (rolledBack = true) })
        await send({ op: 'end', tx: id, how: rolledBack ? 'rollback' : 'commit' })
        return result
      } catch (e) {
        await send({ op: 'end', tx: id, how: 'rollback' }).catch(() => undefined)
        throw e
      }
    },
    async listen(channel: string, fn: (payload: string) => void) {
      if (!listeners.has(channel)) {
        listeners.set(channel, new Set())
        await send({ op: 'listen', channel })
      }
      listeners.get(channel)!.add(fn)
      return async () => void listeners.get(channel)?.delete(fn)
    },
    dumpDataDir: () => send({ op: 'dump' }),
    async close() {
      await send({ op: 'close' })
      await worker.terminate()
    },
  }
}
