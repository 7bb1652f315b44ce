import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { lockDataDir, openDatabase } from './client.ts'
import { rowsOf } from './rows.ts'

let dir: string
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A second process that takes the lock, says so on stdout, and then waits to be killed. */
function holdLockInChild(dataDir: string) {
  const script = `import { lockDataDir } from ${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)}
await lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)))
  })
  return { child, locked }
}

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, naming it, and is free the moment that process is killed', { timeout: 30_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-lock-'))
    const { child, locked } = holdLockInChild(dir)
    await locked
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${child.pid}`)
    // Another spelling of the same folder is the same lock.
    await expect(lockDataDir(`${dir}/./`)).rejects.toThrow(/in use by process/)

    // SIGKILL, and do not wait for the exit to be reaped: the operating system has released the lock already.
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    let unlock: (() => void) | undefined
    const deadline = performance.now() + 2_000
    while (!unlock) {
      try {
        unlock = await lockDataDir(dir)
      } catch (error) {
        // The kill takes a moment to be delivered and the process a moment to die (longer on a loaded machine); the
        // lock must follow within it, with or without anyone reaping the process.
        if (performance.now() > deadline) throw error
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    expect(await readFile(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid))
    unlock()
    await exited
  })

  it('takes a folder whose PID file names a live process that holds no lock (a reused PID)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-lock-'))
    // The parent of this test process is alive for sure, but it does not hold the lock.
    await writeFile(path.join(dir, 'pglite.lock'), String(process.ppid))
    const unlock = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`)
    unlock()
    const again = await lockDataDir(dir)
    again()
  })
})

describe('the embedded database in DATA_DIR', () => {
  /** What the database in `dataDir` reports as its buffer pool, opened as the server opens it with `env`. */
  async function bufferPoolWith(env: Record<string, string>): Promise<string> {
    const config = loadConfig(env)
    const database = await openDatabase({ dataDir: dir, pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS })
    try {
      const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`))
      return row!.shared_buffers
    } finally {
      await database.close()
    }
  }

  it('starts with PGlite’s 128 MB buffer pool, or the size PGLITE_SHARED_BUFFERS names, on the same data', { timeout: 60_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-pool-'))
    expect(await bufferPoolWith({ PGLITE_SHARED_BUFFERS: '16MB' })).toBe('16MB')
    expect(await bufferPoolWith({})).toBe('128MB')
  })
})
