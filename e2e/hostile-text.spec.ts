import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { describe, expect, it } from 'vitest'
import { call } from './support/http.ts'
import { CONSENTS, deposit } from './support/player.ts'
import { startServer, type RunningServer } from './support/server.ts'
import { useBrowserSuite } from './support/suite.ts'

/**
 * Script and SQL payloads in every stored string the player app shows (issue 10 §7): what a player can store (first
 * name and surname at registration) and what an operator can (site title and description, promotion titles, a
 * provider's title, written straight into the database between two runs of the server, so the player app is tried on
 * texts the back-office's own checks might refuse). The page must show each as text: no dialog, no injected element,
 * no script run, the text there literally.
 */

/** Allowed in a name (the contract refuses < and > in names: they are tried too, and refused). */
const NAME_PAYLOADS = { first: `'; drop table players; --`, last: `{{7*7}} $& $1 $$ $' " onmouseover="window.__pwned=1` }
const MARKUP = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`
const SITE_TITLE = `${MARKUP} $& {{7*7}} '; drop table site_settings; --`
const SITE_DESCRIPTION = `</script><script>window.__pwned=1</script> $' $\``
const PROMO_TITLE = `<b onmouseover="window.__pwned=1">โปร</b> ${MARKUP} $& {{7*7}}`
const PROVIDER_TITLE = `<svg onload="window.__pwned=1"> $& '--`

const player = { mobile: `09${String(Date.now()).slice(-8)}`, password: 'hostile-pass-1', bank_account: `40${String(Date.now()).slice(-8)}` }

/** A server on whose data the player and the operator stored their texts (between two runs of the server). */
async function startWithHostileTexts(dataDir: string): Promise<RunningServer> {
  const env = { OTP_REQUIRED: 'false' }
  const server = await startServer({ dataDir, env })
  try {
    // The player stores what a player can.
    const register = (firstname: string, surname: string) =>
      call(server.baseUrl, 'POST', '/api/auth/register', {
        body: { mobile: player.mobile, password: player.password, firstname, surname, bank_account: player.bank_account, bank_code: '014', ...CONSENTS },
      })
    expect((await register('<script>alert(1)</script>', 'x')).status).toBe(400)
    const registered = await register(NAME_PAYLOADS.first, NAME_PAYLOADS.last)
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
  } finally {
    await server.stop()
  }

  // The operator's texts, written where the back-office will write them.
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  await db.query('update site_settings set title = $1, description = $2', [SITE_TITLE, SITE_DESCRIPTION])
  // A promotion's title is in its list row and in each of its versions (a claim shows the version it was granted under).
  await db.query('update promotions set title = $1', [PROMO_TITLE])
  await db.query('update promotion_versions set title = $1', [PROMO_TITLE])
  await db.query(`update providers set title = $1 || ' ' || code`, [PROVIDER_TITLE])
  await db.close()

  return startServer({ dataDir, env })
}

describe('hostile text in the player app', () => {
  const suite = useBrowserSuite({ server: startWithHostileTexts })

  it('renders every stored payload as text: no dialog, no injected element, no script run', async () => {
    const base = suite.baseUrl
    const login = await call<{ token: string }>(base, 'POST', '/api/auth/login', { body: { mobile: player.mobile, password: player.password } })
    expect(login.status).toBe(200)
    const token = login.body.data.token
    // A deposit with a promotion, so the lobby shows the promotion panel with its (hostile) title.
    const promotions = await call<{ list: Array<{ id: number; title: string }> }>(base, 'GET', '/api/promotion', { token })
    expect(promotions.body.data.list[0]?.title).toBe(PROMO_TITLE)
    const bill = await call<{ amount: number }>(base, 'POST', '/api/wallet/deposit/draft_bill', {
      token,
      body: { amount: 500, promotion: promotions.body.data.list[0]!.id },
    })
    expect(bill.status, JSON.stringify(bill.body)).toBe(200)
    await deposit(base, player.mobile, bill.body.data.amount)

    const { page } = await suite.phone({ player: token })
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto('/')

    // The first name, in the greeting, exactly as stored (the lobby does not show the surname).
    await page.getByRole('heading', { level: 1, name: NAME_PAYLOADS.first, exact: false }).waitFor({ timeout: 15_000 })
    // The site title as the document's title, the promotion's title in its panel, the provider's title on its tile.
    expect(await page.title()).toBe(SITE_TITLE)
    await page.getByText(PROMO_TITLE, { exact: true }).waitFor()
    const meta = await page.locator('meta[name="description"]').getAttribute('content')
    expect(meta).toBe(SITE_DESCRIPTION)
    await page.getByRole('list', { name: 'ค่ายเกมยอดนิยม', exact: true }).getByRole('button').first().waitFor({ timeout: 15_000 })
    const tiles = await page
      .getByRole('list', { name: 'ค่ายเกมยอดนิยม', exact: true })
      .getByRole('button')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
    expect(tiles.length).toBeGreaterThan(0)
    for (const label of tiles) expect(label?.startsWith(PROVIDER_TITLE)).toBe(true)

    // Nothing ran and nothing was injected: no dialog, no flag set by a payload, none of the payloads' elements.
    expect(dialogs).toEqual([])
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(await page.locator('img[src="x"], svg[onload], b[onmouseover], [onerror], [onload], [onmouseover]').count()).toBe(0)
    // The only inline script blocks are data (the inlined site metadata), never code.
    const inlineScripts = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.type))
    expect(inlineScripts.every((type) => type === 'application/json')).toBe(true)
    // And the page text shows the payloads literally ({{7*7}} was not evaluated, $& not substituted).
    const text = await page.locator('body').innerText()
    expect(text).toContain(NAME_PAYLOADS.first)
    expect(text).toContain(PROMO_TITLE)
    expect(await page.locator('.promo__name').textContent()).toBe(PROMO_TITLE)
  }, 60_000)
})
