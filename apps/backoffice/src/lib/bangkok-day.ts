const BANGKOK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Bangkok calendar day of `at` as `YYYY-MM-DD` (the reconciliation's day, ADR 035), whatever the browser's zone. */
export function bangkokDay(at: Date): string {
  return BANGKOK_DAY.format(at)
}
