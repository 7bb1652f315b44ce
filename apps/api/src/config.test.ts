import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('gives working defaults on an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', OTP_REQUIRED: true, SMS_PROVIDER: 'console', SEED_DEMO: true })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '9000', OTP_REQUIRED: 'false', DATABASE_URL: '', DATA_DIR: '/var/sanam' })
    expect(config).toMatchObject({ PORT: 9000, OTP_REQUIRED: false, DATA_DIR: '/var/sanam' })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('stops with one list naming every bad variable', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', OTP_REQUIRED: 'maybe', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'http' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    for (const name of ['PORT', 'OTP_REQUIRED', 'DATABASE_URL', 'SMS_HTTP_URL', 'SMS_HTTP_KEY']) expect(problems).toContain(name)
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/)
  })

  it('keeps sessions in memory 30 s by default, 0 turns the cache off, and more than 5 minutes is refused', () => {
    expect(loadConfig({}).SESSION_CACHE_SECONDS).toBe(30)
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).SESSION_CACHE_SECONDS).toBe(0)
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '301' })).toThrow(/SESSION_CACHE_SECONDS/)
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '-1' })).toThrow(/SESSION_CACHE_SECONDS/)
  })
})

describe('seamless signature schemes (ADR 015)', () => {
  it('signs with the timestamped scheme unless a provider is set to the body-only one; a wrong value stops start-up', () => {
    const config = loadConfig({ SEAMLESS_SIGNATURE_JILI: 'body' })
    expect(config.seamlessSignature('pgsoft')).toBe('timestamped')
    expect(config.seamlessSignature('jili')).toBe('body')
    expect(() => loadConfig({ SEAMLESS_SIGNATURE_JILI: 'none' })).toThrow(/SEAMLESS_SIGNATURE_JILI: must be timestamped or body/)
    expect(() => loadConfig({ SEAMLESS_SIGNATURE: 'off' })).toThrow(/SEAMLESS_SIGNATURE/)
  })
})
