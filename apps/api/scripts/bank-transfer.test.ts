// `npm run bank:transfer` (issue 36 §9): when no server answers, it says which address it tried and where that came from.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const script = path.join(root, 'apps/api/scripts/bank-transfer.ts')

/** Runs the script as `npm run bank:transfer -- ...` does (tsx), with `env` over a copy of this one without PORT. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const { PORT: _port, ...rest } = process.env
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...rest, ...env }, timeout: 60_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    )
  })
}

const transfer = ['--mobile', '0812345678', '--amount', '10']

describe('npm run bank:transfer with no server', () => {
  it('names the port it took from PORT, and how to point it elsewhere', { timeout: 90_000 }, async () => {
    const { code, stderr } = await run(transfer, { PORT: '2' })
    expect(code).toBe(1)
    expect(stderr).toContain('No server is answering at http://localhost:2 (tried PORT=2 from the environment)')
    expect(stderr).toContain('PORT=3000 npm run bank:transfer')
  })

  it('names the address given with --url', { timeout: 90_000 }, async () => {
    const { code, stderr } = await run([...transfer, '--url', 'http://127.0.0.1:2'])
    expect(code).toBe(1)
    expect(stderr).toContain('No server is answering at http://127.0.0.1:2 (tried --url http://127.0.0.1:2)')
  })
})
