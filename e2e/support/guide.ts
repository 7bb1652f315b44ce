import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { settle } from './browser.ts'
import { expectAccessible } from './page.ts'
import { repoRoot } from './server.ts'

// The operator guide's screenshots (docs/operator-guide.md): taken by e2e/operator-guide.spec.ts and by the desk specs
// that show a screen the guide explains.

/**
 * Where the guide's screenshots go: e2e/artifacts/operator-guide/ on an ordinary run (a test run leaves the work tree
 * as it found it), docs/operator-guide/ with GUIDE_SCREENSHOTS=docs, to refresh the guide's pictures on purpose.
 */
export const GUIDE_DIR =
  process.env.GUIDE_SCREENSHOTS === 'docs' ? path.join(repoRoot, 'docs', 'operator-guide') : path.join(repoRoot, 'e2e', 'artifacts', 'operator-guide')

/**
 * A screenshot for the guide, after an axe-core scan of the page: the page's card (the first element of its main
 * region), `region`, or with 'viewport' the whole window (the menu too), settled, as <GUIDE_DIR>/<name>.png.
 * Toasts are left out of the picture (they cover the page's corner for a few seconds) and the pointer is moved off
 * the page, so that no chart shows a hover.
 */
export async function guideShot(page: Page, name: string, region?: Locator | 'viewport'): Promise<void> {
  await expectAccessible(page, name)
  await page.mouse.move(0, 0)
  await settle(page)
  const options = { path: path.join(GUIDE_DIR, `${name}.png`), animations: 'disabled' as const, style: '.toast, .toasts { visibility: hidden !important; }' }
  if (region === 'viewport') await page.screenshot(options)
  else await (region ?? page.locator('main > *').first()).screenshot(options)
}
