/**
 * The browser-suite fixture (issue 19): the server, Chromium, the phone and desktop pages and their teardown, written
 * once. A spec states what it tests:
 *
 *   const suite = useBrowserSuite()                                      // the run's shared server
 *   const suite = useBrowserSuite({ server: { env: { X: '1' } } })       // a server of its own, with this env
 *   const suite = useBrowserSuite({ server: (dataDir) => startServer(…) }) // its own, started its own way on a data
 *                                                                        // directory the fixture makes and removes
 *
 *   const { page, problems } = await suite.phone()                   // a fresh phone context, closed after the test
 *   await suite.phone({ player: DEMO })                                // signed in (API login, token in sessionStorage)
 *   await suite.phone({ player: token, baseUrl: other.baseUrl })       // a token; another server
 *   const { player, token, page } = await suite.newPlayerPhone('ใหม่')  // a new player, signed in on a phone
 *   await suite.desktop()                                              // desktop size, for the back-office
 *   await suite.operatorPage()                                         // the back-office, signed in as the owner (TOTP)
 *   suite.baseUrl, suite.server and await suite.operatorToken() (own server only, ADR 053)
 *
 * The shared server (e2e/support/shared-server.ts, a vitest globalSetup) starts when the first spec of the run asks for it
 * (a run of specs with servers of their own never starts it) and runs until the end of the run, with the default
 * environment (demo mode, OTP_REQUIRED=true, the e2e owner enrolled in TOTP). A spec may use it when it needs no special
 * environment, kills or restarts nothing and moves no clock; it must not depend on what other specs leave there: it
 * registers its own players (registerPlayer), and uses the seeded demo player only to read. Anything else starts its own.
 *
 * `problems` collects page errors and console errors; the browser's own "Failed to load resource … 4xx" lines are left
 * out (tests cause those on purpose) unless `strictConsole` is set.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { launchBrowser, newDesktopContext, newPhoneContext } from './browser.ts'
import { operatorToken } from './operator.ts'
import { loginToken, registerPlayer, type TestPlayer } from './player.ts'
import { startServer, type RunningServer, type ServerOptions } from './server.ts'

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Page errors and console errors seen so far (see `strictConsole`). */
  problems: string[]
}

export interface PageOptions {
  /** Another server than the suite's (a test's second server). */
  baseUrl?: string
  /** Signed in as this player: a session token, or a mobile and password signed in through the API first. */
  player?: string | { mobile: string; password: string }
  /** Signed in to the back-office with this operator token. */
  operator?: string
  /** Count the browser's own "Failed to load resource … 4xx" console lines as problems too. */
  strictConsole?: boolean
}

export interface BrowserSuite {
  /** The server's `http://127.0.0.1:<port>`. */
  readonly baseUrl: string
  /** The suite's own server (not available on the shared one, which no spec may stop or kill). */
  readonly server: RunningServer
  /** Chromium, launched on first use and closed after the file. */
  browser(): Promise<Browser>
  /** A fresh phone-sized page in Thai and Bangkok time; its context is closed after the test. */
  phone(options?: PageOptions): Promise<OpenedPage>
  /** A fresh desktop-sized page; its context is closed after the test. */
  desktop(options?: PageOptions): Promise<OpenedPage>
  /** A new player (registered with this first name), their API session token, and a fresh phone page signed in with it. */
  newPlayerPhone(firstname: string): Promise<OpenedPage & { player: TestPlayer; token: string }>
  /** The owner's back-office session on the suite's server (signed in once, with a fresh TOTP code). */
  operatorToken(): Promise<string>
  /** A desktop page signed in to the back-office as the owner, opened at `path`. */
  operatorPage(path?: string): Promise<OpenedPage>
}

export interface SuiteOptions {
  /**
   * Omitted: the shared server. Options: a server of the file's own. A function: the file's own server, started by it
   * (on `dataDir`, a fresh directory removed after the server has stopped, for a server that is restarted on its data).
   */
  server?: ServerOptions | ((dataDir: string) => Promise<RunningServer>)
  /** false: the suite's Chromium sees none of the machine's Thai fonts (a phone or PC without one). */
  thaiSystemFonts?: boolean
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a spec asks for the shared e2e server, which starts on the first request (e2e/support/shared-server.ts). */
    sharedServerControl: string
  }
}

const SESSION_KEY = 'sanam.session'
const OPERATOR_KEY = 'sanam.backoffice.token'

export function useBrowserSuite(options: SuiteOptions = {}): BrowserSuite {
  let own: RunningServer | undefined
  let dataDir: string | undefined
  let baseUrl: string | undefined
  let browser: Promise<Browser> | undefined
  let ownerToken: Promise<string> | undefined
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    if (options.server === undefined) {
      baseUrl = await sharedServerUrl()
      return
    }
    if (typeof options.server === 'function') own = await options.server((dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-e2e-'))))
    else own = await startServer(options.server)
    baseUrl = own.baseUrl
    // A custom start may start and stop servers before its own (and the machine may be loaded): a hang, not slowness.
  }, 300_000)
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()))
  })
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()))
    await (await browser?.catch(() => undefined))?.close()
    await own?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const suite: BrowserSuite = {
    get baseUrl() {
      if (!baseUrl) throw new Error('the suite has no server yet (use it inside hooks and tests)')
      return baseUrl
    },
    get server() {
      if (!own) throw new Error(options.server === undefined ? 'the shared server is not the suite’s own' : 'the suite’s server has not started')
      return own
    },
    browser: () => (browser ??= launchBrowser({ thaiSystemFonts: options.thaiSystemFonts ?? true })),
    phone: (pageOptions) => open(newPhoneContext, pageOptions),
    desktop: (pageOptions) => open(newDesktopContext, pageOptions),
    async newPlayerPhone(firstname) {
      const player = await registerPlayer(suite.baseUrl, { firstname })
      const token = await loginToken(suite.baseUrl, player)
      return { player, token, ...(await suite.phone({ player: token })) }
    },
    operatorToken: () => (ownerToken ??= operatorToken(suite.baseUrl)),
    async operatorPage(path = '/backoffice/') {
      const opened = await suite.desktop({ operator: await suite.operatorToken() })
      await opened.page.goto(path)
      return opened
    },
  }

  async function open(newContext: (browser: Browser, baseUrl: string) => Promise<BrowserContext>, pageOptions: PageOptions = {}): Promise<OpenedPage> {
    const base = pageOptions.baseUrl ?? suite.baseUrl
    const player = typeof pageOptions.player === 'object' ? await loginToken(base, pageOptions.player) : pageOptions.player
    const context = await newContext(await suite.browser(), base)
    contexts.push(context)
    if (player !== undefined)
      await context.addInitScript(
        ({ key, token }) => {
          if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, btoa(JSON.stringify({ v: 1, t: token })))
        },
        { key: SESSION_KEY, token: player },
      )
    if (pageOptions.operator !== undefined)
      await context.addInitScript(({ key, token }) => sessionStorage.setItem(key, token), { key: OPERATOR_KEY, token: pageOptions.operator })
    const page = await context.newPage()
    return { context, page, problems: watchProblems(page, pageOptions.strictConsole ?? false) }
  }

  return suite
}

/** The run's shared server's base URL: the globalSetup starts it for the first spec that asks, then answers at once. */
async function sharedServerUrl(): Promise<string> {
  const control = inject('sharedServerControl')
  if (!control) throw new Error('no shared e2e server: run with --config e2e/vitest.config.ts (its globalSetup offers it)')
  const answer = await fetch(control)
  const text = await answer.text()
  if (!answer.ok) throw new Error(`the shared e2e server did not start: ${text}`)
  return text
}

/** Records the page's script errors and console errors (the browser's 4xx resource lines only when `strict`). */
export function watchProblems(page: Page, strict = false): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (!strict && /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return
    problems.push(`console error: ${message.text()}`)
  })
  return problems
}
