// `npm test`: every check CI runs, on whatever this machine offers, saying at the end what ran against what (ADR 033).
//
//   npm test                          typecheck, lint, format check and build side by side, then the unit and API
//                                     tests, then the end-to-end tests
//   npm test -- <filters...>          only the test files matching the filters (vitest's), both halves, no checks
//   npm test -- --checks|--unit|--e2e only those parts (combine them; with filters, the halves run filtered)
//   npm test -- --no-install          never install Chromium, only say how
//   npm test -- --full                the tests that repeat a case at the issues' own counts (npm run test:full,
//                                     ADR 103); without it, at the sample depth CI runs
//
// PostgreSQL and Redis: TEST_DATABASE_URL / TEST_REDIS_URL, else the local servers when they answer; `=none` leaves
// one out. Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's cache, else Debian's package installed
// when running as root with apt-get.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { TEST_DEPTH_VARIABLE, testDepth } from './test-depth.mjs'
import { exportServices, findChromium, hasThaiFonts, installCommand, redact, resolveServices } from './test-env.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const PARTS = ['--checks', '--unit', '--e2e']
const FLAGS = new Set([...PARTS, '--no-install', '--full'])
const args = process.argv.slice(2)
const unknown = args.filter((arg) => arg.startsWith('-') && !FLAGS.has(arg))
if (unknown.length > 0) {
  console.error(`npm test: unknown option ${unknown.join(' ')}; the options are ${[...FLAGS].join(', ')} and test file filters`)
  process.exit(2)
}
const filters = args.filter((arg) => !arg.startsWith('-'))
const chosen = PARTS.filter((part) => args.includes(part))
const wants = (part) => (chosen.length > 0 ? chosen.includes(part) : part !== '--checks' || filters.length === 0)
const halves = { unit: wants('--unit'), e2e: wants('--e2e') }
const checks = wants('--checks')
const mayInstall = !args.includes('--no-install')

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-test-'))
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }))

/** What the children see: the local binaries on PATH, and the services and Chromium decided here. */
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
}
if (args.includes('--full')) env[TEST_DEPTH_VARIABLE] = 'full'
let depth
try {
  depth = testDepth(env)
} catch (error) {
  console.error(`npm test: ${error.message}`)
  process.exit(2)
}
/** What the run's depth means, said at its start and in its summary. */
const depthLine =
  depth === 'full'
    ? "full: the tests that repeat a case run at the issues' own counts (ADR 103)"
    : "sample: the tests that repeat a case run a sample of it, seeded anew (npm run test:full runs the issues' own counts, ADR 103)"

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const log = (line = '') => console.info(line)

const running = new Set()
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // Already gone.
      }
    }
    process.exit(130)
  })
}

/** Runs a shell command; `quiet` keeps its output and prints it only if it fails. Resolves to its exit code and time. */
function run(name, command, { quiet = false, extraEnv = {} } = {}) {
  const started = Date.now()
  if (!quiet) log(`\n▶ ${name}: ${command}`)
  return new Promise((resolve) => {
    // Its own process group, so that stopping the runner stops the step's whole tree (vitest's workers, servers).
    const child = spawn(command, { shell: true, detached: true, env: { ...env, ...extraEnv }, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    running.add(child)
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => {
      running.delete(child)
      const result = { name, ok: code === 0, code: code ?? signal, ms: Date.now() - started }
      if (quiet && !result.ok) process.stdout.write(Buffer.concat(output))
      log(`${result.ok ? '✓' : '✗'} ${name} (${seconds(result.ms)})${result.ok ? '' : `: exit ${result.code}`}`)
      resolve(result)
    })
  })
}

/** Runs the tasks `width` at a time: single-threaded steps (tsc, eslint) use both cores of a small machine. */
async function pool(tasks, width) {
  const results = []
  const queue = [...tasks]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) results.push(await task())
    }),
  )
  return results
}

/** Chromium and a Thai font, installed with apt-get when this process may; else what is missing and the command. */
function ensureBrowser() {
  let chromium = findChromium(env)
  let fonts = hasThaiFonts()
  if (chromium.explicit) return { problem: `${chromium.reason}: point it at Chromium, or unset it` }
  // Debian's headless shell is wanted beside a full Chromium too: it costs the CPU-bound end-to-end half less (ADR 053).
  // A Chromium named by CHROME_PATH is used as it is.
  const wantsShell = () => chromium.source !== 'CHROME_PATH' && !chromium.headlessShell
  const missing = () => [wantsShell() && 'chromium-headless-shell', !fonts && 'fonts-thai-tlwg'].filter(Boolean)
  const apt = commandExists('apt-get')
  if (missing().length > 0 && mayInstall && apt && process.getuid?.() === 0) {
    log(`Installing ${missing().join(' and ')} with apt-get for the end-to-end tests`)
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' }
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv })
      execFileSync('apt-get', ['install', '-y', '-qq', ...missing()], { stdio: 'inherit', env: aptEnv })
    } catch (error) {
      log(`apt-get failed: ${error.message}`)
    }
    chromium = findChromium(env)
    fonts = hasThaiFonts()
  }
  if (chromium.path && fonts) return { chromium }
  const what = [!chromium.path && chromium.reason, !fonts && 'no font covers Thai (fc-list :lang=th lists none)'].filter(Boolean).join('; ')
  const command = apt ? installCommand(missing()) : 'npx playwright-core install chromium, and a font covering Thai from your system (Debian: fonts-thai-tlwg)'
  return { problem: `${what}. Install ${missing().join(' and ')} with:\n\n    ${command}\n` }
}

function commandExists(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)))
}

/** Runs one half with the file-times reporter; resolves to the step's result and the reporter's files. */
async function vitestHalf(name, script) {
  const report = path.join(reportDir, `${name}.json`)
  const reporters = `--reporter=default --reporter=${path.join(root, 'scripts', 'test-reporter.mjs')}`
  const extra = filters.length > 0 ? ` --passWithNoTests ${filters.map(quote).join(' ')}` : ''
  const result = await run(name, `npm run --silent ${script} -- ${reporters}${extra}`, { extraEnv: { SANAM_TEST_REPORT: report } })
  const files = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).files : []
  return { ...result, files }
}

const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`

/** The folder `npm test` lints in a process of its own (its files are about half of lint's work). */
const LINT_APART = 'apps/api'

/** `npm run lint`'s command, which lints the current folder (`.`), to be run in two parts. */
function lintCommand() {
  const command = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.lint
  if (!command.endsWith(' .')) throw new Error(`npm test: the lint script must end with " ." to be split: ${command}`)
  return command
}

// 1. What the tests run against, decided once here and handed to every child.
let services
try {
  services = await resolveServices(env)
} catch (error) {
  console.error(`npm test: ${error.message}`)
  process.exit(1)
}
exportServices(services, env)
let browser
if (halves.e2e) {
  browser = ensureBrowser()
  if (browser.problem) {
    console.error(`\nnpm test cannot run the end-to-end tests: ${browser.problem}\nThen run npm test again (npm test -- --unit runs the other half meanwhile).`)
    process.exit(1)
  }
  env.CHROME_PATH = browser.chromium.path
}
const describe = (service) => (service.url ? `${redact(service.url)} (${service.source})` : `left out: ${service.reason}`)
log(`PostgreSQL: ${describe(services.postgres)}`)
log(`Redis:      ${describe(services.redis)}`)
if (browser) log(`Chromium:   ${browser.chromium.path} (${browser.chromium.source}), Thai fonts present`)
if (halves.unit || halves.e2e) log(`Depth:      ${depthLine}`)

// 2. The checks: one process each, two at a time.
const steps = []
let failed = false
if (checks) {
  log('\n▶ typecheck, lint, format check and build, two at a time')
  // The longest first, so that the two lanes end together (ADR 033). Lint is half the checks' CPU: it runs as two
  // processes, the API's files and the rest, each building only its own files' TypeScript programs.
  const lint = lintCommand()
  const checkSteps = [
    { name: 'typecheck', command: 'npm run --silent typecheck' },
    { name: `lint (all but ${LINT_APART})`, command: `${lint} --ignore-pattern ${quote(`${LINT_APART}/**`)}` },
    { name: `lint (${LINT_APART})`, command: `${lint.slice(0, -1)}${LINT_APART}` },
    { name: 'format:check', command: 'npm run --silent format:check' },
    { name: 'build', command: 'npm run --silent build' },
  ]
  const tasks = checkSteps.map((step) => () => run(step.name, step.command, { quiet: true }))
  const results = await pool(tasks, Math.max(1, Math.min(2, os.availableParallelism())))
  steps.push(...results)
  failed = results.some((result) => !result.ok)
} else if (halves.e2e) {
  // The end-to-end tests drive the built server and apps.
  const result = await run('build', 'npm run --silent build', { quiet: true })
  steps.push(result)
  failed = !result.ok
}

// 3. The two halves, each using both cores on its own.
const halvesRun = {}
for (const [half, script] of [
  ['unit', 'test:unit'],
  ['e2e', 'test:e2e'],
]) {
  if (!halves[half] || failed) continue
  halvesRun[half] = await vitestHalf(half, script)
  steps.push(halvesRun[half])
  failed ||= !halvesRun[half].ok
}

// 4. The summary.
log('\n──────── npm test summary ────────')
for (const step of steps) log(`${step.ok ? '✓' : '✗'} ${seconds(step.ms).padStart(8)}  ${step.name}`)
if (!checks) log(`  (typecheck, lint and format check not run: ${chosen.length > 0 ? `only ${chosen.join(' ')} asked for` : 'test files filtered'})`)
for (const half of ['unit', 'e2e']) if (halves[half] && !halvesRun[half]) log(`  ${half} tests not run: an earlier step failed`)

const files = Object.values(halvesRun).flatMap((half) => half.files)
if (files.length > 0) {
  log('\nSlowest test files:')
  for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, 5)) log(`  ${seconds(file.ms).padStart(8)}  ${file.file} (${file.project})`)
}

const inProject = (project) => halvesRun.unit.files.filter((file) => file.project === project)
const counted = (mine) => {
  const sum = (key) => mine.reduce((total, file) => total + file[key], 0)
  const broken = mine.filter((file) => file.state === 'failed').length
  return mine.length === 0
    ? 'no files run'
    : `${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped in ${mine.length} files${broken > 0 ? ` (${broken} failed)` : ''}`
}
if (halvesRun.unit) {
  const projects = [...new Set(halvesRun.unit.files.map((file) => file.project))].sort()
  log('\nUnit and API tests ran against:')
  log(`  PGlite (embedded): ${counted(inProject('api'))}`)
  log(
    `  PostgreSQL:        ${services.postgres.url ? `${redact(services.postgres.url)}: ${counted(inProject('api-postgres'))}` : `SKIPPED (${services.postgres.reason})`}`,
  )
  log(
    `  Redis:             ${services.redis.url ? redact(services.redis.url) : `SKIPPED (${services.redis.reason}): the Redis rate-limiter tests did not run`}`,
  )
  log(
    `  other projects:    ${
      projects
        .filter((p) => !p.startsWith('api'))
        .map((p) => `${p} ${counted(inProject(p))}`)
        .join('; ') || 'none run'
    }`,
  )
}
if (halvesRun.e2e) {
  log('\nEnd-to-end tests ran against:')
  log(`  the built server on PGlite, in ${browser.chromium.path}: ${counted(halvesRun.e2e.files)}`)
  log(`  PostgreSQL (fault and backup tests): ${services.postgres.url ? redact(services.postgres.url) : `SKIPPED (${services.postgres.reason})`}`)
}
if (halvesRun.unit || halvesRun.e2e) log(`\nDepth: ${depthLine}`)
const failedFiles = files.filter((file) => file.state === 'failed' || file.failed > 0)
if (failedFiles.length > 0) {
  log('\nFailed test files (details above):')
  for (const file of failedFiles) log(`  ✗ ${file.file} (${file.project})`)
}
// Tests a failed file never reached are reported by vitest with the failure; these are the ones left out on purpose.
const skipped = files.filter((file) => file.state !== 'failed').flatMap((file) => file.skippedTests.map((test) => `${file.file} (${file.project}): ${test}`))
if (skipped.length > 0) {
  log(`\nTests that did not run (${skipped.length}):`)
  for (const line of skipped.slice(0, 20)) log(`  - ${line}`)
  if (skipped.length > 20) log(`  … and ${skipped.length - 20} more`)
}
log(failed ? '\n✗ npm test failed' : '\n✓ npm test passed')
process.exitCode = failed ? 1 : 0
