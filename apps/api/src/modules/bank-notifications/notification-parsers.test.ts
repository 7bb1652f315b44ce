import { describe, expect, it } from 'vitest'
import { accountMatches, parseSenderAccount } from '../deposits/account-match.ts'
import { FIXTURES, OCCURRED_AT, PAY_IN, RECEIVED_AT } from './notification-fixtures.ts'
import { bankOfSender, parseNotification, payInMaskMatches, satangOfText } from './notification-parsers.ts'

describe.each(Object.entries(FIXTURES))('%s notifications', (bank, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const parsed = parseNotification({ text: fixture.text, sender: fixture.sender, receivedAt: RECEIVED_AT })
    const { expect: wanted } = fixture
    expect(parsed.kind).toBe(wanted.kind)
    if (wanted.kind === 'INCOMING' && parsed.kind === 'INCOMING') {
      const { kind: _kind, timeFrom, language, ...facts } = wanted
      expect(parsed.language).toBe(language)
      expect(parsed.facts).toMatchObject({ ...facts, timeFrom })
      expect(parsed.facts.occurredAt).toEqual(timeFrom === 'text' ? OCCURRED_AT : RECEIVED_AT)
      // The mask names this bank's pay-in account, and the sender, when shown, is read as the matcher reads it.
      expect(payInMaskMatches(parsed.facts.toAccountMask!, PAY_IN[bank as keyof typeof PAY_IN])).toBe(true)
      if (parsed.facts.fromAccount) expect(parseSenderAccount(parsed.facts.fromAccount)?.kind).toBe('masked')
    }
    if (wanted.kind === 'OUTGOING' && parsed.kind === 'OUTGOING') expect(parsed).toMatchObject(wanted)
    if ((wanted.kind === 'IGNORED' || wanted.kind === 'UNPARSED') && (parsed.kind === 'IGNORED' || parsed.kind === 'UNPARSED')) {
      expect(parsed.reason).toBe(wanted.reason)
    }
  })
})

describe('reading a notification', () => {
  it('reads every bank in both languages, incoming and outgoing', () => {
    for (const fixtures of Object.values(FIXTURES)) {
      const kinds = new Set(fixtures.map((f) => `${f.expect.kind}:${'language' in f.expect ? f.expect.language : ''}`))
      for (const wanted of ['INCOMING:th', 'INCOMING:en', 'OUTGOING:th', 'OUTGOING:en']) expect(kinds.has(wanted)).toBe(true)
    }
  })

  it('never guesses the bank from the text: an unknown or look-alike sender is not read', () => {
    const text = FIXTURES.kbank[0]!.text
    expect(parseNotification({ text, sender: '+66812345678', receivedAt: RECEIVED_AT })).toEqual({ kind: 'UNPARSED', bank: null, reason: 'UNKNOWN_SENDER' })
    expect(bankOfSender('KBank-Promo')).toBeNull()
    expect(bankOfSender(' kbank ')).toBe('004')
    // Another bank's wording from KBank's sender is not an incoming transfer.
    expect(parseNotification({ text: FIXTURES.scb[0]!.text, sender: 'KBank', receivedAt: RECEIVED_AT }).kind).toBe('UNPARSED')
  })

  it('reads only the whole text: words added before or after an incoming notice make it unreadable', () => {
    const text = FIXTURES.kbank[0]!.text
    expect(parseNotification({ text: `ข่าวดี ${text}`, sender: 'KBank', receivedAt: RECEIVED_AT }).kind).toBe('UNPARSED')
    expect(parseNotification({ text: `${text} กดรับที่ลิงก์ https://example.com`, sender: 'KBank', receivedAt: RECEIVED_AT }).kind).toBe('UNPARSED')
  })

  it('takes line breaks and doubled spaces a forwarder adds as one space', () => {
    const parsed = parseNotification({ text: '29/11/69 09:15 บชX123456X\nรับโอนจากX654321X  1,500.00บ', sender: 'KBank', receivedAt: RECEIVED_AT })
    expect(parsed.kind === 'INCOMING' && parsed.facts.amount).toBe(150_000n)
  })

  it('reads a two-digit year as Buddhist or Common era, whichever is nearer the phone, and refuses an impossible date', () => {
    const be = parseNotification({ text: '31/12/69 23:59 บชX123456X เงินเข้า1.00บ', sender: 'KBank', receivedAt: new Date('2027-01-01T00:00:00Z') })
    expect(be.kind === 'INCOMING' && be.facts.occurredAt.toISOString()).toBe('2026-12-31T16:59:00.000Z')
    const impossible = parseNotification({ text: '31/02/69 09:15 บชX123456X เงินเข้า1.00บ', sender: 'KBank', receivedAt: RECEIVED_AT })
    expect(impossible.kind).toBe('UNPARSED')
  })

  it('gives a date without a year (SCB) the year that puts it at or before the phone, across New Year', () => {
    const parsed = parseNotification({ text: '31/12@23:58 100.00 จากKBNK/x654321เข้าx354011', sender: 'SCB', receivedAt: new Date('2026-12-31T17:01:00Z') })
    expect(parsed.kind === 'INCOMING' && parsed.facts.occurredAt.toISOString()).toBe('2026-12-31T16:58:00.000Z')
  })

  it('reads amounts exactly from their decimal text', () => {
    expect(satangOfText('1,234,567.89')).toBe(123_456_789n)
    expect(satangOfText('0.1')).toBe(10n)
    expect(satangOfText('1000')).toBe(100_000n)
    expect(satangOfText('9007199254740993.01')).toBe(900_719_925_474_099_301n)
    for (const bad of ['1,23.00', '12,3456.00', '1.234', '', '-5.00', '1e3']) expect(satangOfText(bad)).toBeNull()
  })

  it('matches a pay-in mask by its visible digits only, and needs four of them', () => {
    expect(payInMaskMatches('X123456X', '0123456789')).toBe(true)
    expect(payInMaskMatches('X123456X', '0123457789')).toBe(false)
    expect(payInMaskMatches('x354011', '111-2-35401-1')).toBe(true)
    expect(payInMaskMatches('X12X', '0123456789')).toBe(false)
  })

  it("writes a KBank sender's six digits where they sit in a ten-digit account", () => {
    const parsed = parseNotification({ text: FIXTURES.kbank[0]!.text, sender: 'KBank', receivedAt: RECEIVED_AT })
    const sender = parseSenderAccount(parsed.kind === 'INCOMING' ? parsed.facts.fromAccount! : '')
    expect(accountMatches(sender, '0654321987')).toBe(true)
    expect(accountMatches(sender, '6543210987')).toBe(false)
  })
})
