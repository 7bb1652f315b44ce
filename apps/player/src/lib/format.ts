/**
 * Thai number and date formats (spec §9), the one place the app turns money, percentages and dates into text:
 * balances with the baht sign and two decimals, bonus and refund with two decimals and 'บาท', dates in the
 * Buddhist era (the th-TH locale's default calendar), Bangkok time.
 */
import { t } from './i18n/index.ts'

const baht = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const twoDecimals = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const wholeNumber = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 })
const wholePercent = new Intl.NumberFormat('th-TH', { style: 'percent', maximumFractionDigits: 0 })
const progressPercent = new Intl.NumberFormat('th-TH', { style: 'percent', maximumFractionDigits: 2 })
const dateTime = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' })
const dateOnly = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeZone: 'Asia/Bangkok' })

const finite = (value: number) => (Number.isFinite(value) ? value : 0)

/** `฿1,234.50`. A value that is not a finite number reads as zero rather than `฿NaN`. */
export function formatBaht(amount: number): string {
  return baht.format(finite(amount))
}

/** `1,234.50 บาท`. */
export function formatBahtWord(amount: number): string {
  return t('money.baht', { n: twoDecimals.format(finite(amount)) })
}

/** `1,500`: a whole number with Thai grouping (the withdrawal minimum in its message, the amount being typed). */
export function formatWhole(value: number): string {
  return wholeNumber.format(finite(value))
}

/** Keeps only the digits of what was typed or pasted (`1,5a00` → `1500`), without leading zeros. */
export function amountDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '')
}

/** The amount input's text for `digits`: `1500` → `1,500`; nothing stays nothing. */
export function formatAmountInput(digits: string): string {
  return digits === '' ? '' : formatWhole(Number(digits))
}

/** `0.03` → `3%`: the referral levels' fractions as whole-number percentages (spec §9). */
export function formatPercent(fraction: number): string {
  return wholePercent.format(finite(fraction))
}

/** `37.51%` from `37.51`: a progress already in percent (promotion turnover), up to two decimals. */
export function formatProgressPercent(percent: number): string {
  return progressPercent.format(finite(percent) / 100)
}

/** `22 พ.ย. 2569 10:30`: Buddhist era, Bangkok time. An unreadable date is returned as given. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

/** `22 พ.ย. 2569`: the day only (when a friend joined), Buddhist era, Bangkok day. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date)
}

/** `1234567890` → `123-4-56789-0`, the way Thai banks print a 10-digit account; other lengths as they are. */
export function formatAccountNumber(account: string): string {
  return /^\d{10}$/.test(account) ? `${account.slice(0, 3)}-${account.slice(3, 4)}-${account.slice(4, 9)}-${account.slice(9)}` : account
}
