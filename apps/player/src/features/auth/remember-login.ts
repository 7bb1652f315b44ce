/**
 * "Remember password" (spec §2 Login), see apps/player/docs/decisions/001-remember-password.md: the phone number
 * is kept in localStorage; the password only in the browser's own password store, through the Credential
 * Management API where the browser has it (and through `autocomplete` attributes everywhere). The plain password
 * never goes into web storage.
 */
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.ts'

export const REMEMBERED_PHONE_KEY = 'sanam.rememberedPhone'

/** How long to wait for the browser's password store before giving up on pre-filling. */
const CREDENTIAL_WAIT_MS = 3000

interface PasswordCredentialLike {
  readonly type: string
  readonly id: string
  readonly password?: string
}
type PasswordCredentialConstructor = new (data: { id: string; password: string; name?: string }) => Credential

function passwordCredentialConstructor(): PasswordCredentialConstructor | undefined {
  const candidate = (globalThis as { PasswordCredential?: PasswordCredentialConstructor }).PasswordCredential
  return typeof candidate === 'function' && typeof navigator !== 'undefined' && navigator.credentials ? candidate : undefined
}

/** The phone number kept by a previous "remember" login, if any. */
export function rememberedPhone(): string | null {
  return readStorage('local', REMEMBERED_PHONE_KEY)
}

/** Remember checked at a successful login: keep the phone, offer the password to the browser's store. */
export async function rememberLogin(mobile: string, password: string): Promise<void> {
  writeStorage('local', REMEMBERED_PHONE_KEY, mobile)
  const Credential = passwordCredentialConstructor()
  if (!Credential) return
  try {
    await navigator.credentials.store(new Credential({ id: mobile, password, name: mobile }))
  } catch {
    // The browser declined (policy, insecure context, the player said no): the phone is still remembered.
  }
}

/**
 * Remember unchecked at a successful login: forget the phone, and ask the browser not to hand the password
 * back without the player's say (a page cannot delete an entry from the browser's password manager).
 */
export async function forgetLogin(): Promise<void> {
  removeStorage('local', REMEMBERED_PHONE_KEY)
  try {
    await navigator.credentials?.preventSilentAccess()
  } catch {
    // Not supported: nothing else to do.
  }
}

/**
 * The password the browser keeps for `mobile`, when it has the Credential Management API and the player lets it
 * through; null otherwise or after {@link CREDENTIAL_WAIT_MS}.
 */
export async function storedPassword(mobile: string): Promise<string | null> {
  if (!passwordCredentialConstructor()) return null
  const request = navigator.credentials
    .get({ password: true, mediation: 'optional' } as CredentialRequestOptions)
    .then((credential) => {
      const stored = credential as PasswordCredentialLike | null
      return stored?.type === 'password' && stored.id === mobile && typeof stored.password === 'string' ? stored.password : null
    })
    .catch(() => null)
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CREDENTIAL_WAIT_MS))
  return Promise.race([request, timeout])
}
