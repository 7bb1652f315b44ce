import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from './client.ts'

let dir: string
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, and takes over a lock left by a dead one', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-lock-'))
    // The parent of this test process is alive for sure.
    await writeFile(path.join(dir, 'pglite.lock'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(/in use by process/)

    await writeFile(path.join(dir, 'pglite.lock'), '999999999')
    const unlock = lockDataDir(dir)
    expect(await readFile(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid))
    unlock()
    const again = lockDataDir(dir)
    again()
  })
})
