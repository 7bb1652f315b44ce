// npm run bench:web: Lighthouse (mobile) on the built player app's first screen, the DESIGN §7 web target
// (performance and accessibility ≥ 95). Not a test: scores move with the machine's load, so it runs each page
// BENCH_WEB_RUNS times (default 3) and records the median. Uses the Chromium at CHROME_PATH or /usr/bin/chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { requireBuilt, root, startSanam } from './server.mjs'

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// The screens a visitor can reach without signing in; the lobby needs a session Lighthouse does not have.
const PAGES = ['/login', '/register']

requireBuilt('apps/api/dist/server.js', 'apps/player/dist/index.html')

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
/** A measured value for the table: '-' where Lighthouse could not measure it (its reason is printed with the run). */
const shown = (value, format) => (typeof value === 'number' && Number.isFinite(value) ? format(value) : '-')

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-web-'))
  const sanam = await startSanam({ DATA_DIR: dataDir })
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox'] })
  const rows = []
  try {
    for (const page of PAGES) {
      const runs = []
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${sanam.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        })
        const { categories, audits } = result.lhr
        for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
          if (audits[id].numericValue === undefined) console.warn(`${page}: ${id} not measured: ${audits[id].errorMessage ?? 'no reason given'}`)
        }
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          bestPractices: Math.round(categories['best-practices'].score * 100),
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
        })
      }
      const pick = (key) => median(runs.map((run) => run[key]))
      rows.push({
        page,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        all: runs.map((run) => run.performance).join(' / '),
      })
    }
  } finally {
    await chrome.kill()
    await sanam.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  const table = [
    '| page | performance | accessibility | best practices | FCP s | LCP s | TBT ms | CLS | performance per run |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${shown(r.fcp, (v) => (v / 1000).toFixed(1))} | ${shown(r.lcp, (v) => (v / 1000).toFixed(1))} | ${shown(r.tbt, Math.round)} | ${shown(r.cls, (v) => v.toFixed(3))} | ${r.all} |`,
    ),
  ].join('\n')
  const report = `# Lighthouse ${new Date().toISOString()}\n\nMobile (Lighthouse's simulated throttling), ${os.cpus().length} cores, median of ${RUNS} runs. Target (DESIGN §7): performance and accessibility ≥ 95.\n\n${table}\n`
  console.info(report)
  writeFileSync(path.join(root, 'bench', 'results', 'latest-web.md'), report)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
