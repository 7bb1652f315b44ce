// Hub88 on the same core (issue 41 §5): its published signature vectors (fixtures/, from coingaming/Hub88-Examples),
// a one-byte change refused, the ×100,000 codec with sub-satang amounts refused, a status for every seamless answer.
import { readFileSync } from 'node:fs'
import { seamlessStatuses } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { parseJsonKeepingNumbers } from './decimal-json.ts'
import { hub88Key, hub88OfSatang, hub88StatusOf, hub88Statuses, satangOfHub88, verifyHub88Signature } from './hub88.ts'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const key = hub88Key(fixture('hub88-public.pem'))
const vectors = fixture('hub88-signatures.csv')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => ({ data: line.slice(0, line.lastIndexOf(';')), signature: line.slice(line.lastIndexOf(';') + 1) }))

describe('Hub88 signatures', () => {
  it('the published vectors are all there', () => {
    expect(vectors).toHaveLength(5)
  })

  for (const { data, signature } of vectors) {
    it(`verifies ${data.slice(0, 40)}, and refuses it with any one byte changed`, () => {
      expect(verifyHub88Signature(data, signature, key)).toBe(true)
      const bytes = Buffer.from(data)
      for (let at = 0; at < bytes.length; at++) {
        const changed = Buffer.from(bytes)
        changed[at] = changed[at]! ^ 0x01
        expect(verifyHub88Signature(changed, signature, key), `byte ${at} of the body`).toBe(false)
      }
      expect(verifyHub88Signature(`${data} `, signature, key)).toBe(false)
      const raw = Buffer.from(signature, 'base64')
      for (const at of [0, raw.length >> 1, raw.length - 1]) {
        const changed = Buffer.from(raw)
        changed[at] = changed[at]! ^ 0x80
        expect(verifyHub88Signature(data, changed.toString('base64'), key), `byte ${at} of the signature`).toBe(false)
      }
    })
  }

  it('refuses a missing, empty or malformed signature, and a signature of another vector', () => {
    const [first, second] = vectors
    for (const bad of [undefined, '', 'not base64!', 42, `${first!.signature}\n`]) expect(verifyHub88Signature(first!.data, bad, key)).toBe(false)
    expect(verifyHub88Signature(first!.data, second!.signature, key)).toBe(false)
  })
})

describe('Hub88 money: integers of 1/100,000 baht', () => {
  it('reads whole satang exactly, at any size, from the JSON text', () => {
    const body = parseJsonKeepingNumbers('{"amount": 6372709234000, "small": 1000, "zero": 0}') as Record<string, string>
    expect(satangOfHub88(body.amount)).toBe(6_372_709_234n)
    expect(satangOfHub88(body.small)).toBe(1n)
    expect(satangOfHub88(body.zero)).toBe(0n)
    expect(hub88OfSatang(6_372_709_234n)).toBe('6372709234000')
    expect(hub88OfSatang(1n)).toBe('1000')
  })

  it('refuses a sub-satang amount (never rounded), a negative, a fraction, an exponent or a leading zero', () => {
    for (const bad of ['1', '999', '1500', '100001', '-1000', '1000.0', '1e3', '01000', '', 1000]) expect(satangOfHub88(bad), String(bad)).toBeNull()
  })
})

describe('Hub88 statuses', () => {
  for (const status of seamlessStatuses) {
    it(`the seamless ${status} is Hub88's ${hub88StatusOf[status]}`, () => {
      expect(hub88Statuses).toContain(hub88StatusOf[status])
      // OK is the one success; every refusal is one of Hub88's errors.
      expect(hub88StatusOf[status] === 'RS_OK').toBe(status === 'OK')
    })
  }
})
