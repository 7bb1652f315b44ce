import { hash, verify } from '@node-rs/argon2'

/** Hashes and checks passwords. Injected so service tests can use a fast fake. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
}

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). `algorithm: 2` is Algorithm.Argon2id (a const enum we cannot import). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password)
    } catch {
      return false
    }
  },
}
