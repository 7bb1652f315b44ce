// A vitest reporter for `npm test` (scripts/test.mjs): writes each test file's time and counts, and the names of the
// tests that did not run, as JSON to the file named by SANAM_TEST_REPORT. Vitest's own reporters print the rest.
import { writeFileSync } from 'node:fs'
import path from 'node:path'

export default class FileTimesReporter {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
    const target = process.env.SANAM_TEST_REPORT
    if (!target) return
    const files = modules.map((module) => {
      const diagnostic = module.diagnostic()
      const counts = { passed: 0, failed: 0, skipped: 0 }
      const skippedTests = []
      for (const test of module.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else {
          counts.skipped++
          skippedTests.push(test.fullName)
        }
      }
      return {
        file: path.relative(this.root, module.moduleId),
        project: module.project.name || 'e2e',
        // From the file's import to its last hook: what the file costs a worker.
        ms: Math.round(
          diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
        ),
        state: module.state(),
        ...counts,
        skippedTests,
      }
    })
    writeFileSync(target, JSON.stringify({ files }, null, 1))
  }
}
