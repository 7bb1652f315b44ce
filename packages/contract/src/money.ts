/**
 * Money at the edge is a JSON number of baht with at most 2 decimals; inside it is integer satang (bigint).
 * These helpers are the only place the two meet.
 */

/** Largest amount one request may carry: 10 million baht. Anything above is absurd for this product. */
export const MAX_BAHT = 10_000_000

/** True when `value` is a finite number of baht, ≥ 0, ≤ MAX_BAHT, with at most 2 decimals. */
export function isBahtAmount(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_BAHT) return false
  const scaled = value * 100
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

/** Baht (validated with isBahtAmount) → satang. */
export function bahtToSatang(baht: number): bigint {
  if (!isBahtAmount(baht)) throw new RangeError(`not a baht amount: ${baht}`)
  return BigInt(Math.round(baht * 100))
}

/** Satang → baht as a JSON number with at most 2 decimals. */
export function satangToBaht(satang: bigint): number {
  const negative = satang < 0n
  const abs = negative ? -satang : satang
  // One division, which IEEE rounds to the double nearest the exact value, so 166n prints as 1.66; adding the
  // cents separately (1 + 0.66) gave 1.6600000000000001.
  const value = Number(abs) / 100
  return negative ? -value : value
}

/** Decimal text of baht as providers send it ("12.50", "7", at most 2 decimals): its shape is checked by the caller's schema. */
export const DECIMAL_BAHT_TEXT = /^\d{1,8}(\.\d{1,2})?$/

/** "12.50" → 1250n. Throws on text that is not decimal baht (schemas check the shape first and report it in Thai). */
export function decimalTextToSatang(text: string): bigint {
  if (!DECIMAL_BAHT_TEXT.test(text)) throw new RangeError(`not decimal baht: ${text}`)
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** 1250n → "12.50": the decimal text of baht providers read. */
export function satangToDecimalText(satang: bigint): string {
  const negative = satang < 0n
  const abs = negative ? -satang : satang
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}
