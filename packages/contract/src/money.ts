/**
 * The money codec: the only place baht as the outside world writes it and satang (integer, bigint) as the server
 * keeps it meet (ADR 025). Two outside forms:
 * - decimal text ("12.50"), as the seamless wallet, the bank's QR and the CLI carry it: parsed and formatted exactly,
 *   with integer arithmetic only (`parseSatang`, `formatSatang`);
 * - a JSON number of baht, as the player and back-office APIs carry it: checked to be a 2-decimal amount within the
 *   product's range, then rounded to the nearest satang (`isBahtAmount`, `bahtToSatang`), and given back as a number
 *   (`satangToBaht`). A double cannot hold 0.07 exactly, so "2 decimals" means within a millionth of a satang.
 * Numbers from configuration (whole-baht minimums, promotion rules) go through `nearestSatang`.
 */

/** Largest amount one request may carry: 10 million baht. Anything above is absurd for this product. */
export const MAX_BAHT = 10_000_000

/** True when `value` is a finite number of baht, ≥ 0, ≤ MAX_BAHT, with at most 2 decimals. */
export function isBahtAmount(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_BAHT) return false
  const scaled = value * 100
  const satang = Math.round(scaled)
  // A tiny positive number (8e-47) is within the tolerance of 0 satang: it is not an amount, not zero either.
  return Math.abs(scaled - satang) < 1e-6 && (satang !== 0 || value === 0)
}

/** Baht (validated with isBahtAmount) → satang. */
export function bahtToSatang(baht: number): bigint {
  if (!isBahtAmount(baht)) throw new RangeError(`not a baht amount: ${baht}`)
  return nearestSatang(baht)
}

/**
 * A number of baht from configuration (a whole-baht minimum, a promotion rule's cap) → satang, rounded to the
 * nearest satang (halves away from zero for positive values, as Math.round does). Not for request input: that is
 * checked with isBahtAmount first.
 */
export function nearestSatang(baht: number): bigint {
  // Past 2^53 satang (90 trillion baht) this is the double's own value, not the decimal one wrote: such a number is
  // a stand-in for "no limit" in a rule, never an amount, and refusing it would break the rule that holds it.
  if (!Number.isFinite(baht)) throw new RangeError(`not a number of baht: ${baht}`)
  return BigInt(Math.round(baht * 100))
}

/** Most whole-baht digits decimal text may have by default: well past any amount, short enough to refuse junk early. */
const MAX_WHOLE_DIGITS = 15

/**
 * Decimal text of baht → satang, exactly: "12" → 1200n, "12.5" → 1250n, "0.05" → 5n. null for anything else: a sign
 * ("-1", "+1"), an exponent ("1e21"), more than 2 decimals ("0.005"), spaces, "12." or ".5", or more than
 * `maxWholeDigits` whole digits. The caller bounds the value further where its format does (a QR's 13 characters).
 */
export function parseSatang(text: string, maxWholeDigits = MAX_WHOLE_DIGITS): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match || match[1]!.length > maxWholeDigits) return null
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** Satang → decimal text of baht with exactly 2 decimals, exactly, at any size: 1250n → "12.50", -5n → "-0.05". */
export function formatSatang(satang: bigint): string {
  const abs = satang < 0n ? -satang : satang
  return `${satang < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
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
