/**
 * Thai number and date formats (spec §9): balances with the baht sign and two decimals, bonus and refund with
 * two decimals and 'บาท', dates in the Buddhist era (the th-TH locale's default calendar), Bangkok time.
 */
import { t } from './i18n/index.ts'

const baht = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const twoDecimals = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const dateTime = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' })

/** `฿1,234.50`. A value that is not a finite number reads as zero rather than `฿NaN`. */
export function formatBaht(amount: number): string {
  return baht.format(Number.isFinite(amount) ? amount : 0)
}

/** `1,234.50 บาท`. */
export function formatBahtWord(amount: number): string {
  return t('money.baht', { n: twoDecimals.format(Number.isFinite(amount) ? amount : 0) })
}

/** `22 พ.ย. 2569 10:30`: Buddhist era, Bangkok time. An unreadable date is returned as given. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}
