import fc from 'fast-check'
import { checksum, encode, tag } from 'promptparse'
import { describe, expect, it } from 'vitest'
import { parseSlipPayload, slipPayloadOf, type SlipPayload } from './slip-payload.ts'

/** The two published vectors of the bank layout (issue 37). */
const KBANK_STYLE = '004000060000010103002021900021231231212000115102TH91049C30'
const BBL_STYLE = '0041000600000101030040220013071152533APM077365102TH91048134'

/** A payload with its CRC recomputed, to show that a refusal is for the reason named and not for the checksum. */
const withCrc = (body: string, upperCase = true) => `${body}9104${checksum(`${body}9104`, upperCase)}`
/** A bank-layout body (before the CRC) with these field values, lengths written right. */
const bankBody = (apiId: string, bank: string, reference: string, country = 'TH') =>
  encode([tag('00', encode([tag('00', apiId), tag('01', bank), tag('02', reference)])), tag('51', country)])

describe('the mini-QR of a transfer slip', () => {
  it('reads the sending bank and the reference of the published vectors', () => {
    expect(parseSlipPayload(KBANK_STYLE)).toEqual({ ok: true, slip: { layout: 'bank', sendingBank: '002', reference: '0002123123121200011' } })
    expect(parseSlipPayload(BBL_STYLE)).toEqual({ ok: true, slip: { layout: 'bank', sendingBank: '004', reference: '013071152533APM07736' } })
  })

  it('refuses a payload whose CRC does not match', () => {
    expect(parseSlipPayload(KBANK_STYLE.replace(/9C30$/, '9C31'))).toEqual({ ok: false, reason: 'CRC' })
    // one digit of the reference changed, the CRC left as it was
    expect(parseSlipPayload(KBANK_STYLE.replace('0002123123', '0002123124'))).toEqual({ ok: false, reason: 'CRC' })
  })

  it('pads back a CRC printed without its leading zeros', () => {
    const slip: SlipPayload = { layout: 'bank', sendingBank: '014', reference: 'ABCDE12345' }
    // find a reference whose CRC starts with a zero, as some bank apps then print it short
    const reference = Array.from({ length: 5000 }, (_, i) => `REF${String(i).padStart(10, '0')}`).find((ref) =>
      slipPayloadOf({ ...slip, reference: ref })
        .slice(-4)
        .startsWith('0'),
    )!
    const full = slipPayloadOf({ ...slip, reference })
    const short = full.slice(0, -4) + full.slice(-4).replace(/^0+/, '')
    expect(short.length).toBeLessThan(full.length)
    expect(parseSlipPayload(short)).toEqual({ ok: true, slip: { ...slip, reference } })
  })

  it('refuses another API id, a bad bank code, a reference out of shape and another country', () => {
    expect(parseSlipPayload(withCrc(bankBody('000001', '002', '0002123123121200011')))).toMatchObject({ ok: true })
    expect(parseSlipPayload(withCrc(bankBody('000002', '002', '0002123123121200011')))).toEqual({ ok: false, reason: 'API_ID' })
    expect(parseSlipPayload(withCrc(bankBody('000001', '02X', '0002123123121200011')))).toEqual({ ok: false, reason: 'BANK' })
    expect(parseSlipPayload(withCrc(bankBody('000001', '002', '000212312')))).toEqual({ ok: false, reason: 'REFERENCE' })
    expect(parseSlipPayload(withCrc(bankBody('000001', '002', '0002123123121200011x')))).toEqual({ ok: false, reason: 'REFERENCE' })
    expect(parseSlipPayload(withCrc(bankBody('000001', '002', '0002123123121200011', 'LA')))).toEqual({ ok: false, reason: 'NOT_A_SLIP' })
  })

  it('refuses trailing data, a cut payload, a length that overruns and a PromptPay payment QR', () => {
    expect(parseSlipPayload(`${KBANK_STYLE}00`)).toEqual({ ok: false, reason: 'MALFORMED' })
    expect(parseSlipPayload(withCrc(bankBody('000001', '002', '0002123123121200011')) + 'X')).toEqual({ ok: false, reason: 'MALFORMED' })
    expect(parseSlipPayload(KBANK_STYLE.slice(0, 30))).toEqual({ ok: false, reason: 'MALFORMED' })
    expect(parseSlipPayload(withCrc('009900060000010103002021900021231231212000115102TH'))).toEqual({ ok: false, reason: 'MALFORMED' })
    expect(parseSlipPayload('')).toEqual({ ok: false, reason: 'MALFORMED' })
    // a PromptPay QR is EMVCo too, with a valid CRC under tag 63: not a slip
    expect(parseSlipPayload('00020101021129370016A0000006770101110113006680111111153037645802TH540520.15630442BE')).toEqual({
      ok: false,
      reason: 'MALFORMED',
    })
  })

  it('reads a TrueMoney slip (no country tag, a lower-case CRC) and refuses an impossible date', () => {
    const slip: SlipPayload = { layout: 'truemoney', eventType: 'P2P', reference: '50000012345678', date: '2026-11-29' }
    const payload = slipPayloadOf(slip)
    expect(payload).toMatch(/^00\d\d0002010102010203P2P031450000012345678040829112026/)
    expect(payload.slice(-4)).toBe(payload.slice(-4).toLowerCase())
    expect(parseSlipPayload(payload)).toEqual({ ok: true, slip })
    const badDay = payload.slice(0, -8).replace('29112026', '31022026')
    expect(parseSlipPayload(withCrc(badDay.slice(0, -4), false))).toEqual({ ok: false, reason: 'MALFORMED' })
  })

  it('round-trips any reference of the accepted shape, on either layout', () => {
    const reference = fc.stringMatching(/^[0-9A-Z]{10,32}$/)
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), reference, (sendingBank, ref) => {
        const slip: SlipPayload = { layout: 'bank', sendingBank, reference: ref }
        expect(parseSlipPayload(slipPayloadOf(slip))).toEqual({ ok: true, slip })
      }),
    )
    fc.assert(
      fc.property(reference, fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), (ref, day) => {
        const slip: SlipPayload = { layout: 'truemoney', eventType: 'P2P', reference: ref, date: day.toISOString().slice(0, 10) }
        expect(parseSlipPayload(slipPayloadOf(slip))).toEqual({ ok: true, slip })
      }),
    )
  })

  it('never accepts a reference outside the shape, whatever else is right', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/^[0-9A-Z]{10,32}$/.test(s) && /^[\x20-\x7e]+$/.test(s)),
        (ref) => {
          expect(parseSlipPayload(withCrc(bankBody('000001', '002', ref))).ok).toBe(false)
        },
      ),
    )
  })
})
