// No secret in the repository (issue 37 §5): every tracked file goes through secretlint's recommended rules (private
// keys, cloud and vendor tokens, passwords in connection strings, ...). A made-up credential a test needs is marked
// where it stands (`secretlint-disable-next-line`, with why); the public demo keys of demo mode are not secrets.
import { execFileSync, spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = path.join(root, 'node_modules', '.bin', 'secretlint')

/** secretlint over `files` (relative to `cwd`, which it requires them under): each finding as `file:line rule`. */
function findings(files, cwd) {
  // Its report goes to a file: piped, the CLI can exit before a large report is written out.
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'sanam-secretlint-')), 'report.json')
  const run = spawnSync(bin, ['--format', 'json', '--output', report, '--secretlintrc', path.join(root, '.secretlintrc.json'), ...files], { cwd })
  if (run.error) throw run.error
  const results = JSON.parse(readFileSync(report, 'utf8') || '[]')
  rmSync(path.dirname(report), { recursive: true, force: true })
  return results.flatMap((file) => file.messages.map((m) => `${path.relative(cwd, file.filePath)}:${m.loc?.start?.line ?? '?'} ${m.ruleId}`))
}

describe('the secret scan', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sanam-secret-scan-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('finds a private key and a password in a connection string', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
    writeFileSync(
      path.join(scratch, 'leaky.ts'),
      `export const url = 'postgres://sanam:${'hunter2-not-real'}@db.example.com:5432/sanam'\nexport const key = \`${pem}\`\n`,
    )
    const found = findings(['leaky.ts'], scratch)
    expect(found.some((f) => f.includes('database-connection-string'))).toBe(true)
    expect(found.some((f) => f.includes('privatekey'))).toBe(true)
  })

  it('finds none in the files git tracks', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && file !== 'package-lock.json')
    expect(tracked.length).toBeGreaterThan(500)
    expect(findings(tracked, root)).toEqual([])
  }, 240_000)
})
