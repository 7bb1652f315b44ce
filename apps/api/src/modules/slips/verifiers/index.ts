// The slip verifier an install is configured with (ADR 084): SLIP_VERIFIER and its vendor's variables, read by
// config.ts (`slipVerifierSettings`), turned into an adapter here. `none` is what a real-money install without a
// verifier gets: slips are then unavailable (the slip flow answers 503 in Thai), never accepted unchecked. `demo` is
// demo mode's verifier, built by the slip flow from the demo bank's own transfers (it is not a vendor).
import { readFileSync } from 'node:fs'
import { ConfigError, slipVerifierSettings, type SlipVerifierSettings } from '../../../config.ts'
import type { SlipVerifier } from '../slip-verifier.ts'
import { createEasySlipVerifier } from './easyslip.ts'
import { createKBankVerifier } from './kbank.ts'
import { createScbVerifier } from './scb.ts'
import { createSlip2GoVerifier } from './slip2go.ts'
import { createSlipOkVerifier } from './slipok.ts'
import type { AdapterDeps } from './vendor-http.ts'

export { createEasySlipVerifier } from './easyslip.ts'
export { createKBankVerifier } from './kbank.ts'
export { createScbVerifier } from './scb.ts'
export { createSlip2GoVerifier } from './slip2go.ts'
export { createSlipOkVerifier } from './slipok.ts'

export type SlipVerifierChoice =
  /** No verifier configured: slip deposits are unavailable. */
  | { kind: 'none' }
  /** Demo mode: the slip flow answers from the demo bank. */
  | { kind: 'demo' }
  /** A vendor adapter; `close` ends its kept-alive connections (KBank's mutual-TLS agent). */
  | { kind: 'vendor'; verifier: SlipVerifier; close(): void }

/** True when no verifier is configured, so slips must be refused as unavailable (fail closed). */
export const noSlipVerifier = (choice: SlipVerifierChoice): choice is { kind: 'none' } => choice.kind === 'none'

/** The adapter for configured settings. `readFile` reads KBank's PEM files (tests pass their own). */
export function createSlipVerifier(settings: SlipVerifierSettings, deps: AdapterDeps & { readFile?: (file: string) => string } = {}): SlipVerifierChoice {
  const read = deps.readFile ?? ((file: string) => readFileSync(file, 'utf8'))
  const adapters: AdapterDeps = { ...(deps.fetch ? { fetch: deps.fetch } : {}), ...(deps.clock ? { clock: deps.clock } : {}) }
  const vendor = (verifier: SlipVerifier, close = () => {}): SlipVerifierChoice => ({ kind: 'vendor', verifier, close })
  switch (settings.kind) {
    case 'none':
    case 'demo':
      return { kind: settings.kind }
    case 'easyslip':
      return vendor(createEasySlipVerifier(settings, adapters))
    case 'slipok':
      return vendor(createSlipOkVerifier(settings, adapters))
    case 'slip2go':
      return vendor(createSlip2GoVerifier(settings, adapters))
    case 'scb':
      return vendor(createScbVerifier(settings, adapters))
    case 'kbank': {
      const { certFile, keyFile, caFile } = settings.tls
      const tls = { cert: read(certFile), key: read(keyFile), ...(caFile ? { ca: read(caFile) } : {}) }
      const verifier = createKBankVerifier({ ...settings, tls }, adapters)
      return vendor(verifier, () => verifier.close())
    }
  }
}

/**
 * The verifier the environment configures, for code that has no loaded Config at hand (the lead wires the app from
 * `config.slipVerifier` with createSlipVerifier). The mode is read as loadConfig reads it. Throws ConfigError listing
 * every problem.
 */
export function slipVerifierFromEnv(
  env: Record<string, string | undefined> = process.env,
  deps: AdapterDeps & { readFile?: (file: string) => string } = {},
): SlipVerifierChoice {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const demo = cleaned.SANAM_MODE === 'demo' || (!cleaned.SANAM_MODE && !cleaned.DATABASE_URL)
  const { settings, problems } = slipVerifierSettings(cleaned, demo)
  if (problems.length > 0) throw new ConfigError(problems)
  return createSlipVerifier(settings, deps)
}
