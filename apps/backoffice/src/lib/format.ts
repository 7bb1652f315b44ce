/** Amounts and times as Thai operators read them: baht with two decimals, dates in Bangkok, Buddhist era. */
const baht = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const dateTime = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

export const formatBaht = (amount: number) => `฿${baht.format(amount)}`
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '–')

const day = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { timeZone: 'UTC', day: 'numeric', month: 'short' })
/** A Bangkok calendar day (YYYY-MM-DD) as "22 พ.ย.". The date is already Bangkok's, so it is read as is (UTC). */
export const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`))
