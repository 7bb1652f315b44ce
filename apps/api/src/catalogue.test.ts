import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { errorCatalogue, errorCodes, messageCatalogue, msg, type MessageId } from '@sanam/contract'
import { describe, expect, it } from 'vitest'

/** Thai letters; the baht sign ฿ (U+0E3F) is a symbol used in any language. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/

const SRC = import.meta.dirname

/**
 * Files whose Thai is content, not a message: demo data a fresh install is seeded with and the titles a bank statement
 * puts before a name and the banks' notification wordings with their invented samples (matched, never shown, ADR 080).
 * The demo provider's own texts (a game provider's page, in Thai and
 * English, keyed by id) live in its workspace, apps/demo-provider (ADR 034).
 */
const CONTENT_FILES = new Set([
  'seed.ts',
  'modules/promotions/promotions-seed.ts',
  'modules/deposits/account-match.ts',
  'modules/bank-notifications/notification-parsers.ts',
  'modules/bank-notifications/notification-fixtures.ts',
])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const sources = sourceFiles(SRC).map((path) => ({ file: relative(SRC, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }))

describe('the message catalogue', () => {
  it('gives every error code a Thai default', () => {
    for (const code of errorCodes) expect(errorCatalogue[code].message, code).toMatch(THAI)
  })

  it('has Thai for every message id, with its values filled in', () => {
    for (const [id, entry] of Object.entries(messageCatalogue)) {
      // Every value 1n, but a desk action (ADR 075), which names one of the desk's actions.
      const values = new Proxy({}, { get: (_, key) => (key === 'action' ? 'money' : 1n) })
      const text = typeof entry === 'string' ? entry : (entry as (params: unknown) => string)(values)
      expect(text, id).toMatch(THAI)
    }
    expect(msg('WITHDRAWAL_BELOW_MIN', { min: 100 })).toBe('ยอดถอนขั้นต่ำ 100 บาท')
    expect(msg('PROMOTION_BELOW_MIN_DEPOSIT', { limit: 10_050n })).toBe('โปรโมชั่นนี้ต้องฝากขั้นต่ำ 100.5 บาท')
  })

  it('shows every amount as the apps do: thousands separated (issue 36)', () => {
    expect(msg('PROMOTION_WITHDRAW_BLOCKED', { left: msg('PROMOTION_TARGET_TURNOVER', { left: 150_000n }) })).toBe(
      'ยังถอนไม่ได้ เนื่องจากยังทำยอดโปรโมชั่นไม่ครบ (ยอดเล่นอีก 1,500 บาท)',
    )
    expect(msg('PROMOTION_TARGET_CREDIT', { target: 250_050n })).toBe('ยอดเงินต้องถึง 2,500.5 บาท')
    expect(msg('WITHDRAWAL_PROMOTION_AMOUNT', { value: 300_000n })).toContain('ยอดถอน 3,000 บาท')
    expect(msg('WITHDRAWAL_BELOW_MIN', { min: 1500 })).toBe('ยอดถอนขั้นต่ำ 1,500 บาท')
    expect(msg('DEPOSIT_BELOW_MIN', { min: 1000 })).toBe('ยอดฝากขั้นต่ำ 1,000 บาท')
  })

  it('has no message id the server never uses', () => {
    // The contract's request schemas use some too (the seamless bodies' refusals, ADR 017).
    const schemas = sourceFiles(join(SRC, '../../../packages/contract/src/schemas')).map((path) => readFileSync(path, 'utf8'))
    const all = [...sources.map((s) => s.text), ...schemas].join('\n')
    const unused = (Object.keys(messageCatalogue) as MessageId[]).filter((id) => !all.includes(`'${id}'`))
    expect(unused).toEqual([])
  })

  it('leaves no Thai written inline in the server outside the content files', () => {
    const inline = sources
      .filter((s) => !CONTENT_FILES.has(s.file))
      .flatMap((s) => s.text.split('\n').flatMap((line, i) => (THAI.test(line) ? [`${s.file}:${i + 1}: ${line.trim()}`] : [])))
    expect(inline).toEqual([])
  })
})
