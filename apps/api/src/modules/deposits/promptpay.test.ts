import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parsePromptPay, promptPayPayload, verifyPayloadCrc } from './promptpay.ts'

/** CRC-16/CCITT-FALSE bit by bit, written apart from the code under test so a shared mistake cannot hide. */
function referenceCrc(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** Top-level TLV tags of a payload, read independently of promptparse. */
function topLevelTags(payload: string): Map<string, string> {
  const tags = new Map<string, string>()
  for (let at = 0; at < payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4))
    tags.set(payload.slice(at, at + 2), payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return tags
}

// The PromptPay QR for 0812345678 with no amount, tags in the order promptpay-qr writes them (58 before 53).
// It has circulated with the CRC 6197, which no CRC-16 variant yields; CRC-16/CCITT-FALSE of the body is 5D82.
const VECTOR_BODY = '00020101021129370016A000000677010111011300668123456785802TH53037646304'
const VECTOR = `${VECTOR_BODY}5D82`

const phone = { type: 'MSISDN', id: '0812345678' } as const

describe('reference CRC', () => {
  it('gives the published check value of CRC-16/CCITT-FALSE', () => {
    expect(referenceCrc('123456789')).toBe('29B1')
  })

  it('gives 5D82 for the known PromptPay vector, not the circulated 6197', () => {
    expect(referenceCrc(VECTOR_BODY)).toBe('5D82')
    expect(verifyPayloadCrc(VECTOR)).toBe(true)
    expect(verifyPayloadCrc(`${VECTOR_BODY}6197`)).toBe(false)
  })
})

describe('promptPayPayload', () => {
  it('writes a static QR for a phone number with the same tags as the known vector', () => {
    const payload = promptPayPayload(phone)
    expect(payload).toBe(
      `00020101021129370016A0000006770101110113006681234567853037645802TH6304${referenceCrc(
        '00020101021129370016A0000006770101110113006681234567853037645802TH6304',
      )}`,
    )
    expect(payload.endsWith('6304823E')).toBe(true)
    // Same data objects as the vector; only the order, and so the CRC, differs.
    const [ours, theirs] = [topLevelTags(payload), topLevelTags(VECTOR)]
    ours.delete('63')
    theirs.delete('63')
    expect(ours).toEqual(theirs)
  })

  it('writes a dynamic QR with the amount in baht with 2 decimals', () => {
    const tags = topLevelTags(promptPayPayload(phone, 50_000n))
    expect(tags.get('01')).toBe('12')
    expect(tags.get('54')).toBe('500.00')
  })

  it.each([
    [1n, '0.01'],
    [10n, '0.10'],
    [99n, '0.99'],
    [100n, '1.00'],
    [123_456n, '1234.56'],
    [1_000_000_000n, '10000000.00'],
    [999_999_999_999n, '9999999999.99'],
  ])('encodes %s satang as %s', (satang, text) => {
    expect(topLevelTags(promptPayPayload(phone, satang)).get('54')).toBe(text)
  })

  it('encodes national and e-wallet ids as they are', () => {
    expect(topLevelTags(promptPayPayload({ type: 'NATID', id: '1234567890123' })).get('29')).toBe('0016A00000067701011102131234567890123')
    expect(topLevelTags(promptPayPayload({ type: 'EWALLETID', id: '123456789012345' })).get('29')).toBe('0016A0000006770101110315123456789012345')
  })

  it('ends with a CRC the reference implementation agrees with', () => {
    const payload = promptPayPayload(phone, 12_345n)
    expect(payload.slice(-8, -4)).toBe('6304')
    expect(payload.slice(-4)).toBe(referenceCrc(payload.slice(0, -4)))
  })

  it.each([
    [{ type: 'MSISDN', id: '812345678' }],
    [{ type: 'MSISDN', id: '081-234-5678' }],
    [{ type: 'MSISDN', id: '+66812345678' }],
    [{ type: 'NATID', id: '123456789012' }],
    [{ type: 'EWALLETID', id: '1234567890123' }],
  ] as const)('refuses the malformed target %o', (target) => {
    expect(() => promptPayPayload(target)).toThrow(RangeError)
  })

  it.each([0n, -100n, 1_000_000_000_000n])('refuses the amount %s satang', (satang) => {
    expect(() => promptPayPayload(phone, satang)).toThrow(RangeError)
  })
})

describe('verifyPayloadCrc', () => {
  it('fails when any single character is changed', () => {
    const payload = promptPayPayload(phone, 50_000n)
    expect(verifyPayloadCrc(payload)).toBe(true)
    for (let i = 0; i < payload.length; i++) {
      const flipped = payload.slice(0, i) + (payload[i] === '0' ? '1' : '0') + payload.slice(i + 1)
      expect(verifyPayloadCrc(flipped), `changed at ${i}`).toBe(false)
    }
  })

  it('accepts the CRC in lower case and refuses a missing or short CRC tag', () => {
    const payload = promptPayPayload(phone)
    expect(verifyPayloadCrc(payload.slice(0, -4) + payload.slice(-4).toLowerCase())).toBe(true)
    expect(verifyPayloadCrc(payload.slice(0, -8))).toBe(false)
    expect(verifyPayloadCrc(payload.slice(0, -1))).toBe(false)
    expect(verifyPayloadCrc('')).toBe(false)
  })
})

describe('parsePromptPay', () => {
  it('reads the known vector', () => {
    expect(parsePromptPay(VECTOR)).toEqual({ target: phone })
  })

  it.each([
    [phone, undefined],
    [phone, 50_000n],
    [{ type: 'NATID', id: '1234567890123' }, 1n],
    [{ type: 'EWALLETID', id: '123456789012345' }, 999_999_999_999n],
  ] as const)('round-trips %o with %s satang', (target, amount) => {
    expect(parsePromptPay(promptPayPayload(target, amount))).toEqual(amount === undefined ? { target } : { target, amount })
  })

  it('reads amounts written without 2 decimals by other generators', () => {
    const body = '00020101021229370016A0000006770101110113006681234567853037645405500.55802TH6304'
    expect(parsePromptPay(body + referenceCrc(body))).toEqual({ target: phone, amount: 50_050n })
  })

  it.each([
    ['a bad CRC', `${VECTOR_BODY}6197`],
    ['garbage', 'hello world'],
    ['an empty string', ''],
    ['a bill payment (tag 30) QR', '00020101021130370016A0000006770101120113006681234567853037645802TH6304'],
    ['a bank-account proxy', '00020101021129370016A0000006770101110413006681234567853037645802TH6304'],
    ['another currency', '00020101021129370016A0000006770101110113006681234567853038405802TH6304'],
    ['a bad amount', '00020101021229370016A000000677010111011300668123456785303764540412.A5802TH6304'],
    ['lengths that do not tile', '00020101021129370016A000000677010111011300668123456785303764580TH6304'],
  ])('refuses %s', (_what, payloadOrBody) => {
    const payload = payloadOrBody.endsWith('6304') ? payloadOrBody + referenceCrc(payloadOrBody) : payloadOrBody
    expect(parsePromptPay(payload)).toBeNull()
  })

  it('round-trips every phone number and amount with a valid CRC', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[689][0-9]{8}$/), fc.option(fc.bigInt({ min: 1n, max: 10_000_000n }), { nil: undefined }), (id, amount) => {
        const target = { type: 'MSISDN', id } as const
        const payload = promptPayPayload(target, amount)
        expect(verifyPayloadCrc(payload)).toBe(true)
        expect(payload.slice(-4)).toBe(referenceCrc(payload.slice(0, -4)))
        expect(parsePromptPay(payload)).toEqual(amount === undefined ? { target } : { target, amount })
      }),
      { numRuns: 500 },
    )
  })
})
