import { stringify, type Options, type Stringifier } from 'csv-stringify'

/** A cell a spreadsheet would read as a formula (or a DDE call) when it begins so (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number, as the reports write amounts (`-150.00`): data, whatever its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A text cell as data, never a formula: one beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * single quote in front (OWASP's advice; Excel and LibreOffice show the text, the quote hidden or plain), except a
 * plain number such as `-150.00`, which stays a number the spreadsheet can sum. A title `-1+1` is text and is quoted.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

/**
 * csv-stringify with every string cell passed through `neutraliseCell`: the one way the API writes CSV (a layer rule
 * in docs/ARCHITECTURE.md keeps csv-stringify out of other files), so no export can carry a live formula. Numbers
 * (JavaScript numbers) are written as they are.
 */
export function csvStringifier(options: Omit<Options, 'cast'> = {}): Stringifier {
  return stringify({ ...options, cast: { string: neutraliseCell } })
}
