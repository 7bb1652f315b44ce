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
