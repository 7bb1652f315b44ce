import { t } from './i18n/index.ts'

export const MIN_PASSWORD_LENGTH = 6

export interface PasswordFields {
  old: string
  new: string
  confirm: string
}

/** Spec §5 Change password (and choosing a new one after an operator's reset), in order: all three filled, the new one long enough, the confirmation equal. */
export function passwordProblem(fields: PasswordFields): string | null {
  if (fields.old === '' || fields.new === '' || fields.confirm === '') return t('password.required')
  if (fields.new.length < MIN_PASSWORD_LENGTH) return t('password.short')
  if (fields.new !== fields.confirm) return t('password.mismatch')
  return null
}

/** Spec §5: the confirm button is disabled while a field is empty or the new password is too short. */
export function canSubmitPassword(fields: PasswordFields): boolean {
  return fields.old !== '' && fields.confirm !== '' && fields.new.length >= MIN_PASSWORD_LENGTH
}
