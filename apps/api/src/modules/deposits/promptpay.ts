// PromptPay (Thai QR Payment, EMVCo merchant-presented mode) payloads for deposit QR codes.
// promptparse supplies the TLV encoding, the CRC and the tag parser; its own `anyId` generator and validator are
// not used because they take and return the amount as a float, and money here is integer satang end to end.
import { formatSatang, parseSatang } from '@sanam/contract'
import { checksum, encode, parse, tag, withCrcTag, type TLVTag } from 'promptparse'

/** Who receives a PromptPay transfer: a Thai mobile number (0XXXXXXXXX), a 13-digit national/tax id or a 15-digit e-wallet id. */
export interface PromptPayTarget {
  type: 'MSISDN' | 'NATID' | 'EWALLETID'
  id: string
}

/** What a PromptPay payload asks for; `amount` in satang, absent on a static (any amount) QR. */
export interface ParsedPromptPay {
  target: PromptPayTarget
  amount?: bigint
}

/** Thai QR "credit transfer with PromptPay ID" application id, sub-tag 00 of tag 29. */
const PROMPTPAY_AID = 'A000000677010111'

const PROXY_SUBTAG = { MSISDN: '01', NATID: '02', EWALLETID: '03' } as const satisfies Record<PromptPayTarget['type'], string>

const TARGET_SHAPE: Record<PromptPayTarget['type'], RegExp> = {
  MSISDN: /^0\d{9}$/,
  NATID: /^\d{13}$/,
  EWALLETID: /^\d{15}$/,
}

/** ISO 4217 numeric code for THB, tag 53. */
const THB = '764'

/** Tag 54 holds at most 13 characters, so "9999999999.99" is the largest amount a QR can carry. */
const MAX_AMOUNT_SATANG = 999_999_999_999n

/**
 * Tag 54 as other generators write it too ("500", "500.5", "500.00"), at most 10 whole digits; null when it is not a
 * positive amount. Written with the contract's codec (formatSatang), 2 decimals straight from the integer.
 */
function tagAmount(text: string): bigint | null {
  const satang = parseSatang(text, 10)
  return satang !== null && satang > 0n ? satang : null
}

/** The proxy id as it travels in the QR: mobile numbers in international form 0066XXXXXXXXX. */
function encodeProxyId(target: PromptPayTarget): string {
  return target.type === 'MSISDN' ? `66${target.id.slice(1)}`.padStart(13, '0') : target.id
}

/**
 * The PromptPay QR payload paying `target`, for `amountSatang` when given (a dynamic QR, tag 01 '12') or any amount
 * the payer types (a static QR, tag 01 '11'). Tags are written in ascending order and end with the CRC (tag 63).
 * Throws a RangeError on a malformed target id or an amount that is not positive or does not fit tag 54.
 */
export function promptPayPayload(target: PromptPayTarget, amountSatang?: bigint): string {
  if (!TARGET_SHAPE[target.type].test(target.id)) {
    throw new RangeError(`PromptPay ${target.type} id has the wrong shape`)
  }
  if (amountSatang !== undefined && (amountSatang <= 0n || amountSatang > MAX_AMOUNT_SATANG)) {
    throw new RangeError('PromptPay amount must be between 0.01 and 9,999,999,999.99 baht')
  }
  const merchant = encode([tag('00', PROMPTPAY_AID), tag(PROXY_SUBTAG[target.type], encodeProxyId(target))])
  const tags: TLVTag[] = [tag('00', '01'), tag('01', amountSatang === undefined ? '11' : '12'), tag('29', merchant), tag('53', THB)]
  if (amountSatang !== undefined) tags.push(tag('54', formatSatang(amountSatang)))
  tags.push(tag('58', 'TH'))
  return withCrcTag(encode(tags), '63')
}

/**
 * Whether `payload` ends with a CRC tag (`6304` + 4 hex digits) that matches CRC-16/CCITT-FALSE of everything before
 * the 4 digits. The hex is compared case-insensitively since some wallets write it in lower case.
 */
export function verifyPayloadCrc(payload: string): boolean {
  const crc = payload.slice(-4)
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304' || !/^[0-9A-Fa-f]{4}$/.test(crc)) return false
  // The CRC is over bytes: promptparse reads one byte per character, so non-ASCII text goes in as its UTF-8 bytes.
  return checksum(Buffer.from(payload.slice(0, -4), 'utf8').toString('latin1')) === crc.toUpperCase()
}

/**
 * The target and amount of a PromptPay (tag 29) payload, or null when it is not one: bad CRC, TLV lengths that do not
 * tile the string, another application id, a bank-account proxy, a currency other than THB, a malformed amount.
 */
export function parsePromptPay(payload: string): ParsedPromptPay | null {
  if (!verifyPayloadCrc(payload)) return null
  const qr = parse(payload, false, true)
  if (!qr) return null
  // promptparse's decoder trusts the length digits; re-encoding the values shows whether they really tile the payload.
  const tags = qr.getTags()
  if (encode(tags.map((t) => tag(t.id, t.value))) !== payload || tags.at(-1)?.id !== '63') return null
  if (qr.getTagValue('00') !== '01' || qr.getTagValue('29', '00') !== PROMPTPAY_AID || qr.getTagValue('53') !== THB) {
    return null
  }

  const proxies = (Object.keys(PROXY_SUBTAG) as PromptPayTarget['type'][]).filter((type) => qr.getTagValue('29', PROXY_SUBTAG[type]) !== undefined)
  const type = proxies[0]
  if (type === undefined || proxies.length !== 1) return null
  const raw = qr.getTagValue('29', PROXY_SUBTAG[type]) ?? ''
  const id = type === 'MSISDN' ? raw.replace(/^0066(?=\d{9}$)/, '0') : raw
  if (!TARGET_SHAPE[type].test(id)) return null
  const target: PromptPayTarget = { type, id }

  const amountText = qr.getTagValue('54')
  if (amountText === undefined) return { target }
  const amount = tagAmount(amountText)
  return amount === null ? null : { target, amount }
}
