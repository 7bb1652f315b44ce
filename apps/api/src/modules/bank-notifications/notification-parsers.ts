// Reading the bank's own notification texts (SMS, or an app's push notification a forwarder phone passes on) into
// the facts of an incoming transfer (ADR 080). Each bank's wording is matched strictly, the whole shape of the text:
// a text that is not exactly an incoming-transfer notice is never read as one (an advert that says "รับเงินคืน 500
// บาท" is not money). Pure: no clock, no database; the caller passes the time the phone received the text.

import { BANGKOK_OFFSET_MS } from '@sanam/contract/bangkok'

/** The banks whose notifications are read, by Bank of Thailand code. */
export type NotifyingBank = '004' | '014' | '006' | '002' | '025'

/** What a notification says of an incoming transfer, before anyone decides whose it is. */
export interface IncomingFacts {
  /** The pay-in account as the text shows it (`X123456X`, `x354011`): which of our accounts received it. */
  toAccountMask: string | null
  /** The sending bank's code, when the text names it (or the bank's own wording implies it). */
  fromBankCode: string | null
  /** The sender's account as the matcher reads it (`parseSenderAccount`): `x` for each hidden digit. */
  fromAccount: string | null
  fromName: string | null
  /** Satang, read exactly from the decimal text. */
  amount: bigint
  /** When the bank says the transfer happened; the phone's received time when the text gives none (Bangkok Bank). */
  occurredAt: Date
  /** Whether the time came from the text or from the phone. */
  timeFrom: 'text' | 'phone'
}

export type ParsedNotification =
  | { kind: 'INCOMING'; bank: NotifyingBank; language: 'th' | 'en'; facts: IncomingFacts }
  | { kind: 'OUTGOING'; bank: NotifyingBank; language: 'th' | 'en'; amount: bigint }
  /** A text the bank sends that moves no money: a one-time code, a balance, an advert. */
  | { kind: 'IGNORED'; bank: NotifyingBank; reason: 'OTP' | 'BALANCE' | 'NO_AMOUNT' }
  /** A sender we do not read, or a bank's text in no wording we know: kept for an operator, never credited. */
  | { kind: 'UNPARSED'; bank: NotifyingBank | null; reason: 'UNKNOWN_SENDER' | 'UNKNOWN_WORDING' }

/**
 * Who a text comes from: SMS sender ids and the banks' Android app packages (a forwarder that passes on push
 * notifications names the package). Compared case-insensitively and whole, never by "contains": a sender id
 * "KBank-Promo" is not KBank's transaction alerts.
 */
const SENDERS: Record<NotifyingBank, string[]> = {
  '004': ['kbank', 'k-bank', 'kplus', 'com.kasikorn.retail.mbanking.wap'],
  '014': ['027777777', 'scb', 'scbeasy', 'com.scb.phone'],
  '006': ['krungthai', 'ktb', 'ktbcs.netbank'],
  '002': ['bangkokbank', 'bbl', 'bualuang', 'com.bbl.mobilebanking'],
  '025': ['krungsri', 'kma', 'com.krungsri.kma'],
}

export function bankOfSender(sender: string): NotifyingBank | null {
  const key = sender.trim().toLowerCase()
  for (const [bank, ids] of Object.entries(SENDERS) as Array<[NotifyingBank, string[]]>) if (ids.includes(key)) return bank
  return null
}

/** The short names SCB and Krungsri print for the sending bank, to Bank of Thailand codes. */
const BANK_ABBREVIATIONS: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KBNK: '004',
  KTB: '006',
  TTB: '011',
  TMB: '011',
  SCB: '014',
  CIMB: '022',
  CIMBT: '022',
  UOB: '024',
  UOBT: '024',
  BAY: '025',
  KS: '025',
  GSB: '030',
  GHB: '033',
  BAAC: '034',
  TISCO: '067',
  KKP: '069',
  LHB: '073',
  LHBANK: '073',
}

/**
 * Satang of a decimal text as banks print it: digits with optional thousands commas (each group of three) and up
 * to two decimals. Read as text, never through a float. Null for anything else.
 */
export function satangOfText(text: string): bigint | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const baht = BigInt(match[1]!.replace(/,/g, ''))
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'))
  return baht * 100n + fraction
}

/** The amount as printed, named for the reader (`satangOfText` reads it exactly). */
const AMOUNT = String.raw`(?<amount>\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)`
const HOUR = 3_600_000

/**
 * A Bangkok wall-clock time as an instant. `yy` is a two-digit year, which Thai banks print in the Buddhist era
 * (KBank: 69 is 2569, that is 2026) or the Common era (Krungthai's English texts): the reading nearer the phone's
 * received time is taken. Without a year (SCB), the year that puts the time at most a day after the phone's.
 */
function bangkokTime(parts: { day: string; month: string; yy?: string; hour: string; minute: string }, receivedAt: Date): Date | null {
  const day = Number(parts.day)
  const month = Number(parts.month)
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  const at = (year: number) => {
    const instant = new Date(Date.UTC(year, month - 1, day, hour, minute) - BANGKOK_OFFSET_MS)
    // 31/02 rolls over into March: not a date.
    const check = new Date(instant.getTime() + BANGKOK_OFFSET_MS)
    return check.getUTCDate() === day && check.getUTCMonth() === month - 1 ? instant : null
  }
  const receivedYear = new Date(receivedAt.getTime() + BANGKOK_OFFSET_MS).getUTCFullYear()
  const candidates = parts.yy === undefined ? [receivedYear, receivedYear - 1] : [1957 + Number(parts.yy), 2000 + Number(parts.yy)] // BE 25yy - 543; CE 20yy
  const readings = candidates
    .map(at)
    .filter((d): d is Date => d !== null)
    .filter((d) => parts.yy !== undefined || d.getTime() <= receivedAt.getTime() + 24 * HOUR)
  readings.sort((a, b) => Math.abs(a.getTime() - receivedAt.getTime()) - Math.abs(b.getTime() - receivedAt.getTime()))
  return readings[0] ?? null
}

/** One bank's wordings: each a whole-text pattern and how to read its groups. */
interface Wording {
  language: 'th' | 'en'
  pattern: RegExp
  read: (g: Record<string, string | undefined>, receivedAt: Date, bank: NotifyingBank) => ParsedNotification | null
}

/** The sender account as the matcher reads it: separators dropped, every hidden position an `x`. */
const masked = (raw: string) => raw.replace(/[-\s]/g, '').replace(/[X*]/g, 'x')

function incoming(
  bank: NotifyingBank,
  language: 'th' | 'en',
  g: Record<string, string | undefined>,
  receivedAt: Date,
  sender: { fromBankCode: string | null; fromAccount: string | null },
): ParsedNotification | null {
  const amount = satangOfText(g.amount!)
  if (amount === null || amount <= 0n) return null
  const fromText = g.day !== undefined
  const occurredAt = fromText ? bangkokTime({ day: g.day!, month: g.month!, yy: g.yy, hour: g.hour!, minute: g.minute! }, receivedAt) : receivedAt
  if (!occurredAt) return null
  return {
    kind: 'INCOMING',
    bank,
    language,
    facts: {
      toAccountMask: g.to ?? null,
      fromBankCode: sender.fromBankCode,
      fromAccount: sender.fromAccount,
      fromName: g.name?.trim() || null,
      amount,
      occurredAt,
      timeFrom: fromText ? 'text' : 'phone',
    },
  }
}

function outgoing(bank: NotifyingBank, language: 'th' | 'en', g: Record<string, string | undefined>): ParsedNotification | null {
  const amount = satangOfText(g.amount!)
  return amount === null ? null : { kind: 'OUTGOING', bank, language, amount }
}

const bankCodeOf = (abbreviation: string | undefined) => (abbreviation ? (BANK_ABBREVIATIONS[abbreviation.toUpperCase()] ?? null) : null)

// Dates as the banks print them: KBank `29/11/69 09:15`, SCB `29/11@09:15`, Krungthai `29-11-26@09:15`.
const KBANK_WHEN = String.raw`(?<day>\d{2})/(?<month>\d{2})/(?<yy>\d{2}) (?<hour>\d{2}):(?<minute>\d{2})`
const SCB_WHEN = String.raw`(?<day>\d{2})/(?<month>\d{2})@(?<hour>\d{2}):(?<minute>\d{2})`
const KTB_WHEN = String.raw`(?<day>\d{2})-(?<month>\d{2})-(?<yy>\d{2})@(?<hour>\d{2}):(?<minute>\d{2})`
const KRUNGSRI_WHEN = String.raw`(?<day>\d{2})/(?<month>\d{2})/(?<yy>\d{2}) @?(?<hour>\d{2}):(?<minute>\d{2})`
const BALANCE_TH = String.raw`(?:คงเหลือ|ใช้ได้|ยอดใช้ได้) ?[\d,]+\.\d{2} ?(?:บ\.?|บาท)?`
const BALANCE_EN = String.raw`(?:Outstanding Balance|Available|Avail|Bal) ?[\d,]+\.\d{2} ?(?:Bt|THB|Baht)?`
const whole = (source: string) => new RegExp(`^${source}$`, 'u')

/**
 * KBank SMS: `DD/MM/YY HH:MM บชX123456X รับโอนจากX654321X 1,500.00บ คงเหลือ…` (a transfer from another KBank account:
 * the sender is KBank, digits 2-7 of its ten shown), `… เงินเข้า500.00บ …` (money in from elsewhere: no sender), and the
 * English texts a customer may choose instead. KBank shows no sender name.
 */
const KBANK: Wording[] = [
  {
    language: 'th',
    pattern: whole(String.raw`${KBANK_WHEN} บช(?<to>X\d{6}X) รับโอนจาก(?<from>X\d{6}X) ${AMOUNT}บ(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: '004', fromAccount: kbankSender(g.from!) }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`${KBANK_WHEN} บช(?<to>X\d{6}X) เงินเข้า${AMOUNT}บ?(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'th',
    pattern: whole(
      String.raw`${KBANK_WHEN} (?:บช(?<to>X\d{6}X) (?:โอนเงิน|ถอนเงิน|ชำระเงิน|หักบัญชี) ?|หักบช(?<to2>X\d{6}X) เข้า(?:X\d{6}X) )${AMOUNT}บ?(?: ${BALANCE_TH})?`,
    ),
    read: (g, _at, bank) => outgoing(bank, 'th', g),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${KBANK_WHEN} A/C (?<to>X\d{6}X) received transfer from (?<from>X\d{6}X) ${AMOUNT} Bt(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: '004', fromAccount: kbankSender(g.from!) }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${KBANK_WHEN} A/C (?<to>X\d{6}X) Deposit ${AMOUNT} Bt(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${KBANK_WHEN} A/C (?<to>X\d{6}X) (?:Transfer out|Withdrawal|Payment) ${AMOUNT} Bt(?: ${BALANCE_EN})?`),
    read: (g, _at, bank) => outgoing(bank, 'en', g),
  },
]

/** KBank prints digits 2-7 of a ten-digit account between X's: `X654321X` is `x654321xxx`. */
function kbankSender(mask: string): string {
  return `x${mask.slice(1, 7)}xxx`
}

/**
 * SCB SMS: `DD/MM@HH:MM 1,500.00 จากKBNK/x654321เข้าx354011 ใช้ได้…` (from another bank: its short name and the last six
 * digits), `… โอนจากSOMCHAI JAIDเข้าx354011 …` (from an SCB account: a name, no account), `เงิน 180.00บ เข้าบ/ชx354011
 * DD/MM@HH:MM ใช้ได้…` (money in, no sender), and the English text.
 */
const SCB: Wording[] = [
  {
    language: 'th',
    pattern: whole(String.raw`${SCB_WHEN} ${AMOUNT} จาก(?<fromBank>[A-Z]{2,6})/(?<from>x\d{4,7})เข้า(?<to>x\d{4,7})(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: bankCodeOf(g.fromBank), fromAccount: masked(g.from!) }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`${SCB_WHEN} ${AMOUNT} โอนจาก(?<name>[^\n]{2,60}?)เข้า(?<to>x\d{4,7})(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: '014', fromAccount: null }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`เงิน ${AMOUNT}บ เข้าบ/ช(?<to>x\d{4,7}) ${SCB_WHEN}(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`${SCB_WHEN} (?:ถอน/โอน|โอน|ชำระ|ถอน) ${AMOUNT} จาก(?<to>x\d{4,7})(?: เข้า\S+)?(?: ${BALANCE_TH})?`),
    read: (g, _at, bank) => outgoing(bank, 'th', g),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${SCB_WHEN} ${AMOUNT} from (?<fromBank>[A-Z]{2,6})/(?<from>x\d{4,7}) to (?<to>x\d{4,7})(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: bankCodeOf(g.fromBank), fromAccount: masked(g.from!) }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${SCB_WHEN} (?:Transfer|Withdrawal|Payment) ${AMOUNT} from (?<to>x\d{4,7})(?: to \S+)?(?: ${BALANCE_EN})?`),
    read: (g, _at, bank) => outgoing(bank, 'en', g),
  },
]

/** Krungthai SMS: `DD-MM-YY@HH:MM บช X12345X:เงินเข้า +1,500.00 บ. ใช้ได้ …` (no sender) and its English text. */
const KRUNGTHAI: Wording[] = [
  {
    language: 'th',
    pattern: whole(String.raw`${KTB_WHEN} บช (?<to>X\d{5,6}X):เงินเข้า \+${AMOUNT} บ\.(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`${KTB_WHEN} บช (?<to>X\d{5,6}X):เงินออก -${AMOUNT} บ\.(?: ${BALANCE_TH})?`),
    read: (g, _at, bank) => outgoing(bank, 'th', g),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${KTB_WHEN} A/C (?<to>X\d{5,6}X):Deposit \+${AMOUNT} THB(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`${KTB_WHEN} A/C (?<to>X\d{5,6}X):Withdrawal -${AMOUNT} THB(?: ${BALANCE_EN})?`),
    read: (g, _at, bank) => outgoing(bank, 'en', g),
  },
]

/**
 * Bangkok Bank SMS: `ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้…` and `Deposit/transfer to your account X1234 via MB
 * 5,000.00 Bt Available …`: no time (the phone's received time stands in) and no sender.
 */
const BANGKOK_BANK: Wording[] = [
  {
    language: 'th',
    pattern: whole(String.raw`ฝาก/โอนเงินเข้าบ/ช(?<to>X\d{4,6}) ผ่าน\S+ ${AMOUNT}บ(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`ถอน/โอน/จ่ายเงินจากบ/ช(?<to>X\d{4,6}) ผ่าน\S+ ${AMOUNT}บ(?: ${BALANCE_TH})?`),
    read: (g, _at, bank) => outgoing(bank, 'th', g),
  },
  {
    language: 'en',
    pattern: whole(String.raw`Deposit/transfer to your account (?<to>X\d{4,6}) via \S+ ${AMOUNT} Bt(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: null, fromAccount: null }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`Withdrawal/transfer/payment from your account (?<to>X\d{4,6}) via \S+ ${AMOUNT} Bt(?: ${BALANCE_EN})?`),
    read: (g, _at, bank) => outgoing(bank, 'en', g),
  },
]

/**
 * Krungsri SMS: `เงินเข้าบ/ชXXX1234X 1,500.00 บ. จาก KBANK X654321 นาย สมชาย ใ 29/11/69 @09:15 ใช้ได้…`; the sender
 * part (bank, masked account, name) is absent for cash and some channels. The English text reads `Deposit to A/C …`.
 */
const KRUNGSRI_SENDER = String.raw`(?: จาก (?<fromBank>[A-Z]{2,6}) (?<from>X\d{4,7})(?: (?<name>[^\d\n]{2,60}?))?)?`
const KRUNGSRI_SENDER_EN = String.raw`(?: from (?<fromBank>[A-Z]{2,6}) (?<from>X\d{4,7})(?: (?<name>[^\d\n]{2,60}?))?)?`
const KRUNGSRI: Wording[] = [
  {
    language: 'th',
    pattern: whole(String.raw`เงินเข้าบ/ช(?<to>X{3}\d{4}X) ${AMOUNT} บ\.${KRUNGSRI_SENDER} ${KRUNGSRI_WHEN}(?: ${BALANCE_TH})?`),
    read: (g, at, bank) => incoming(bank, 'th', g, at, { fromBankCode: g.from ? bankCodeOf(g.fromBank) : null, fromAccount: g.from ? masked(g.from) : null }),
  },
  {
    language: 'th',
    pattern: whole(String.raw`เงินออกจากบ/ช(?<to>X{3}\d{4}X) ${AMOUNT} บ\.(?: (?:ไป|เข้า) \S+(?: \S+)?)? ${KRUNGSRI_WHEN}(?: ${BALANCE_TH})?`),
    read: (g, _at, bank) => outgoing(bank, 'th', g),
  },
  {
    language: 'en',
    pattern: whole(String.raw`Deposit to A/C (?<to>X{3}\d{4}X) ${AMOUNT} THB${KRUNGSRI_SENDER_EN} ${KRUNGSRI_WHEN}(?: ${BALANCE_EN})?`),
    read: (g, at, bank) => incoming(bank, 'en', g, at, { fromBankCode: g.from ? bankCodeOf(g.fromBank) : null, fromAccount: g.from ? masked(g.from) : null }),
  },
  {
    language: 'en',
    pattern: whole(String.raw`Withdrawal from A/C (?<to>X{3}\d{4}X) ${AMOUNT} THB(?: to \S+(?: \S+)?)? ${KRUNGSRI_WHEN}(?: ${BALANCE_EN})?`),
    read: (g, _at, bank) => outgoing(bank, 'en', g),
  },
]

const WORDINGS: Record<NotifyingBank, Wording[]> = { '004': KBANK, '014': SCB, '006': KRUNGTHAI, '002': BANGKOK_BANK, '025': KRUNGSRI }

const OTP = /\bOTP\b|รหัส\s*OTP|รหัสผ่านครั้งเดียว/i
const DECIMAL_AMOUNT = /\d\.\d{2}(?!\d)/
const BALANCE_ONLY = /^(?:ยอดเงิน(?:คงเหลือ|ที่ใช้ได้)|(?:Available balance|Balance)\b)/iu

/** Spaces a phone or forwarder may add (runs of white space, a line break instead of a space) are read as one space. */
const tidy = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ')

/**
 * What a forwarded notification says. The sender says which bank's wordings apply (never guessed from the text);
 * an incoming transfer is read only from a text that is exactly one of that bank's incoming wordings.
 */
export function parseNotification(input: { text: string; sender: string; receivedAt: Date }): ParsedNotification {
  const bank = bankOfSender(input.sender)
  if (!bank) return { kind: 'UNPARSED', bank: null, reason: 'UNKNOWN_SENDER' }
  const text = tidy(input.text)
  for (const wording of WORDINGS[bank]) {
    const match = wording.pattern.exec(text)
    if (!match) continue
    const groups = { ...match.groups }
    if (groups.to === undefined && groups.to2 !== undefined) groups.to = groups.to2
    const read = wording.read(groups, input.receivedAt, bank)
    if (read) return read
  }
  if (OTP.test(text)) return { kind: 'IGNORED', bank, reason: 'OTP' }
  if (BALANCE_ONLY.test(text)) return { kind: 'IGNORED', bank, reason: 'BALANCE' }
  if (!DECIMAL_AMOUNT.test(text)) return { kind: 'IGNORED', bank, reason: 'NO_AMOUNT' }
  return { kind: 'UNPARSED', bank, reason: 'UNKNOWN_WORDING' }
}

/**
 * Whether a masked pay-in account (`X123456X`, `x354011`, `XXX1234X`) can be this account number: each run of
 * hidden characters stands for one or more digits, the visible digits must appear in place. Banks differ in how
 * many digits one X hides, so the runs are not counted.
 */
export function payInMaskMatches(mask: string, accountNumber: string): boolean {
  const digits = accountNumber.replace(/\D/g, '')
  const visible = mask.replace(/[^\d]/g, '')
  if (visible.length < 4) return false
  const pattern = mask.replace(/[Xx*]+/g, '\\d+')
  return new RegExp(`^${pattern}$`).test(digits)
}
