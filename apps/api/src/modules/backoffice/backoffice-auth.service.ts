import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import { newTotpSecret, totpLink, totpStepOf } from '../../lib/totp.ts'
import type { RateLimiter } from '../../plugins/rate-limiter.ts'
import { isCommonPassword } from '../auth/common-passwords.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { OperatorRow, OperatorsRepository } from './operators.repository.ts'

export type OperatorRole = 'owner' | 'finance' | 'support'

/** The operator a back-office request acts for, set by the requireOperator hook from a live session. */
export interface OperatorActor extends AuditActor {
  username: string
  role: OperatorRole
  sessionId: number
  tokenHash: Buffer
  /** Owner or finance without TOTP yet: the session may only enrol (and read itself, and sign out). */
  mustEnroll: boolean
  /** Signs in with a TOTP code: the only operators who may ask for a member's password reset (issue 18 §4). */
  totpEnrolled: boolean
}

/** Roles that move money or manage operators must sign in with a second factor (issue 12). */
export const ROLES_REQUIRING_TOTP: readonly OperatorRole[] = ['owner', 'finance']

/** Wrong passwords per (address, username) per window: the owner signing in from elsewhere is never locked out. */
export const OPERATOR_FAIL_LIMIT = 10
/** Wrong passwords per address per window, whatever the username: one address cannot try many usernames. */
export const OPERATOR_FAIL_LIMIT_PER_ADDRESS = 30
const FAIL_WINDOW_MS = 15 * 60_000
/** How often a session's last use is written: enough for an idle limit counted in minutes, not a write per request. */
const TOUCH_EVERY_MS = 60_000
const TOTP_ISSUER = 'Sanam back-office'

export const mustEnroll = (operator: Pick<OperatorRow, 'role' | 'totpSecret'>) => operator.totpSecret === null && ROLES_REQUIRING_TOTP.includes(operator.role)

/** Refuses an operator password that is on the bundled list of the most common ones (length is the schema's). */
export function assertOperatorPassword(password: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON')
}

/** Operator sign-in, sessions, TOTP enrolment and an operator's own password (ADR 029). */
export function createBackofficeAuthService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  limiter: RateLimiter
  sessionHours: number
  idleMinutes: number
  operatorsRepository: Pick<
    OperatorsRepository,
    | 'count'
    | 'insert'
    | 'findByUsername'
    | 'findById'
    | 'update'
    | 'takeTotpStep'
    | 'insertSession'
    | 'findLiveSession'
    | 'touchSession'
    | 'revokeSession'
    | 'revokeSessionsOf'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, operatorsRepository, auditRepository } = deps
  const dummyHash = hasher.hash(newToken())

  /** Whether `code` is a current TOTP code of `secret` not used before by this operator; takes its step if so. */
  async function takeCode(tx: Db, operatorId: number, secret: string, code: string | undefined): Promise<boolean> {
    const step = code ? totpStepOf(secret, code, clock.now()) : null
    return step !== null && (await operatorsRepository.takeTotpStep(tx, operatorId, step))
  }

  return {
    /**
     * Creates the first operator (an owner) on a database with none, enrolled in TOTP with `totpSecret` when given.
     * Returns the password when it was generated, so start-up can print it once.
     */
    async ensureFirstOperator(username: string, password: string | undefined, totpSecret?: string): Promise<{ created: boolean; generatedPassword?: string }> {
      if ((await operatorsRepository.count(db)) > 0) return { created: false }
      const chosen = password ?? newToken().slice(0, 20)
      await inTransaction(db, async (tx) => {
        const row = await operatorsRepository.insert(tx, {
          username,
          passwordHash: await hasher.hash(chosen),
          role: 'owner',
          totpSecret: totpSecret ?? null,
          createdAt: clock.now(),
        })
        await auditRepository.record(tx, {
          actor: null,
          action: 'operator.create',
          targetType: 'operator',
          targetId: String(row.id),
          after: { username, role: 'owner', totp_enrolled: totpSecret !== undefined },
          at: clock.now(),
        })
      })
      return password ? { created: true } : { created: true, generatedPassword: chosen }
    },

    /**
     * Signs in from `address` (the client address TRUST_PROXY yields). Each attempt is counted before the password is
     * checked, per address and username and per address: a parallel burst gets no more checks than the limits, and
     * guesses from one address never lock the operator out at another. An unknown or disabled username and a wrong
     * password get the same answer after the same work; only the right password reveals that a code is needed.
     */
    async login(input: { username: string; password: string; otp?: string | undefined }, address: string) {
      const pairKey = `bo-login-fail:${address}:${input.username}`
      const [pair, fromAddress] = await Promise.all([
        deps.limiter.hit(pairKey, OPERATOR_FAIL_LIMIT, FAIL_WINDOW_MS),
        deps.limiter.hit(`bo-login-fail-ip:${address}`, OPERATOR_FAIL_LIMIT_PER_ADDRESS, FAIL_WINDOW_MS),
      ])
      const refused = [pair, fromAddress].find((decision) => !decision.allowed)
      if (refused) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(refused.retryAfterMs / 1000))
      const operator = await operatorsRepository.findByUsername(db, input.username)
      const valid = operator
        ? await hasher.verify(operator.passwordHash, input.password)
        : await hasher.verify(await dummyHash, input.password).then(() => false)
      if (!operator || !valid || operator.disabledAt !== null) throw new AppError('BAD_CREDENTIALS')

      const token = newToken()
      const now = clock.now()
      await inTransaction(db, async (tx) => {
        if (operator.totpSecret !== null && !(await takeCode(tx, operator.id, operator.totpSecret, input.otp))) throw new AppError('OTP_REQUIRED')
        await operatorsRepository.insertSession(tx, {
          tokenHash: sha256(token),
          operatorId: operator.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + deps.sessionHours * 3_600_000),
        })
        await operatorsRepository.update(tx, operator.id, { lastLoginAt: now })
        await auditRepository.record(tx, {
          actor: { operatorId: operator.id, ip: address },
          action: 'operator.login',
          targetType: 'operator',
          targetId: String(operator.id),
          at: now,
        })
      })
      // The per-address count stays: a right password for one account must not buy more guesses at others.
      await deps.limiter.reset(pairKey)
      return { token, username: operator.username, role: operator.role, totp_enrolled: operator.totpSecret !== null, must_enroll: mustEnroll(operator) }
    },

    /** The operator of a live session, or null: revoked, expired, idle too long or disabled all end it. */
    async authenticate(token: string, address: string): Promise<OperatorActor | null> {
      if (!token || token.length > 256) return null
      const now = clock.now()
      const tokenHash = sha256(token)
      const row = await operatorsRepository.findLiveSession(db, tokenHash, now, new Date(now.getTime() - deps.idleMinutes * 60_000))
      if (!row) return null
      if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await operatorsRepository.touchSession(db, row.sessionId, now)
      return {
        operatorId: row.operatorId,
        username: row.username,
        role: row.role,
        ip: address,
        sessionId: row.sessionId,
        tokenHash,
        mustEnroll: mustEnroll(row),
        totpEnrolled: row.totpSecret !== null,
      }
    },

    async logout(actor: OperatorActor): Promise<void> {
      await operatorsRepository.revokeSession(db, actor.tokenHash, clock.now())
    },

    async me(actor: OperatorActor) {
      const row = await operatorsRepository.findById(db, actor.operatorId)
      if (!row) throw new AppError('UNAUTHORIZED')
      return { operator_id: row.id, username: row.username, role: row.role, totp_enrolled: row.totpSecret !== null, must_enroll: mustEnroll(row) }
    },

    /** Starts (or restarts) enrolment: a new pending secret, shown once, that counts only after a code confirms it. */
    async startTotp(actor: OperatorActor) {
      const row = await operatorsRepository.findById(db, actor.operatorId)
      if (!row) throw new AppError('UNAUTHORIZED')
      if (row.totpSecret !== null) throw new AppError('TOTP_ALREADY_ENROLLED')
      const secret = newTotpSecret()
      await operatorsRepository.update(db, row.id, { totpPendingSecret: secret })
      return { secret, otpauth_url: totpLink(secret, row.username, TOTP_ISSUER) }
    },

    /** Confirms enrolment with a code from the pending secret; from then on every sign-in needs a code. */
    async confirmTotp(actor: OperatorActor, otp: string) {
      await inTransaction(db, async (tx) => {
        const row = await operatorsRepository.findById(tx, actor.operatorId, true)
        if (!row) throw new AppError('UNAUTHORIZED')
        if (row.totpSecret !== null) throw new AppError('TOTP_ALREADY_ENROLLED')
        if (row.totpPendingSecret === null || !(await takeCode(tx, row.id, row.totpPendingSecret, otp))) throw new AppError('OTP_INVALID')
        await operatorsRepository.update(tx, row.id, { totpSecret: row.totpPendingSecret, totpPendingSecret: null })
        await auditRepository.record(tx, { actor, action: 'operator.totp_enrol', targetType: 'operator', targetId: String(row.id), at: clock.now() })
      })
      return { totp_enrolled: true, must_enroll: false }
    },

    /** Changes the operator's own password; every other session of theirs ends. */
    async changePassword(actor: OperatorActor, currentPassword: string, newPassword: string) {
      const row = await operatorsRepository.findById(db, actor.operatorId)
      if (!row) throw new AppError('UNAUTHORIZED')
      if (!(await hasher.verify(row.passwordHash, currentPassword))) throw new AppError('OLD_PASSWORD_WRONG')
      assertOperatorPassword(newPassword)
      const passwordHash = await hasher.hash(newPassword)
      await inTransaction(db, async (tx) => {
        await operatorsRepository.update(tx, row.id, { passwordHash })
        const ended = await operatorsRepository.revokeSessionsOf(tx, row.id, clock.now(), actor.tokenHash)
        await auditRepository.record(tx, {
          actor,
          action: 'operator.password_change',
          targetType: 'operator',
          targetId: String(row.id),
          after: { sessions_ended: ended },
          at: clock.now(),
        })
      })
    },
  }
}
export type BackofficeAuthService = ReturnType<typeof createBackofficeAuthService>
