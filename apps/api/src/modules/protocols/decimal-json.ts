// Vendors send money as JSON numbers ("amount": 63727092.34). JSON.parse would turn each into a binary float, and a
// float cannot hold most decimal fractions exactly; Node 20's JSON.parse gives a reviver no access to the source text.
// So the text is read here as written: every number token outside a string becomes a string of its exact digits,
// then the standard parser reads the result. Amounts are then read from those digits with integer arithmetic only.

/** A JSON number token: sign, integer part, fraction, exponent (the grammar of RFC 8259 §6). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Parses JSON text with every number kept as the text it was written as (`{"a": 1.50}` gives `{ a: "1.50" }`).
 * Throws SyntaxError on text that is not JSON, as JSON.parse does.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  let out = ''
  let from = 0
  let at = 0
  while (at < text.length) {
    const c = text[at]!
    if (c === '"') {
      // Skip the string, escapes included: its content is the standard parser's.
      at += 1
      while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1
      at += 1
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = at
      const match = NUMBER.exec(text)
      if (!match) throw new SyntaxError(`Unexpected number at position ${at}`)
      out += `${text.slice(from, at)}"${match[0]}"`
      at += match[0].length
      from = at
    } else at += 1
  }
  return JSON.parse(out + text.slice(from))
}

/**
 * Baht as decimal text (a number's digits, or a string of them) to satang: plain digits with at most `places`
 * decimals, of which only the first two may be other than 0. A negative, an exponent, a digit past the satang or
 * anything else is null. No floating point anywhere.
 */
export function satangOfDecimal(value: unknown, places = 6): bigint | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(value)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > places || /[1-9]/.test(fraction.slice(2))) return null
  return BigInt(match[1]!) * 100n + BigInt((fraction.slice(0, 2) + '00').slice(0, 2))
}

/** Satang as a JSON number token with two decimals ("1234.50"), written by hand so it is exact at any size. */
export function decimalOfSatang(satang: bigint): string {
  const sign = satang < 0n ? '-' : ''
  const abs = satang < 0n ? -satang : satang
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}
