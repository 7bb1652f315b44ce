import { hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'

/** Hashes and checks passwords. Injected so service tests can use a fast fake. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
}

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). `algorithm: 2` is Algorithm.Argon2id (a const enum we cannot import). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Password hashes computed at once per API process (ADR 060). Each takes a core for about 10 ms: four at once took
 * both cores of a 2-core machine from the balance reads and bets beside them (their p99 2.25× with four connections of
 * logins). One at a time, the other cores stay for the money paths; a burst of logins waits its turn instead.
 */
export const PASSWORD_HASHES_AT_ONCE = 1

/** `hasher` with at most `atOnce` of its hashes and checks running; the others queue, in order. */
export function limitedHasher(hasher: PasswordHasher, atOnce: number): PasswordHasher & { running(): number; waiting(): number } {
  const limit = pLimit(atOnce)
  return {
    hash: (password) => limit(() => hasher.hash(password)),
    verify: (passwordHash, password) => limit(() => hasher.verify(passwordHash, password)),
    running: () => limit.activeCount,
    waiting: () => limit.pendingCount,
  }
}

export const argon2Hasher: PasswordHasher = limitedHasher(
  {
    hash: (password) => hash(password, ARGON2_OPTIONS),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password)
      } catch {
        return false
      }
    },
  },
  PASSWORD_HASHES_AT_ONCE,
)
