import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, slipVerifierSettings } from '../../../config.ts'
import { fixture, startFakeVendor } from '../../../../test/fake-vendor.ts'
import { parseSlipPayload } from '../slip-payload.ts'
import { createSlipVerifier, noSlipVerifier, slipVerifierFromEnv } from './index.ts'
import { bangkokInstantOf, maskedAccount, satangOf } from './vendor-http.ts'

const PRODUCTION = { SANAM_MODE: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x' }
const pems = mkdtempSync(path.join(tmpdir(), 'sanam-kbank-files-'))
for (const name of ['client.crt', 'client.key', 'ca.crt']) writeFileSync(path.join(pems, name), `${name} (a placeholder, not a PEM)`)
afterAll(() => rmSync(pems, { recursive: true, force: true }))
const KBANK = {
  SLIP_VERIFIER: 'kbank',
  KBANK_URL: 'https://openapi.kasikornbank.com',
  KBANK_CLIENT_ID: 'id',
  KBANK_CLIENT_SECRET: 'secret',
  KBANK_TLS_CERT_FILE: path.join(pems, 'client.crt'),
  KBANK_TLS_KEY_FILE: path.join(pems, 'client.key'),
}

describe('SLIP_VERIFIER', () => {
  it('is none outside demo mode when unset (slips unavailable), demo in demo mode', () => {
    expect(slipVerifierFromEnv(PRODUCTION)).toEqual({ kind: 'none' })
    expect(noSlipVerifier(slipVerifierFromEnv(PRODUCTION))).toBe(true)
    expect(slipVerifierFromEnv({})).toEqual({ kind: 'demo' })
    expect(slipVerifierFromEnv({ ...PRODUCTION, SLIP_VERIFIER: 'none' })).toEqual({ kind: 'none' })
  })

  it('refuses the demo verifier outside demo mode, and a name it does not know', () => {
    expect(() => slipVerifierFromEnv({ ...PRODUCTION, SLIP_VERIFIER: 'demo' })).toThrow(/SLIP_VERIFIER: demo .* not allowed outside demo mode/)
    expect(() => slipVerifierFromEnv({ SLIP_VERIFIER: 'kasikorn' })).toThrow(/SLIP_VERIFIER: must be one of easyslip, slipok/)
  })

  it("lists every variable the chosen vendor needs, and only that vendor's", () => {
    const problems = (env: Record<string, string>) => slipVerifierSettings(env, false).problems
    expect(problems({ SLIP_VERIFIER: 'easyslip' })).toEqual(['EASYSLIP_API_KEY: required with SLIP_VERIFIER=easyslip'])
    expect(problems({ SLIP_VERIFIER: 'slipok', SLIPOK_API_KEY: 'k' })).toEqual(['SLIPOK_BRANCH_ID: required with SLIP_VERIFIER=slipok'])
    expect(problems({ SLIP_VERIFIER: 'slip2go' })).toEqual(['SLIP2GO_SECRET_KEY: required with SLIP_VERIFIER=slip2go'])
    expect(problems({ SLIP_VERIFIER: 'scb', SCB_API_KEY: 'k' })).toEqual([
      'SCB_URL: required with SLIP_VERIFIER=scb',
      'SCB_API_SECRET: required with SLIP_VERIFIER=scb',
    ])
    expect(problems({ SLIP_VERIFIER: 'kbank' })).toHaveLength(5)
    expect(problems({ SLIP_VERIFIER: 'slip2go', SLIP2GO_SECRET_KEY: 's', EASYSLIP_URL: 'http://example.com' })).toEqual([])
  })

  it('refuses a vendor URL that is not https (loopback aside) and a KBank file it cannot read', () => {
    const { problems } = slipVerifierSettings({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k', EASYSLIP_URL: 'http://api.easyslip.com/v2' }, false)
    expect(problems).toEqual(["EASYSLIP_URL: must be https:// (the vendor's key travels with every request)"])
    expect(slipVerifierSettings({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k', EASYSLIP_URL: 'http://127.0.0.1:9/v2' }, false).problems).toEqual([])
    expect(slipVerifierSettings({ ...KBANK, KBANK_TLS_CA_FILE: path.join(pems, 'missing.crt') }, false).problems).toEqual([
      `KBANK_TLS_CA_FILE: cannot read ${path.join(pems, 'missing.crt')}`,
    ])
  })

  it('reads each vendor with its defaults', () => {
    expect(slipVerifierSettings({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k' }, false).settings).toEqual({
      kind: 'easyslip',
      timeoutMs: 8000,
      url: 'https://api.easyslip.com/v2',
      apiKey: 'k',
    })
    expect(slipVerifierSettings({ ...KBANK, KBANK_NOT_FOUND_CODES: 'A1,B2', SLIP_VERIFIER_TIMEOUT_MS: '3000' }, false).settings).toEqual({
      kind: 'kbank',
      timeoutMs: 3000,
      url: 'https://openapi.kasikornbank.com',
      tokenPath: '/v2/oauth/token',
      clientId: 'id',
      clientSecret: 'secret',
      tls: { certFile: KBANK.KBANK_TLS_CERT_FILE, keyFile: KBANK.KBANK_TLS_KEY_FILE },
      notFoundStatusCodes: ['A1', 'B2'],
    })
  })

  it('builds a working adapter from the environment', async () => {
    const vendor = await startFakeVendor({ 'POST /api/verify-slip/qr-code/info': fixture('slip2go', 'verified') })
    try {
      const choice = slipVerifierFromEnv({ ...PRODUCTION, SLIP_VERIFIER: 'slip2go', SLIP2GO_SECRET_KEY: 's', SLIP2GO_URL: `${vendor.url}/api` })
      if (choice.kind !== 'vendor') throw new Error('expected a vendor')
      expect(choice.verifier.name).toBe('slip2go')
      const payload = '0041000600000101030040220013071152533APM077365102TH91048134'
      const parsed = parseSlipPayload(payload)
      if (!parsed.ok) throw new Error('payload')
      expect(await choice.verifier.verify({ payload, slip: parsed.slip })).toMatchObject({ outcome: 'VERIFIED', slip: { amount: 100115n } })
    } finally {
      await vendor.close()
    }
  })

  it('reads KBank PEM files through the given reader', () => {
    const read: string[] = []
    const choice = createSlipVerifier(slipVerifierSettings(KBANK, false).settings, {
      readFile: (file) => {
        read.push(path.basename(file))
        return ''
      },
    })
    expect(choice.kind).toBe('vendor')
    expect(read).toEqual(['client.crt', 'client.key'])
    if (choice.kind === 'vendor') choice.close()
  })

  it('throws a ConfigError naming every problem', () => {
    expect(() => slipVerifierFromEnv({ ...PRODUCTION, SLIP_VERIFIER: 'scb' })).toThrow(ConfigError)
  })
})

describe('reading vendor values', () => {
  it('turns any amount of baht and satang, as a JSON number or text, into exact satang', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 100_000_000_000n }), (satang) => {
        const text = `${satang / 100n}.${String(satang % 100n).padStart(2, '0')}`
        expect(satangOf(text)).toBe(satang)
        expect(satangOf(Number(text))).toBe(satang)
      }),
    )
    expect([satangOf(0.1 + 0.2), satangOf('1,000.00'), satangOf(-1), satangOf(0), satangOf(Number.NaN)]).toEqual([null, null, null, null, null])
  })

  it('reads a slip time as Bangkok time and refuses a day that does not exist', () => {
    expect(bangkokInstantOf('20261129', '00:05:00')).toEqual(new Date('2026-11-28T17:05:00Z'))
    expect(bangkokInstantOf('2026-11-29', '00:05:00')).toEqual(new Date('2026-11-28T17:05:00Z'))
    expect(bangkokInstantOf('20260231', '10:00:00')).toBeNull()
    expect(bangkokInstantOf('20261129', '25:00:00')).toBeNull()
  })

  it('keeps masked accounts without dashes, and nothing that is not an account', () => {
    expect(maskedAccount('xxx-x-x1234-x')).toBe('xxxxx1234x')
    expect(maskedAccount('XXX-X-X1234-X')).toBe('XXXXX1234X')
    expect(maskedAccount('***-*-*1234-*')).toBe('*****1234*')
    expect(maskedAccount('')).toBeNull()
    expect(maskedAccount('Somchay Slip2go')).toBeNull()
  })
})
