// What specs check on a page, written once: where the router is, images settled, nothing sticking out sideways, axe.
import axe from 'axe-core'
import type { Frame, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

declare global {
  interface Window {
    axe: typeof axe
  }
}

/**
 * Waits until the app's router is at `pathname`. Client-side redirects are history API changes, which waitForURL does
 * not always see when they land right after a page load; polling the location (on a timer, not on animation frames,
 * which a headless page may not be painting) does.
 */
export async function atPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((expected) => window.location.pathname === expected, pathname, { timeout, polling: 100 })
}

/**
 * Waits until every image matching `selector` has loaded (with `loaded`, loaded with pixels; otherwise loaded or
 * failed), starting the lazy ones (off screen, a banner's later slides) now, so a screenshot shows them.
 */
export async function settleImages(page: Page, { selector = 'img', loaded = false }: { selector?: string; loaded?: boolean } = {}): Promise<void> {
  await page.evaluate((query) => {
    for (const image of document.querySelectorAll<HTMLImageElement>(query)) if (!image.complete) image.loading = 'eager'
  }, selector)
  await page.waitForFunction(
    ({ query, pixels }) => [...document.querySelectorAll<HTMLImageElement>(query)].every((image) => image.complete && (!pixels || image.naturalWidth > 0)),
    { query: selector, pixels: loaded },
    { polling: 100 },
  )
}

/**
 * Nothing sticks out sideways: measured against the phone's width itself, since a phone widens its layout viewport
 * to fit content that overflows (and then everything is zoomed out).
 */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width)
}

/**
 * Puts axe-core into `frame` unless its document has it already: once per document, not per scan. (@axe-core/playwright
 * evaluated axe's 1.5 MB of source twice a scan and opened a blank page for each: 1.2 to 1.5 s a scan against 0.14 s
 * here, measured on a phone-sized page of the player app; the end-to-end half scans some 140 times. ADR 103.)
 */
async function injectAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate('typeof window.axe?.run === "function"').catch(() => true)
  if (present) return
  await frame.evaluate(axe.source)
  await frame.evaluate('axe.configure({ allowedOrigins: ["<same_origin>"] })')
}

/**
 * The serious and critical axe violations on the page as it is now (ids and where), empty when there are none. Every
 * frame of the page's origin is scanned with it (the back-office's promotion preview is one); a frame that goes away
 * meanwhile is left out, as @axe-core/playwright's own frame-by-frame mode leaves it.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await injectAxe(frame).catch(() => undefined)
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** Fails the test on any serious or critical axe violation, naming `screen`. */
export async function expectAccessible(page: Page, screen?: string): Promise<void> {
  expect(await seriousAxeViolations(page), screen).toEqual([])
}

/** Fills a form's fields by their labels, in order: a text typed, or `{ option }` chosen in a select. */
export async function fillByLabel(form: Page | Locator, fields: Record<string, string | { option: string }>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const field = form.getByLabel(label)
    await (typeof value === 'string' ? field.fill(value) : field.selectOption(value.option))
  }
}
