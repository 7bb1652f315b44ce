/**
 * Thai number and date formats (spec §9), the one place both web apps turn money, percentages and dates into text
 * (ADR 038): amounts with the baht sign and two decimals, bonus and refund with two decimals and the word baht, dates
 * in the Buddhist era (the th-TH locale's default calendar), Bangkok time. Pure: Intl only, no app catalogue.
 */

const baht = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const twoDecimals = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const wholeNumber = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 })
const upToTwoDecimals = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 })
/** Percentages up to two decimals: the referral plan's rates are hundredths of a percent (ADR 044), progress too. */
const percent = new Intl.NumberFormat('th-TH', { style: 'percent', maximumFractionDigits: 2 })
const dateTime = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' })
const dateTimeSeconds = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const dateOnly = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeZone: 'Asia/Bangkok' })
// A calendar day given as YYYY-MM-DD is already Bangkok's: read at midnight UTC and shown in UTC, so it never shifts.
const dayMonth = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', day: 'numeric', month: 'short' })

/** What an absent time (not yet decided, never signed in) reads as. */
const NONE = '–'

const finite = (value: number) => (Number.isFinite(value) ? value : 0)

/** `฿1,234.50`. A value that is not a finite number reads as zero rather than `฿NaN`. */
export function formatBaht(amount: number): string {
  return baht.format(finite(amount))
}

/** `1,234.50`: two decimals and no unit (a read-only amount field). */
export function formatAmount(amount: number): string {
  return twoDecimals.format(finite(amount))
}

/** `1,234.50 บาท`: the unit is part of the format, like the baht sign. */
export function formatBahtWord(amount: number): string {
  return `${formatAmount(amount)} บาท`
}

/** `1,500`: a whole number with Thai grouping (the withdrawal minimum in its message, the amount being typed). */
export function formatWhole(value: number): string {
  return wholeNumber.format(finite(value))
}

/** `1,000.5`, `300`: a number with Thai grouping and only the decimals it has, up to two (a promotion's values). */
export function formatNumber(value: number): string {
  return upToTwoDecimals.format(finite(value))
}

/** Keeps only the digits of what was typed or pasted (`1,5a00` → `1500`), without leading zeros. */
export function amountDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '')
}

/** The amount input's text for `digits`: `1500` → `1,500`; nothing stays nothing. */
export function formatAmountInput(digits: string): string {
  return digits === '' ? '' : formatWhole(Number(digits))
}

/** `0.03` → `3%`, `0.035` → `3.5%`: the referral levels' fractions as percentages (up to two decimals, ADR 044). */
export function formatPercent(fraction: number): string {
  return percent.format(finite(fraction))
}

/** `37.51%` from `37.51`: a value already in percent (promotion turnover progress, the plan's rates), up to two decimals. */
export function formatProgressPercent(value: number): string {
  return percent.format(finite(value) / 100)
}

function formatInstant(format: Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return NONE
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : format.format(date)
}

/** `22 พ.ย. 2569 10:30`: Buddhist era, Bangkok time; none reads `–`. An unreadable date is returned as given. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatInstant(dateTime, iso)
}

/** `22 พ.ย. 2569 10:30:05`: {@link formatDateTime} to the second, for the operators' records and logs. */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  return formatInstant(dateTimeSeconds, iso)
}

/** `22 พ.ย. 2569`: the day only (when a friend joined), Buddhist era, Bangkok day. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date)
}

/** `22 พ.ย.` from `2026-11-22`: a Bangkok calendar day (the dashboard's days), no year. */
export function formatDay(day: string): string {
  return formatInstant(dayMonth, `${day}T00:00:00Z`)
}

/** `1234567890` → `123-4-56789-0`, the way Thai banks print a 10-digit account; other lengths as they are. */
export function formatAccountNumber(account: string): string {
  return /^\d{10}$/.test(account) ? `${account.slice(0, 3)}-${account.slice(3, 4)}-${account.slice(4, 9)}-${account.slice(9)}` : account
}
