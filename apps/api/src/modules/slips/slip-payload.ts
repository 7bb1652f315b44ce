// The mini-QR printed on a Thai transfer slip (issue 37 §1, ADR 078): an EMVCo-style TLV string that names the
// transfer (the sending bank and its reference) and nothing else. promptparse supplies the TLV codec and the CRC;
// the layouts, their strict checks and the repair of a CRC that lost its leading zeros are ours. A payload that
// parses proves nothing about the money (the CRC is no signature): amount, time, sender and receiver come only from
// a verifier (the slip-verifier port).
import { checksum, decode, encode, tag, withCrcTag, type TLVTag } from 'promptparse'

/** What a slip's QR names: the transfer a verifier is then asked about. */
export type SlipPayload =
  /** A bank's slip: sending bank (its 3-digit Bank of Thailand code) and the transaction reference. */
  | { layout: 'bank'; sendingBank: string; reference: string }
  /** A TrueMoney Wallet slip: its event type (e.g. P2P), transaction id and date (ISO, from DDMMYYYY). */
  | { layout: 'truemoney'; eventType: string; reference: string; date: string }

/** Why a payload is not a slip's; the player reads one Thai text for all, the reason is for the log and the desk. */
export type SlipPayloadRefusal = 'MALFORMED' | 'CRC' | 'API_ID' | 'BANK' | 'REFERENCE' | 'NOT_A_SLIP'

export type SlipPayloadResult = { ok: true; slip: SlipPayload } | { ok: false; reason: SlipPayloadRefusal }

/** Sub-tag 00 of tag 00 on a bank slip: the slip-verification API id. */
const BANK_API_ID = '000001'
/** The reference has no published format; every one seen is upper-case letters and digits. */
const REFERENCE = /^[0-9A-Z]{10,32}$/
const BANK_CODE = /^\d{3}$/
const EVENT_TYPE = /^[0-9A-Z]{1,16}$/
const CRC_TAG = '91'
/** The CRC tag as written before its value: the checksum covers everything up to and including these 4 characters. */
const CRC_HEAD = `${CRC_TAG}04`
/** Some bank apps print the CRC without its leading zeros ("9104" then 1 to 3 hex digits): padded back before checking. */
const CRC_SHORT = /9104([0-9A-Fa-f]{1,3})$/

const refused = (reason: SlipPayloadRefusal): SlipPayloadResult => ({ ok: false, reason })

/** The tags of a TLV string, or null unless they spell it exactly (no bad length, no trailing data). */
function tagsOf(text: string): TLVTag[] | null {
  const tags = decode(text)
  if (tags.some((t) => typeof t.length !== 'number' || t.value.length !== t.length)) return null
  return encode(tags) === text ? tags : null
}

const ids = (tags: TLVTag[]) => tags.map((t) => t.id).join(',')
const valueOf = (tags: TLVTag[], id: string) => tags.find((t) => t.id === id)?.value ?? ''

/** "DDMMYYYY" as an ISO date, or null when it is no calendar day. */
function isoDateOf(ddmmyyyy: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(ddmmyyyy)
  if (!match) return null
  const [, day, month, year] = match
  const iso = `${year}-${month}-${day}`
  const date = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null
}

/**
 * Reads a slip's QR payload, strictly: the whole string must be the bank layout (tags 00, 51 = TH, 91) or the TrueMoney
 * layout (tags 00, 91), with a CRC-16/CCITT-FALSE that matches (either case; a short one padded back) and nothing after it.
 */
export function parseSlipPayload(text: string): SlipPayloadResult {
  const short = CRC_SHORT.exec(text)
  const payload = short ? `${text.slice(0, short.index)}${CRC_HEAD}${short[1]!.padStart(4, '0')}` : text
  if (payload.length > 512 || !payload.slice(0, -4).endsWith(CRC_HEAD)) return refused('MALFORMED')
  const root = tagsOf(payload)
  if (!root) return refused('MALFORMED')
  if (checksum(payload.slice(0, -4)) !== payload.slice(-4).toUpperCase()) return refused('CRC')
  const fields = tagsOf(valueOf(root, '00'))
  if (!fields) return refused('MALFORMED')

  if (ids(root) === '00,51,91' && valueOf(root, '51') === 'TH') {
    if (ids(fields) !== '00,01,02') return refused('NOT_A_SLIP')
    if (valueOf(fields, '00') !== BANK_API_ID) return refused('API_ID')
    if (!BANK_CODE.test(valueOf(fields, '01'))) return refused('BANK')
    if (!REFERENCE.test(valueOf(fields, '02'))) return refused('REFERENCE')
    return { ok: true, slip: { layout: 'bank', sendingBank: valueOf(fields, '01'), reference: valueOf(fields, '02') } }
  }
  if (ids(root) === '00,91') {
    if (ids(fields) !== '00,01,02,03,04') return refused('NOT_A_SLIP')
    if (valueOf(fields, '00') !== '01' || valueOf(fields, '01') !== '01') return refused('API_ID')
    const date = isoDateOf(valueOf(fields, '04'))
    if (!EVENT_TYPE.test(valueOf(fields, '02')) || !date) return refused('MALFORMED')
    if (!REFERENCE.test(valueOf(fields, '03'))) return refused('REFERENCE')
    return { ok: true, slip: { layout: 'truemoney', eventType: valueOf(fields, '02'), reference: valueOf(fields, '03'), date } }
  }
  return refused('NOT_A_SLIP')
}

/** The QR payload a slip of this transfer carries (the demo bank prints it; tests make slips with it). */
export function slipPayloadOf(slip: SlipPayload): string {
  if (slip.layout === 'bank') {
    const fields = encode([tag('00', BANK_API_ID), tag('01', slip.sendingBank), tag('02', slip.reference)])
    return withCrcTag(encode([tag('00', fields), tag('51', 'TH')]), CRC_TAG)
  }
  const [year, month, day] = slip.date.split('-')
  const fields = encode([tag('00', '01'), tag('01', '01'), tag('02', slip.eventType), tag('03', slip.reference), tag('04', `${day}${month}${year}`)])
  return withCrcTag(encode([tag('00', fields)]), CRC_TAG, false)
}

/**
 * The one-credit key of the transfer a slip names (ADR 079): `<sending bank>:<reference>`, as the deposits table keeps
 * it for every source; a TrueMoney transfer has no bank code, so `tmn:<reference>`.
 */
export function slipKeyOf(slip: SlipPayload): string {
  return slip.layout === 'bank' ? `${slip.sendingBank}:${slip.reference}` : `tmn:${slip.reference}`
}
