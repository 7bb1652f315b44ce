import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { exportServices, findChromium, resolveService } from './test-env.mjs'

const only = (...files) => ({ exists: (file) => files.includes(file) })

describe('findChromium', () => {
  it('takes CHROME_PATH when set, and reports a wrong one instead of using another', () => {
    expect(findChromium({ CHROME_PATH: '/opt/chrome' }, only('/opt/chrome', '/usr/bin/chromium'))).toMatchObject({ path: '/opt/chrome', source: 'CHROME_PATH' })
    expect(findChromium({ CHROME_PATH: '/nowhere' }, only('/usr/bin/chromium'))).toMatchObject({
      path: undefined,
      explicit: true,
      reason: expect.stringContaining('/nowhere'),
    })
  })

  it("prefers the system's headless shell, then its full Chromium, then Playwright's newest", () => {
    const env = { PLAYWRIGHT_BROWSERS_PATH: '/nonexistent' }
    expect(findChromium(env, only('/usr/bin/chromium', '/usr/bin/chromium-headless-shell'))).toMatchObject({
      path: '/usr/bin/chromium-headless-shell',
      source: 'system',
      headlessShell: true,
    })
    expect(findChromium(env, only('/usr/bin/chromium'))).toMatchObject({ path: '/usr/bin/chromium', source: 'system', headlessShell: false })
    expect(findChromium(env, only())).toMatchObject({ path: undefined, explicit: false })
  })

  it("finds Playwright's newest download in its cache", async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(`${tmpdir()}/pw-`)
    try {
      for (const rev of ['1100', '1200']) {
        await mkdir(`${dir}/chromium-${rev}/chrome-linux64`, { recursive: true })
        await writeFile(`${dir}/chromium-${rev}/chrome-linux64/chrome`, '', { mode: 0o755 })
      }
      const exists = (file) => file.startsWith(dir) && existsSync(file)
      expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: dir }, { exists })).toMatchObject({
        path: `${dir}/chromium-1200/chrome-linux64/chrome`,
        source: "Playwright's cache",
        headlessShell: false,
      })
      // The newest revision's headless shell, when Playwright downloaded it too.
      await mkdir(`${dir}/chromium_headless_shell-1200/chrome-headless-shell-linux64`, { recursive: true })
      await writeFile(`${dir}/chromium_headless_shell-1200/chrome-headless-shell-linux64/headless_shell`, '', { mode: 0o755 })
      expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: dir }, { exists })).toMatchObject({
        path: `${dir}/chromium_headless_shell-1200/chrome-headless-shell-linux64/headless_shell`,
        headlessShell: true,
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('resolveService', () => {
  it('leaves a service out on =none, and passes the reason to child processes so they do not probe again', async () => {
    const choice = await resolveService('postgres', { TEST_DATABASE_URL: 'none' })
    expect(choice).toMatchObject({ url: undefined, reason: 'TEST_DATABASE_URL=none' })
    const child = { TEST_DATABASE_URL: 'none' }
    exportServices({ postgres: choice, redis: await resolveService('redis', { TEST_REDIS_URL: 'none' }) }, child)
    expect(child).toEqual({ SANAM_TEST_POSTGRES_SKIPPED: 'TEST_DATABASE_URL=none', SANAM_TEST_REDIS_SKIPPED: 'TEST_REDIS_URL=none' })
    expect(await resolveService('postgres', child)).toMatchObject({ url: undefined, reason: 'TEST_DATABASE_URL=none' })
  })

  it('refuses a named server that does not answer, rather than leaving it out', async () => {
    await expect(resolveService('redis', { TEST_REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/TEST_REDIS_URL=redis:\/\/127.0.0.1:1 does not answer/)
    await expect(resolveService('postgres', { TEST_DATABASE_URL: 'postgres://u:secret@127.0.0.1:1/db' })).rejects.toThrow(/u:\*\*\*@127.0.0.1:1/)
  })
})
