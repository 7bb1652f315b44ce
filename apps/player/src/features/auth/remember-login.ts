/**
 * The login page's "remember my phone number" box (spec §2 Login, ADR 074, amending ADR 009): it keeps the phone
 * number in localStorage and pre-fills it next time; nothing else. The password is never kept by the app, in web
 * storage or anywhere else; saving it is the browser's own password manager's business (its own prompt, fed by the
 * form's `autocomplete` attributes), whether the box is ticked or not.
 */
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.ts'

export const REMEMBERED_PHONE_KEY = 'sanam.rememberedPhone'

/** The phone number kept by a previous "remember" login, if any. */
export function rememberedPhone(): string | null {
  return readStorage('local', REMEMBERED_PHONE_KEY)
}

/** The box ticked at a successful login: keep the phone number. */
export function rememberPhone(mobile: string): void {
  writeStorage('local', REMEMBERED_PHONE_KEY, mobile)
}

/** The box unticked at a successful login: forget the phone number. */
export function forgetPhone(): void {
  removeStorage('local', REMEMBERED_PHONE_KEY)
}
