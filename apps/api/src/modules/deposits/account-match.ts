// Matching the sender shown on a Thai bank statement or transfer notification to a player's registered bank account.
// Banks show the sender's account in full or masked ("xxx-x-x1234-x", "***1234", "x1234"), and the name often
// truncated ("นาย สมชาย ใ", "MR SOMCHAI J"), so both are compared by what is visible and nothing more.

/** A sender account as read from a statement: every digit, or a right-aligned pattern with '_' for hidden digits. */
export type SenderAccount = { kind: 'full'; digits: string } | { kind: 'masked'; pattern: string; visible: number }

const SEPARATORS = /[-.\s]/g
const WILDCARDS = /[xX*•]/g
/** Fewer visible digits than this match too many players to say anything about who sent the money. */
const MIN_VISIBLE = 4
const MIN_ACCOUNT = 10
/** No Thai bank account is longer, so a longer mask cannot match anyone. */
const MAX_ACCOUNT = 15

/**
 * Reads a sender account: separators ('-', '.', white space) are dropped and x, X, *, • are hidden digits. Null for
 * anything else: other characters, a full number that is not 10-15 digits, a mask with fewer than 4 visible digits
 * or longer than 15 positions.
 */
export function parseSenderAccount(raw: string): SenderAccount | null {
  const compact = raw.replace(SEPARATORS, '')
  if (!/^[0-9xX*•]+$/.test(compact)) return null
  const pattern = compact.replace(WILDCARDS, '_')
  if (!pattern.includes('_')) {
    return pattern.length >= MIN_ACCOUNT && pattern.length <= MAX_ACCOUNT ? { kind: 'full', digits: pattern } : null
  }
  const visible = pattern.replace(/_/g, '').length
  if (visible < MIN_VISIBLE || pattern.length > MAX_ACCOUNT) return null
  return { kind: 'masked', pattern, visible }
}

/**
 * Whether a registered account (10-15 digits) can be the sender: a full number must be equal; a mask is aligned on
 * the right, may not be longer than the account, and each visible digit must equal the account's digit there.
 * A null sender (an unreadable statement) matches nothing.
 */
export function accountMatches(parsed: SenderAccount | null, registered: string): boolean {
  if (parsed === null || !/^\d{10,15}$/.test(registered)) return false
  if (parsed.kind === 'full') return parsed.digits === registered
  const { pattern } = parsed
  if (pattern.length > registered.length) return false
  const offset = registered.length - pattern.length
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]
    if (expected !== '_' && expected !== registered[offset + i]) return false
  }
  return true
}

/**
 * A SQL LIKE pattern that finds the candidate accounts in the database, to be confirmed with `accountMatches`:
 * the digits themselves, or '%' and the mask (whose '_' is LIKE's one-character wildcard). Only digits, '_' and '%',
 * so nothing needs escaping.
 */
export function likePattern(parsed: SenderAccount): string {
  return parsed.kind === 'full' ? parsed.digits : `%${parsed.pattern}`
}

/** How many digits in a row a window of `bank_account_windows` holds (migration 0027). */
const WINDOW = 4

/**
 * The key under which the masked-account index (ADR 063, the SQL function `bank_account_windows` of migration 0027)
 * files every account whose digits the mask shows: `<bank>:<offset>:<four digits>`, the mask's rightmost run of four
 * visible digits and how far from the account's right end that run ends (a mask is aligned on the right). Null for a
 * full number (found by its own key) and for a mask with no four visible digits in a row (the trigram index serves it).
 */
export function windowKey(bankCode: string, parsed: SenderAccount): string | null {
  if (parsed.kind === 'full') return null
  const { pattern } = parsed
  for (let end = pattern.length - 1; end >= WINDOW - 1; end--) {
    const digits = pattern.slice(end - WINDOW + 1, end + 1)
    if (!digits.includes('_')) return `${bankCode}:${pattern.length - 1 - end}:${digits}`
  }
  return null
}

// Titles a statement may put before the name. Thai ones are often written straight onto the name ("นายสมชาย").
const THAI_TITLES = ['นางสาว', 'นาง', 'นาย', 'น.ส.', 'ด.ช.', 'ด.ญ.']
const ENGLISH_TITLE = /^(?:mrs|mr|ms|miss)(?:\.\s*|\s+)/

function normalise(text: string): string {
  // NFKC so a precomposed sara am (ำ) and its two-character spelling compare equal.
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The name with each title it may start with removed, and the name itself: "นางสาวิตรี" is Ms Savitri (นาง +
 * สาวิตรี), not Miss "ิตรี", and a name may itself begin like a title, so every reading is kept and tried.
 */
function readings(name: string): string[] {
  const found = [name]
  for (const title of THAI_TITLES) if (name.startsWith(title)) found.push(name.slice(title.length).trimStart())
  const english = ENGLISH_TITLE.exec(name)
  if (english) found.push(name.slice(english[0].length))
  return found
}

function tokens(name: string): string[] {
  return name
    .split(' ')
    .map((token) => token.replace(/\.+$/, ''))
    .filter((token) => token !== '')
}

/**
 * Whether the sender name on a statement can be the player's. No name (or a bare title) says nothing against it,
 * so it matches. Otherwise, titles aside, the first word must be the first name or its first 2+ characters
 * (statements truncate), and what follows, if anything, must be the start of the surname, even a single letter.
 * Comparison is case-insensitive; an English statement name will not match a Thai registered name.
 */
export function nameMatches(given: string | undefined | null, firstname: string, surname: string): boolean {
  if (given === undefined || given === null) return true
  const first = normalise(firstname)
  const last = normalise(surname)
  return readings(normalise(given)).some((reading) => {
    const [head, ...rest] = tokens(reading)
    if (head === undefined) return true
    const firstOk = head === first || (head.length >= 2 && first.startsWith(head))
    return firstOk && last.startsWith(rest.join(' '))
  })
}

/**
 * Whether the sender name positively confirms the player: unlike `nameMatches`, a missing name or a bare title
 * ("นาย") is not enough. A masked account shows only a few digits, which many players share; the name is the only
 * other thing that says who sent the money, so without it the transfer waits for an operator.
 */
export function nameConfirms(given: string | undefined | null, firstname: string, surname: string): boolean {
  if (given === undefined || given === null) return false
  if (!readings(normalise(given)).some((reading) => tokens(reading).length > 0 && !THAI_TITLES.includes(reading) && !ENGLISH_TITLE.test(`${reading} `)))
    return false
  return nameMatches(given, firstname, surname)
}

/**
 * A sender's account as a Thai bank statement shows it (issue 34 §2): the four digits a statement keeps, the others
 * `x`. A 10-digit account `1234567890` is `xxx-x-x6789-x` (as KBank, SCB and Krungthai print it); another length keeps
 * the four before its last digit. An account the bank reported masked already is shown as it came.
 */
export function statementAccount(raw: string): string {
  if (/[^\d\s-]/.test(raw)) return raw
  const digits = raw.replace(/\D/g, '')
  if (digits.length === 10) return `xxx-x-x${digits.slice(5, 9)}-x`
  if (digits.length < 6) return 'x'.repeat(digits.length)
  return `${'x'.repeat(digits.length - 5)}${digits.slice(-5, -1)}x`
}

/**
 * A sender's name as a statement shows it: the first name and the first letter of the rest (`นาย สมชาย ใ`), never the
 * whole surname.
 */
export function statementName(name: string | null): string | null {
  if (name === null) return null
  const words = name.trim().split(/\s+/)
  const title = /^(นาย|นาง|นางสาว|น\.ส\.|mr\.?|mrs\.?|ms\.?|miss)$/i.test(words[0] ?? '') ? `${words.shift()} ` : ''
  const [first = '', ...rest] = words
  return `${title}${first}${rest.length > 0 ? ` ${[...rest.join(' ')][0]}` : ''}`
}

/**
 * Whether two reports of a sender's account can be the same account (ADR 080: a transfer reported by a notification
 * and by the feed): two full numbers equal; a full number and a mask as `accountMatches`; two masks, right-aligned,
 * showing at least four digits in the same places and no digit that differs. Unreadable: never the same.
 */
export function sameSenderAccount(a: string, b: string): boolean {
  const first = parseSenderAccount(a)
  const second = parseSenderAccount(b)
  if (!first || !second) return false
  if (first.kind === 'full' && second.kind === 'full') return first.digits === second.digits
  if (first.kind === 'full') return accountMatches(second, first.digits)
  if (second.kind === 'full') return accountMatches(first, second.digits)
  const [x, y] = [first.pattern, second.pattern]
  let shared = 0
  for (let i = 1; i <= Math.min(x.length, y.length); i++) {
    const [p, q] = [x[x.length - i]!, y[y.length - i]!]
    if (p === '_' || q === '_') continue
    if (p !== q) return false
    shared++
  }
  return shared >= MIN_VISIBLE
}

/**
 * Whether an account holder's name as a slip or statement gives it (often cut short: `บจก. สนาม เ`) is the registered
 * one: every word the same, the last one at least the start of the registered word there. Case, spacing and the dots
 * after a word are ignored. An empty name says nothing, so it does not match.
 */
export function holderNameMatches(given: string | null, registered: string): boolean {
  const words = (name: string) => tokens(normalise(name))
  const said = words(given ?? '')
  const held = words(registered)
  if (said.length === 0 || said.length > held.length) return false
  return said.every((word, i) => (i === said.length - 1 ? held[i]!.startsWith(word) : held[i] === word))
}

/** The receiving side of a transfer as a slip verifier reports it (modules/slips/slip-verifier.ts's SlipParty). */
export interface TransferReceiver {
  bankCode: string | null
  account: string | null
  name: string | null
  proxy: { type: string; value: string } | null
}

/**
 * Whether a verified transfer's receiver is this pay-in account (ADR 079): its bank when named, the account (in full
 * or by the digits a mask shows) or its PromptPay id, and the holder's name. A masked account or id shows a few
 * digits other accounts share, so without the name it is not ours; a full number of ours is ours.
 */
export function receiverIsAccount(
  receiver: TransferReceiver,
  account: { bankCode: string; accountNumber: string; accountName: string; promptpayId: string | null },
): boolean {
  if (receiver.bankCode !== null && receiver.bankCode !== account.bankCode) return false
  const byAccount = receiver.account === null ? null : parseSenderAccount(receiver.account)
  const byProxy = receiver.proxy === null || account.promptpayId === null ? null : parseSenderAccount(receiver.proxy.value)
  const numberFits =
    (byAccount !== null && accountMatches(byAccount, account.accountNumber)) || (byProxy !== null && accountMatches(byProxy, account.promptpayId!))
  if (!numberFits) return false
  if (receiver.name !== null && receiver.name.trim() !== '') return holderNameMatches(receiver.name, account.accountName)
  return byAccount?.kind === 'full' && accountMatches(byAccount, account.accountNumber)
}
