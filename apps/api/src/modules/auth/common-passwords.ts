import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * How many of the most common passwords are refused. The list ships with the package (zxcvbn-ts's, ranked by how often
 * each appears in leaked password sets), so nothing is fetched at run time. Spec §5 keeps 6 characters as the minimum;
 * this refuses the guesses an attacker tries first (ASVS 2.1.7).
 */
export const COMMON_PASSWORDS_REFUSED = 10_000

const common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED))

/** True when the password, ignoring case, is among the most common ones. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase())
}
