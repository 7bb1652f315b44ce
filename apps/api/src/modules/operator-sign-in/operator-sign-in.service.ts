import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { OperatorActor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import { newTotpSecret, totpLink, totpStepOf, type TotpSecretBox } from '../../lib/totp.ts'
import type { RateLimiter } from '../../lib/rate-limiter.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { OperatorDeviceTokens } from './operator-device-token.ts'
import { ONE_TIME_PASSWORD_HOURS, assertOperatorPassword, mustEnroll } from '../operators/operator-credentials.ts'
import type { OperatorRow, OperatorsRepository } from '../operators/operators.repository.ts'

/*
 * Sign-in limits (ADR 029, 036, 069). A browser that signed in as the operator before, with password and code, sends its
 * device token (an HttpOnly cookie): its attempts count only against that device's own counter, so strangers' wrong
 * sign-ins never lock it out. Every other attempt (no token, a forged one, another operator's) counts against the
 * address, the pair and the account, which stops a guesser spread over many addresses.
 */
/** Failed sign-ins per (address, username) per window: a typo streak at one desk does not spend the account's count. */
export const OPERATOR_FAIL_LIMIT = 10
/** Failed sign-ins per address per window, whatever the username: one address cannot try many usernames. */
export const OPERATOR_FAIL_LIMIT_PER_ADDRESS = 30
/** Failed sign-ins per account per window from every unknown device together (passwords and codes alike, ADR 036). */
export const OPERATOR_FAIL_LIMIT_PER_ACCOUNT = 20
/** The back-off's second step: failed sign-ins per account per day; past it the account waits out the day. */
export const OPERATOR_FAIL_LIMIT_PER_ACCOUNT_DAY = 100
/** Failed sign-ins per window from one known device (a valid device token of this operator), counted apart (ADR 069). */
export const OPERATOR_FAIL_LIMIT_PER_DEVICE = 10
const FAIL_WINDOW_MS = 15 * 60_000
const FAIL_DAY_MS = 24 * 3_600_000
/**
 * Refused sign-ins are audited one entry per burst (ADR 069): the first refusal of a burst writes an entry, the others
 * within this window only count, and the next entry for the same username or address reports how many there were.
 */
export const REFUSAL_BURST_MS = FAIL_WINDOW_MS
/** How long a count of refusals waits for the entry that reports it (a quiet month forgets it). */
const REFUSAL_TALLY_MS = 30 * FAIL_DAY_MS
/** How often a session's last use is written: enough for an idle limit counted in minutes, not a write per request. */
const TOUCH_EVERY_MS = 60_000
const TOTP_ISSUER = 'Sanam back-office'

interface Credentials {
  username: string
  password: string
  otp?: string | undefined
}

/** Operator sign-in, sessions, TOTP enrolment and an operator's own password (ADR 029, ADR 036). */
export function createBackofficeAuthService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  limiter: RateLimiter
  sessionHours: number
  idleMinutes: number
  /** Seals TOTP secrets before they are stored and opens them to check a code. */
  totpSecrets: TotpSecretBox
  /** Signs and checks the back-office's device tokens (ADR 069). */
  devices: OperatorDeviceTokens
  operatorsRepository: Pick<
    OperatorsRepository,
    | 'list'
    | 'insert'
    | 'findByUsername'
    | 'findById'
    | 'update'
    | 'renewPassword'
    | 'recordChange'
    | 'takeTotpStep'
    | 'insertSession'
    | 'findLiveSession'
    | 'touchSession'
    | 'revokeSession'
    | 'revokeSessionsOf'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, limiter, totpSecrets, devices, operatorsRepository, auditRepository } = deps
  const dummyHash = hasher.hash(newToken())

  /** Whether `code` is a current TOTP code of the sealed `secret` not used before by this operator; takes its step if so. */
  async function takeCode(tx: Db, operatorId: number, sealedSecret: string, code: string | undefined): Promise<boolean> {
    const step = code ? totpStepOf(totpSecrets.open(sealedSecret), code, clock.now()) : null
    return step !== null && (await operatorsRepository.takeTotpStep(tx, operatorId, step))
  }

  /** The counters one sign-in attempt spends: per address and username, per address, per account (window and day). */
  const attemptCounters = (username: string, address: string) => ({
    pair: { key: `bo-login-fail:${address}:${username}`, limit: OPERATOR_FAIL_LIMIT, windowMs: FAIL_WINDOW_MS },
    others: [
      { key: addressCounterKey(address), limit: OPERATOR_FAIL_LIMIT_PER_ADDRESS, windowMs: FAIL_WINDOW_MS },
      { key: `bo-login-fail-account:${username}`, limit: OPERATOR_FAIL_LIMIT_PER_ACCOUNT, windowMs: FAIL_WINDOW_MS },
      { key: `bo-login-fail-account-day:${username}`, limit: OPERATOR_FAIL_LIMIT_PER_ACCOUNT_DAY, windowMs: FAIL_DAY_MS },
    ],
  })
  const addressCounterKey = (address: string) => `bo-login-fail-ip:${address}`
  /** The one counter a known device's attempt spends (ADR 069). */
  const deviceCounter = (operatorId: number, key: string) => ({
    key: `bo-login-fail-device:${operatorId}:${key}`,
    limit: OPERATOR_FAIL_LIMIT_PER_DEVICE,
    windowMs: FAIL_WINDOW_MS,
  })

  /** The refusals of a burst (`user:<username>` or `address:<address>`) that no audit entry has reported yet (ADR 069). */
  const tallyKey = (burst: string) => `bo-login-refusals-tally:${burst}`

  /**
   * Audits a refused sign-in as part of its burst (ADR 069), with the username and address it came with (never the
   * password or the code). `burst` is what was refused: the username, or the address when only the address's own
   * limit refused it or the name is no operator's, so one address cycling through usernames is one burst. The burst's
   * first refusal writes an entry that reports how many refusals came before it unreported; the others only count.
   */
  async function auditRefusal(username: string, address: string, reason: 'bad_credentials' | 'rate_limited', burst: string) {
    const opened = await limiter.hit(`bo-login-refusals:${burst}`, 1, REFUSAL_BURST_MS)
    const tally = await limiter.hit(tallyKey(burst), Number.MAX_SAFE_INTEGER, REFUSAL_TALLY_MS)
    if (!opened.allowed) return
    // This refusal opens a burst: it reports the ones before it and is the first of its own.
    const earlier = tally.count - 1
    await limiter.reset(tallyKey(burst))
    await limiter.hit(tallyKey(burst), Number.MAX_SAFE_INTEGER, REFUSAL_TALLY_MS)
    // In a transaction of its own: the chain lock is held from reading the head to the insert (bursts for many
    // usernames at once would otherwise read the same head).
    await inTransaction(db, (tx) =>
      auditRepository.record(tx, {
        actor: null,
        action: 'operator.login_failed',
        targetType: 'operator_username',
        targetId: username,
        after: { username, address, reason, ...(earlier > 0 ? { refused_since_last_report: earlier } : {}) },
        at: clock.now(),
      }),
    )
  }

  /** Refusals for `username` not yet reported by an entry, now reported by its sign-in's entry (and counted anew). */
  async function takeRefusalTally(username: string): Promise<number> {
    const { count } = await limiter.peek(tallyKey(`user:${username}`), Number.MAX_SAFE_INTEGER)
    if (count > 0) await limiter.reset(tallyKey(`user:${username}`))
    return count
  }

  /**
   * The operator whose username, password and (once enrolled) current code these are. Each attempt is counted before
   * anything is checked, so a parallel burst gets no more checks than the limits. Which counters (ADR 069): a request
   * with a valid device token of this very operator spends only that device's own; every other spends the pair's, the
   * address's and the account's, whose count runs across every address, so guesses spread over many addresses back
   * off too. A wrong password, a missing or wrong code, an unknown or disabled username all get the one
   * BAD_CREDENTIALS after the same work: nothing tells whether the password was right unless the code is right too.
   * A success takes its own count back (an office behind one address is never locked out by its own sign-ins) and
   * forgets the pair's (or the device's) failures.
   */
  async function checkCredentials(input: Credentials, address: string, deviceToken: string | undefined): Promise<OperatorRow> {
    const device = devices.verify(deviceToken)
    const named = device ? await operatorsRepository.findByUsername(db, input.username) : undefined
    const known = device && named?.id === device.operatorId ? deviceCounter(device.operatorId, device.key) : null
    const counters = attemptCounters(input.username, address)
    const all = known ? [known] : [counters.pair, ...counters.others]
    const decisions = await Promise.all(all.map((c) => limiter.hit(c.key, c.limit, c.windowMs)))
    const refusedBy = all.filter((_, i) => !decisions[i]?.allowed)
    if (refusedBy.length > 0) {
      // Refused by the address's limit alone: an address going through usernames, whose burst is the address's.
      const byAddress = refusedBy.every((c) => c.key === addressCounterKey(address))
      await auditRefusal(input.username, address, 'rate_limited', byAddress ? `address:${address}` : `user:${input.username}`)
      const waitMs = Math.max(...decisions.filter((d) => !d.allowed).map((d) => d.retryAfterMs))
      throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(waitMs / 1000))
    }
    const operator = named ?? (await operatorsRepository.findByUsername(db, input.username))
    const valid = operator ? await hasher.verify(operator.passwordHash, input.password) : await hasher.verify(await dummyHash, input.password).then(() => false)
    const right =
      operator !== undefined &&
      valid &&
      operator.disabledAt === null &&
      (operator.totpSecret === null || (await takeCode(db, operator.id, operator.totpSecret, input.otp)))
    if (!right) {
      // A name no operator has is no account under attack but an address scanning: its burst is the address's.
      await auditRefusal(input.username, address, 'bad_credentials', operator ? `user:${input.username}` : `address:${address}`)
      throw new AppError('BAD_CREDENTIALS')
    }
    if (known) await limiter.reset(known.key)
    else await Promise.all([limiter.reset(counters.pair.key), ...counters.others.map((c) => limiter.reward(c.key))])
    return operator
  }

  /** A one-time password opens only the new-password step, and only within its day. */
  function assertOneTimeLive(resetAt: Date) {
    if (clock.now().getTime() - resetAt.getTime() > ONE_TIME_PASSWORD_HOURS * 3_600_000) throw new AppError('TEMPORARY_PASSWORD_EXPIRED')
  }

  /**
   * Opens a session for `operator` with `alsoInTx` (the sign-in's own writes) and its audit entry, which reports the
   * refused sign-ins for this username since the last report (ADR 069). Answers a new device token when the operator
   * signed in with its code: the back-office keeps it as a cookie, and this browser is a known device from then on.
   */
  async function openSession(
    operator: OperatorRow,
    address: string,
    action: 'operator.login' | 'operator.password_renew',
    alsoInTx?: (tx: Db) => Promise<void>,
  ) {
    const token = newToken()
    const now = clock.now()
    const refused = await takeRefusalTally(operator.username)
    await inTransaction(db, async (tx) => {
      await alsoInTx?.(tx)
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
        action,
        targetType: 'operator',
        targetId: String(operator.id),
        ...(refused > 0 ? { after: { refused_since_last_report: refused } } : {}),
        at: now,
      })
    })
    return {
      token,
      username: operator.username,
      role: operator.role,
      totp_enrolled: operator.totpSecret !== null,
      must_enroll: mustEnroll(operator),
      // Only a sign-in with password and code makes a known device: one without a second factor proves too little.
      ...(operator.totpSecret !== null ? { device_token: devices.issue(operator.id) } : {}),
    }
  }

  return {
    /**
     * Seals every TOTP secret still stored in clear (written before secrets were encrypted): start-up runs this once
     * after the migrations. Answers how many operators it sealed.
     */
    async sealPlainTotpSecrets(): Promise<number> {
      const plain = (await operatorsRepository.list(db)).filter(
        (row) =>
          (row.totpSecret !== null && !totpSecrets.isSealed(row.totpSecret)) ||
          (row.totpPendingSecret !== null && !totpSecrets.isSealed(row.totpPendingSecret)),
      )
      for (const row of plain) {
        const seal = (value: string | null) => (value === null || totpSecrets.isSealed(value) ? value : totpSecrets.seal(value))
        await operatorsRepository.update(db, row.id, { totpSecret: seal(row.totpSecret), totpPendingSecret: seal(row.totpPendingSecret) })
      }
      return plain.length
    },

    /**
     * Signs in from `address` (the client address TRUST_PROXY yields) with username, password and, once enrolled, the
     * current code, all at once (checkCredentials). A one-time password (an owner created or reset the operator) opens
     * no session: PASSWORD_CHANGE_REQUIRED, and the operator chooses its own with `renewPassword`. `deviceToken`, from
     * an earlier sign-in in this browser, keeps it clear of strangers' failures (ADR 069); a success answers a new one.
     */
    async login(input: Credentials, address: string, deviceToken?: string) {
      const operator = await checkCredentials(input, address, deviceToken)
      if (operator.passwordResetAt) {
        assertOneTimeLive(operator.passwordResetAt)
        throw new AppError('PASSWORD_CHANGE_REQUIRED')
      }
      return openSession(operator, address, 'operator.login')
    },

    /**
     * The new-password step: the one-time password (and the current code, when the operator still has TOTP) buys the
     * operator's own new password, once, within a day; then the operator is signed in, to enrol TOTP if it has none.
     * Refused (BAD_CREDENTIALS) for a password the operator chose: without a reset there is nothing to renew.
     */
    async renewPassword(input: Credentials & { new_password: string }, address: string, deviceToken?: string) {
      assertOperatorPassword(input.new_password)
      const operator = await checkCredentials(input, address, deviceToken)
      const resetAt = operator.passwordResetAt
      if (!resetAt) throw new AppError('BAD_CREDENTIALS')
      assertOneTimeLive(resetAt)
      if (input.new_password === input.password) throw new AppError('PASSWORD_NOT_CHANGED')
      const passwordHash = await hasher.hash(input.new_password)
      return openSession(operator, address, 'operator.password_renew', async (tx) => {
        if (!(await operatorsRepository.renewPassword(tx, operator.id, passwordHash, resetAt))) throw new AppError('BAD_CREDENTIALS')
      })
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
      await operatorsRepository.update(db, row.id, { totpPendingSecret: totpSecrets.seal(secret) })
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
