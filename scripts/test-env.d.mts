// Types of scripts/test-env.mjs for the TypeScript that imports it (the vitest configurations, e2e/support).

export interface ServiceChoice {
  kind: 'postgres' | 'redis'
  /** 'PostgreSQL' or 'Redis'. */
  name: string
  /** The server the tests use; undefined when they leave it out. */
  url: string | undefined
  /** Where the URL came from: the variable's name, or 'local default'. */
  source?: string
  /** Why the service is left out. */
  reason?: string
}

export interface ServiceChoices {
  postgres: ServiceChoice
  redis: ServiceChoice
}

export interface ChromiumChoice {
  path: string | undefined
  /** 'CHROME_PATH', 'system' or "Playwright's cache". */
  source?: string
  /** Whether it is a headless shell (chromium-headless-shell), the cheaper build the tests prefer. */
  headlessShell?: boolean
  /** Set when none was found: CHROME_PATH named a missing file. */
  explicit?: boolean
  reason?: string
}

export const LOCAL_POSTGRES: string
export const LOCAL_REDIS: string
export const SYSTEM_HEADLESS_SHELL: string
export const SYSTEM_CHROMIUM: string
export function isHeadlessShell(file: string): boolean
export const BROWSER_PACKAGES: string[]

export function resolveService(kind: 'postgres' | 'redis', env?: NodeJS.ProcessEnv): Promise<ServiceChoice>
export function resolveServices(env?: NodeJS.ProcessEnv): Promise<ServiceChoices>
export function exportServices(choices: ServiceChoices, env?: NodeJS.ProcessEnv): void
export function redact(url: string): string
export function findChromium(env?: NodeJS.ProcessEnv, options?: { exists?: (file: string) => boolean }): ChromiumChoice
export function chromiumPath(env?: NodeJS.ProcessEnv): string
export function hasThaiFonts(): boolean
export function installCommand(packages?: string[]): string
