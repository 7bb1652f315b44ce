// What the tests run against: the PostgreSQL and Redis servers and the Chromium they use, found the same way by
// `npm test` (scripts/test.mjs), the vitest configurations and the end-to-end support code (ADR 033).
import { execFileSync } from 'node:child_process'
import { accessSync, constants, readdirSync, statSync } from 'node:fs'
import { createConnection } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'
export const LOCAL_REDIS = 'redis://127.0.0.1:6379'

const PROBE_TIMEOUT_MS = 3000

/**
 * The two services and their variables. `skipVar` carries the reason a service is left out to child processes, so
 * a worker does not probe again and find what its parent was told to leave out.
 */
const SERVICES = {
  postgres: { name: 'PostgreSQL', urlVar: 'TEST_DATABASE_URL', skipVar: 'SANAM_TEST_POSTGRES_SKIPPED', local: LOCAL_POSTGRES },
  redis: { name: 'Redis', urlVar: 'TEST_REDIS_URL', skipVar: 'SANAM_TEST_REDIS_SKIPPED', local: LOCAL_REDIS },
}

/**
 * Decides whether the tests use a service: `<VAR>=none` leaves it out; `<VAR>=<url>` requires it (an explicit server
 * that does not answer is an error, never a silent skip); unset, the local default is used when it answers.
 * @param {'postgres' | 'redis'} kind
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<import('./test-env.d.mts').ServiceChoice>}
 */
export async function resolveService(kind, env = process.env) {
  const service = SERVICES[kind]
  const set = env[service.urlVar]
  if (set === 'none') return { kind, name: service.name, url: undefined, reason: `${service.urlVar}=none` }
  if (set) {
    const error = await probe(kind, set)
    if (error)
      throw new Error(`${service.urlVar}=${redact(set)} does not answer (${error}): start it, or set ${service.urlVar}=none to leave ${service.name} out`)
    return { kind, name: service.name, url: set, source: service.urlVar }
  }
  const skipped = env[service.skipVar]
  if (skipped) return { kind, name: service.name, url: undefined, reason: skipped }
  const error = await probe(kind, service.local)
  if (error) return { kind, name: service.name, url: undefined, reason: `nothing answers at ${new URL(service.local).host} (${error})` }
  return { kind, name: service.name, url: service.local, source: 'local default' }
}

/** Both services, resolved at once. */
export async function resolveServices(env = process.env) {
  const [postgres, redis] = await Promise.all([resolveService('postgres', env), resolveService('redis', env)])
  return { postgres, redis }
}

/**
 * Writes the choices into `env` for the tests and child processes: the URL variable when a service is used, else
 * no URL variable (the tests check `process.env.TEST_DATABASE_URL` / `TEST_REDIS_URL`) and the reason it is left out.
 * @param {{ postgres: import('./test-env.d.mts').ServiceChoice, redis: import('./test-env.d.mts').ServiceChoice }} choices
 * @param {NodeJS.ProcessEnv} [env]
 */
export function exportServices(choices, env = process.env) {
  for (const choice of Object.values(choices)) {
    const service = SERVICES[choice.kind]
    if (choice.url) {
      env[service.urlVar] = choice.url
      delete env[service.skipVar]
    } else {
      delete env[service.urlVar]
      env[service.skipVar] = choice.reason ?? 'left out'
    }
  }
}

/** The URL without its password, for messages. */
export function redact(url) {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(not a URL)'
  }
}

/** Undefined when the server answers, else why not. */
async function probe(kind, url) {
  try {
    if (kind === 'postgres') await probePostgres(url)
    else await probeRedis(url)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  }
}

async function probePostgres(url) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS })
  try {
    await client.connect()
    await client.query('select 1')
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A PING over a bare socket: any Redis reply (PONG, or an authentication error for a URL with a password) answers. */
function probeRedis(url) {
  const u = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) })
    const timer = setTimeout(() => socket.destroy(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      clearTimeout(timer)
      socket.destroy()
      if (data[0] === 0x2b || data[0] === 0x2d) resolve(undefined)
      else reject(new Error('not a Redis server'))
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** Playwright's browsers (`npx playwright-core install chromium`), newest revision first, its headless shell before
 * its full browser of the same revision. */
function playwrightChromiums(env, exists) {
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright')
  let entries
  try {
    entries = readdirSync(cache)
  } catch {
    return []
  }
  const revision = (name) => Number(name.split('-').pop()) || 0
  const isShell = (name) => name.startsWith('chromium_headless_shell')
  const found = []
  const dirs = entries.filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
  for (const dir of dirs.sort((a, b) => revision(b) - revision(a) || Number(isShell(b)) - Number(isShell(a)))) {
    const binary = isShell(dir) ? 'headless_shell' : 'chrome'
    for (const platform of ['chrome-linux64', 'chrome-linux', 'chrome-headless-shell-linux64']) {
      const file = path.join(cache, dir, platform, binary)
      if (exists(file)) found.push(file)
    }
  }
  return found
}

/**
 * Debian's Chromium builds: the headless shell first. It is the browser without its windowing layers, which the tests
 * never show; it drives every spec the same and costs a sixth less CPU on a 2-core machine, where the end-to-end half
 * is bound by CPU (ADR 053).
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
/** Whether a Chromium binary is a headless shell (Debian's or Playwright's), by its name. */
export const isHeadlessShell = (file) => /headless[-_]shell/.test(path.basename(file))
export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/**
 * The Chromium the end-to-end tests drive: `CHROME_PATH` when set (a wrong one is reported, not replaced by
 * another), else the system's headless shell or full Chromium, else one Playwright downloaded into its cache.
 * `headlessShell` says whether the one found is a headless shell.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ exists?: (file: string) => boolean }} [options] `exists` is replaced by the finder's own tests.
 * @returns {import('./test-env.d.mts').ChromiumChoice}
 */
export function findChromium(env = process.env, { exists = isExecutable } = {}) {
  const choice = (file, source) => ({ path: file, source, headlessShell: isHeadlessShell(file) })
  if (env.CHROME_PATH) {
    if (exists(env.CHROME_PATH)) return choice(env.CHROME_PATH, 'CHROME_PATH')
    return { path: undefined, explicit: true, reason: `CHROME_PATH=${env.CHROME_PATH} is not an executable file` }
  }
  for (const file of [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM]) if (exists(file)) return choice(file, 'system')
  const [cached] = playwrightChromiums(env, exists)
  if (cached) return choice(cached, "Playwright's cache")
  return {
    path: undefined,
    explicit: false,
    reason: `no Chromium at CHROME_PATH (unset), ${SYSTEM_HEADLESS_SHELL}, ${SYSTEM_CHROMIUM} or in Playwright's cache`,
  }
}

/** The Chromium to launch, or an error that says how to get one. */
export function chromiumPath(env = process.env) {
  const found = findChromium(env)
  if (found.path) return found.path
  throw new Error(`${found.reason}: ${found.explicit ? 'fix or unset CHROME_PATH' : `run ${installCommand()}`}`)
}

/** Whether fontconfig knows a font covering Thai (Debian's fonts-thai-tlwg): without one, screenshots show boxes. */
export function hasThaiFonts() {
  try {
    return execFileSync('fc-list', [':lang=th', 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== ''
  } catch {
    return false
  }
}

export const BROWSER_PACKAGES = ['chromium-headless-shell', 'fonts-thai-tlwg']

/** The one command that installs Debian's Chromium and Thai fonts (`sudo` unless already root). */
export function installCommand(packages = BROWSER_PACKAGES) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`
}
