import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot, startServer } from './support/server.ts'
import { CONSENTS } from './support/player.ts'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { success: boolean; data: Record<string, unknown> } }
}

describe('the server process', () => {
  it('stops cleanly on Ctrl-C (SIGINT) and keeps every acknowledged write in the embedded database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-life-'))
    dirs.push(dataDir)
    const env = { OTP_REQUIRED: 'false' }
    // On nothing at all, as npm start on a new machine: the server creates and migrates its database itself.
    const first = await startServer({ dataDir, env, emptyDatabase: true })
    const players = Array.from({ length: 5 }, (_, i) => ({
      mobile: `090000000${i}`,
      password: `pass-${i}-word`,
      firstname: 'ทดสอบ',
      surname: 'ปิดระบบ',
      bank_account: `555000000${i}`,
      bank_code: '002',
      ...CONSENTS,
    }))
    for (const p of players) expect((await postJson(`${first.baseUrl}/api/auth/register`, p)).status).toBe(200)
    const login = await postJson(`${first.baseUrl}/api/auth/login`, { mobile: players[0]!.mobile, password: players[0]!.password })
    const token = login.body.data.token as string
    expect(await first.stop('SIGINT')).toBe(0)

    const second = await startServer({ dataDir, env })
    try {
      for (const p of players) {
        expect((await postJson(`${second.baseUrl}/api/auth/login`, { mobile: p.mobile, password: p.password })).status).toBe(200)
      }
      // Sessions are in the database too: the token from before the restart still works.
      const me = await fetch(`${second.baseUrl}/api/user/@me`, { headers: { authorization: `Bearer ${token}` } })
      expect(me.status).toBe(200)
      // Demo data is seeded once, on the empty database only.
      const demo = await postJson(`${second.baseUrl}/api/auth/login`, { mobile: '0812345678', password: 'sanam1234' })
      expect(demo.status).toBe(200)
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0)
    }
  })

  it('stops cleanly on SIGTERM though a client holds a connection it never sent a request on (a browser preconnects)', async () => {
    const server = await startServer({})
    const silent = connect(Number(new URL(server.baseUrl).port), '127.0.0.1')
    silent.on('error', () => {})
    await once(silent, 'connect')
    // A request served too, so the stop has a connection that did begin one beside the silent one.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)
    const dropped = once(silent, 'close')
    // Exit 0: the server closed the silent connection itself. Held by it, the stop would reach server.ts's 15 s limit
    // and exit 1 (or be killed by startServer's 10 s grace: no exit code at all).
    expect(await server.stop('SIGTERM')).toBe(0)
    await dropped
  })

  it('runs with the heap budget npm start gives it, so that V8 collects its garbage before the heap grows far (ADR 064)', async () => {
    const started: Array<{ msg?: string; heap_limit_mb?: number }> = []
    const server = await startServer({
      asNpmStart: true,
      env: { LOG_LEVEL: 'info' },
      onOutput: (line) => {
        if (line.includes('"Sanam on ')) started.push(JSON.parse(line) as (typeof started)[number])
      },
    })
    try {
      // The server logs the line just after it starts listening, so the health check can answer first: wait for it.
      const deadline = Date.now() + 10_000
      while (started.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      // V8's limit is the old space's 512 MB and the young space's 96 (three semi-spaces of 32); without the budget it
      // is several GB.
      expect(started[0]?.heap_limit_mb).toBeGreaterThanOrEqual(600)
      expect(started[0]?.heap_limit_mb).toBeLessThan(650)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('refuses to start with bad configuration and lists every bad variable', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', OTP_REQUIRED: 'maybe', DATABASE_URL: 'mysql://db' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('Invalid configuration')
    for (const name of ['PORT', 'OTP_REQUIRED', 'DATABASE_URL']) expect(result.stderr).toContain(name)
  })

  it('outside demo mode refuses to start until real secrets and an SMS gateway are set, whatever NODE_ENV says', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
      env: { PATH: process.env.PATH ?? '', SANAM_MODE: 'production', NODE_ENV: 'development', SEED_DEMO: 'true' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(78)
    for (const name of [
      'BANK_WEBHOOK_SECRET',
      'SEAMLESS_SECRET',
      'SMS_HTTP_URL',
      'SMS_HTTP_KEY',
      'SEED_DEMO',
      'TOTP_ENCRYPTION_KEY',
      'BACKOFFICE_OWNERS',
      'BACKOFFICE_ORIGIN',
    ])
      expect(result.stderr).toContain(name)
  })
})
