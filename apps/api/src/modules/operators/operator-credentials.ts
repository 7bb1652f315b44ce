import { AppError } from '../../errors.ts'
import { isCommonPassword } from '../auth/common-passwords.ts'
import type { OperatorRow } from './operators.repository.ts'

/*
 * What an operator's credentials must be, shared by the operators module (which issues them) and operator sign-in
 * (which checks them): the rules belong to the operator, so they live here and sign-in imports them (ADR 066).
 */

/** A one-time password (an owner created the operator or reset it) opens the new-password step for this long. */
export const ONE_TIME_PASSWORD_HOURS = 24

/** Every role signs in with a second factor (issue 18): until it has one, a session may only enrol. */
export const mustEnroll = (operator: Pick<OperatorRow, 'totpSecret'>) => operator.totpSecret === null

/** Refuses an operator password that is on the bundled list of the most common ones (length is the schema's). */
export function assertOperatorPassword(password: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON')
}
