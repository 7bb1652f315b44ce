import { randomInt } from 'node:crypto'
import { argon2Hasher, type PasswordHasher } from '../src/modules/auth/password.ts'
import { playersRepository, type NewPlayer, type PlayerRow } from '../src/modules/users/users.repository.ts'
import { randomString, UNAMBIGUOUS } from '../src/lib/crypto.ts'
import type { Db } from '../src/db/client.ts'

let sequence = randomInt(10_000_000)

/** A phone number no other factory call in this process has used. */
export function uniqueMobile(): string {
  sequence = (sequence + 1) % 100_000_000
  return `08${String(sequence).padStart(8, '0')}`
}

/** A bank account number no other factory call in this process has used. */
export function uniqueBankAccount(): string {
  sequence = (sequence + 1) % 100_000_000
  return `10${String(sequence).padStart(8, '0')}`
}

/**
 * A public client address no other factory call in this process has used (players sharing one are linked accounts;
 * private and loopback addresses link nobody).
 */
export function uniqueAddress(): string {
  sequence = (sequence + 1) % 100_000_000
  return `11.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`
}

/** A name (first name) no other factory call in this process has used: players sharing a full name are linked. */
export function uniqueName(): string {
  return `สมาชิก${randomString(UNAMBIGUOUS, 6)}`
}

/** A valid registration body; override what the test is about. */
export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    mobile: uniqueMobile(),
    password: 'secret123',
    firstname: 'สมหญิง',
    surname: 'ทดสอบ',
    bank_account: uniqueBankAccount(),
    bank_code: '014',
    invite_code: '',
    upid: '',
    adult: true,
    accept_terms: true,
    ...overrides,
  }
}

/**
 * The hash of each password a test hasher has made, made once per process: an argon2 hash costs tens of milliseconds
 * of CPU, test files make players and operators by the hundred, and their own salts are not what any of them tests.
 */
const madeHashes = new WeakMap<PasswordHasher, Map<string, Promise<string>>>()
export function passwordHashOf(password: string, hasher: PasswordHasher = argon2Hasher): Promise<string> {
  let hashes = madeHashes.get(hasher)
  if (!hashes) madeHashes.set(hasher, (hashes = new Map()))
  let hash = hashes.get(password)
  if (!hash) hashes.set(password, (hash = hasher.hash(password)))
  return hash
}

/**
 * argon2 as the app has it, with each check of a (hash, password) pair done once per process and its answer kept: a
 * check costs about 8 ms of CPU, and test files sign the same made players and operators in by the hundred. A check's
 * answer depends on nothing but the pair; hashing is argon2's own, a new salt each time.
 */
const checked = new Map<string, Promise<boolean>>()
export const checkOnceArgon2Hasher: PasswordHasher = {
  hash: (password) => argon2Hasher.hash(password),
  verify(passwordHash, password) {
    const pair = `${passwordHash}\u0000${password}`
    let answer = checked.get(pair)
    if (!answer) checked.set(pair, (answer = argon2Hasher.verify(passwordHash, password)))
    return answer
  },
}

/** When a made player registered, unless the test says otherwise. */
export const MEMBER_SINCE = new Date('2026-01-01T00:00:00Z')

/** An active player with a known password, inserted directly. */
export async function makePlayer(db: Db, overrides: Partial<NewPlayer> & { password?: string } = {}): Promise<PlayerRow & { password: string }> {
  const { password = 'secret123', ...fields } = overrides
  const row = await playersRepository.insert(db, {
    mobile: uniqueMobile(),
    passwordHash: await passwordHashOf(password),
    firstname: 'สมชาย',
    surname: 'ทดสอบ',
    bankCode: '004',
    bankAccount: uniqueBankAccount(),
    inviteCode: randomString(UNAMBIGUOUS, 8),
    // Registered long before any test clock's now (it starts 2026-11-22): a member who was there when the test's
    // transfers arrived. A test about when a member registered says so.
    createdAt: MEMBER_SINCE,
    ...fields,
  })
  return { ...row, password }
}

/** A promotion with exactly the rules a test is about. */
export async function makePromotion(
  db: Db,
  promotion: { creditGivenType?: 'FIXED' | 'PERCENT'; creditGiven?: bigint; rules: Array<{ type: string; value: unknown }>; title?: string },
) {
  const { promotionsRepository } = await import('../src/modules/promotions/promotions.repository.ts')
  const terms = {
    title: promotion.title ?? 'โปรทดสอบ',
    image: '/media/site/logo.svg',
    creditGivenType: promotion.creditGivenType ?? 'FIXED',
    creditGiven: promotion.creditGiven ?? 10_000n,
    rules: promotion.rules,
  }
  // Published as version 1 by the system, as the demo seed publishes.
  const row = await promotionsRepository.insert(db, { ...terms, active: true, sort: 0 })
  const version = await promotionsRepository.insertVersion(db, {
    ...terms,
    promotionId: row.id,
    status: 'PUBLISHED',
    proposedAt: row.createdAt,
    decidedAt: row.createdAt,
  })
  return promotionsRepository.update(db, row.id, { versionId: version.id })
}
