import { errorCatalogue, msg, type ConfirmBody, type LoginResult, type RegisterResult } from '@sanam/contract'
import type { z } from 'zod'
import type { RegisterBody } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { uniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { SessionCache, SessionRevocation } from '../../lib/session-cache.ts'
import { newToken, randomDigits, randomString, sameBytes, sha256, UNAMBIGUOUS } from '../../lib/crypto.ts'
import type { RateLimiter } from '../../lib/rate-limiter.ts'
import type { OutboxService } from '../outbox/outbox.service.ts'
import type { NewPlayer, PlayerRow, PlayersRepository } from '../users/users.repository.ts'
import { refuseExcludedPerson, restrictionOf } from '../exclusions/restriction.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import { signalsOf, type Sighting } from '../links/links.service.ts'
import { toUserMe } from '../users/users.service.ts'
import type { AuthRepository } from './auth.repository.ts'
import type { DeviceTokens, KnownDevice } from './device-token.ts'
import { isCommonPassword } from './common-passwords.ts'
import type { PasswordHasher } from './password.ts'

export interface AuthSettings {
  otpRequired: boolean
  otpTtlSeconds: number
  otpMaxAttempts: number
  otpResendSeconds: number
  /** Registration codes one phone receives in an hour at most, whoever asks for them (OTP_PER_PHONE_PER_HOUR). */
  otpPerPhonePerHour: number
  sessionTtlHours: number
  /** A session unused this long ends (the absolute lifetime still applies). */
  sessionIdleMinutes: number
  loginFailLimit: number
  loginFailWindowSeconds: number
  /** Wrong passwords per window from a device that signed in as the player before (ADR 039), counted apart. */
  deviceFailLimit: number
}

type RegisterInput = z.output<typeof RegisterBody>

/** A session's last use is written at most this often: idle time is known to the minute without a write per request. */
export const SESSION_TOUCH_EVERY_MS = 60_000

const OTP_REF_LENGTH = 4
const INVITE_CODE_LENGTH = 8

/** Tells which unique index a failed player insert hit. */
function playerConflict(error: unknown): AppError | null {
  const constraint = uniqueViolation(error)
  if (constraint === 'players_mobile_key') return new AppError('MOBILE_TAKEN')
  if (constraint === 'players_bank_key') return new AppError('BANK_ACCOUNT_TAKEN')
  return null
}

/** How long an operator's temporary password stays good for choosing a new one, and its length (issue 12 §5). */
const TEMPORARY_PASSWORD_HOURS = 24
const TEMPORARY_PASSWORD_LENGTH = 10

/** Refuses a password from the bundled list of the most common ones; `field` is the body field to mark. */
function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', undefined, [{ path: field, message: errorCatalogue.PASSWORD_TOO_COMMON.message }])
}

function otpHash(token: string, code: string): Buffer {
  return sha256(`${token}:${code}`)
}

/**
 * Registration with OTP, login, sessions and password change. Sessions are answered from `sessions` (the session
 * cache) when it has them; every revocation here announces itself in its transaction and evicts after it.
 */
export function createAuthService(deps: {
  db: Db
  clock: Clock
  sessions: SessionCache
  hasher: PasswordHasher
  /** Every SMS is a row of the outbox written with its event (ADR 083); codes go at once, in the request. */
  outbox: Pick<OutboxService, 'enqueue' | 'deliverNow'>
  limiter: RateLimiter
  /** Signs and checks the player app's device tokens (ADR 039). */
  devices: DeviceTokens
  settings: AuthSettings
  siteName: () => Promise<string>
  authRepository: AuthRepository
  playersRepository: Pick<PlayersRepository, 'findById' | 'findByMobile' | 'findIdByInviteCode' | 'insert' | 'isBankAccountTaken' | 'updatePasswordHash'>
  /**
   * A sign-in during a time-out or self-exclusion opens the restricted mode: the answer says so; a registration of a
   * person with one in force is refused (ADR 047 and its amendment of 2026-11-29).
   */
  exclusionsRepository: Pick<ExclusionsRepository, 'activeMany' | 'excludedMatchingNewAccount'>
}) {
  const { db, clock, hasher, settings, sessions, authRepository, playersRepository } = deps
  // A real hash to check against when the phone is unknown, so both answers take the same time.
  const dummyHash = hasher.hash(newToken())
  const failKey = (mobile: string) => `login-fail:${mobile}`
  const deviceFailKey = (device: KnownDevice) => `login-fail-device:${device.playerId}:${device.key}`

  async function resolveUpline(input: RegisterInput): Promise<number | null> {
    if (input.invite_code) {
      const id = await playersRepository.findIdByInviteCode(db, input.invite_code.toUpperCase())
      if (id !== undefined) return id
    }
    if (input.upid && /^\d{1,15}$/.test(input.upid)) {
      const upline = await playersRepository.findById(db, Number(input.upid))
      if (upline) return upline.id
    }
    return null
  }

  /**
   * Inserts the player with a fresh invite code, retrying the rare invite-code collision; `inviteCode` is the demo
   * player's published one (the seed's), never retried.
   */
  async function insertPlayer(tx: Db, player: Omit<NewPlayer, 'inviteCode'>, inviteCode?: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction(async (sp) =>
          playersRepository.insert(sp, { ...player, inviteCode: inviteCode ?? randomString(UNAMBIGUOUS, INVITE_CODE_LENGTH) }),
        )
      } catch (error) {
        const conflict = playerConflict(error)
        if (conflict) throw conflict
        if (uniqueViolation(error) === 'players_invite_code_key' && inviteCode === undefined && attempt < 5) continue
        throw error
      }
    }
  }

  /** What a registration stores, once it passed the checks every registration passes. */
  async function checkedProfile(input: RegisterInput) {
    refuseCommonPassword(input.password, 'password')
    await checkNotTaken(input.mobile, input.bank_code, input.bank_account)
    return {
      passwordHash: await hasher.hash(input.password),
      firstname: input.firstname,
      surname: input.surname,
      bankCode: input.bank_code,
      bankAccount: input.bank_account,
      uplineId: await resolveUpline(input),
    }
  }

  async function checkNotTaken(mobile: string, bankCode: string, bankAccount: string) {
    if (await playersRepository.findByMobile(db, mobile)) throw new AppError('MOBILE_TAKEN')
    if (await playersRepository.isBankAccountTaken(db, bankCode, bankAccount)) throw new AppError('BANK_ACCOUNT_TAKEN')
  }

  /**
   * Refuses, with a neutral text, a registration that is a person with a time-out or self-exclusion in force: their
   * name and the device, address or bank account it comes with (ADR 047, amended 2026-11-29). Asked after the phone
   * and the account were found free, so a taken one is answered as taken whoever holds it: the refusal then says
   * nothing a stranger who knows an excluded player's phone or account could not learn anyway.
   */
  async function refuseIfExcluded(who: { firstname: string; surname: string; bankCode: string; bankAccount: string }, seen: Sighting) {
    const signals = signalsOf(seen, 'REGISTER_ADDRESS')
    await refuseExcludedPerson(
      deps.exclusionsRepository,
      db,
      {
        firstname: who.firstname,
        surname: who.surname,
        bankCode: who.bankCode,
        bankAccount: who.bankAccount,
        devices: signals.filter((s) => s.kind === 'DEVICE').map((s) => s.value),
        addresses: signals.filter((s) => s.kind !== 'DEVICE').map((s) => s.value),
      },
      clock.now(),
    )
  }

  async function startSession(playerId: number): Promise<string> {
    const token = newToken()
    const now = clock.now()
    await authRepository.insertSession(db, {
      tokenHash: sha256(token),
      playerId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.sessionTtlHours * 3_600_000),
      lastSeenAt: now,
    })
    return token
  }

  /**
   * The player whose phone and password these are, counted against the login limit before the password is checked
   * (a parallel burst cannot exceed it). A locked player with a wrong password gets BAD_CREDENTIALS like anyone: the
   * lock is told only to the password's owner.
   *
   * Which limit (ADR 039): a request carrying a valid device token of this very player counts against that device's
   * own, smaller counter, so the phone's counter, which anyone may fill from elsewhere, never locks its owner's known
   * device out. Every other request (no token, a forged one, another player's) counts against the phone's.
   */
  async function checkCredentials(mobile: string, password: string, deviceToken?: string) {
    const device = deps.devices.verify(deviceToken)
    const owner = device ? await playersRepository.findByMobile(db, mobile) : undefined
    const known = device && owner?.id === device.playerId ? device : null
    const counter = known ? deviceFailKey(known) : failKey(mobile)
    await countAttempt(counter, known ? settings.deviceFailLimit : settings.loginFailLimit)
    const player = known ? owner : await playersRepository.findByMobile(db, mobile)
    const valid = player ? await hasher.verify(player.passwordHash, password) : await hasher.verify(await dummyHash, password).then(() => false)
    if (!player || !valid) throw new AppError('BAD_CREDENTIALS')
    if (player.status === 'LOCKED') throw new AppError('ACCOUNT_LOCKED')
    await deps.limiter.reset(counter)
    return player
  }

  /** The player as a sign-in answers it, with the restriction in force (ADR 047). */
  async function signedIn(player: PlayerRow) {
    return { ...toUserMe(player), restriction: await restrictionOf(deps.exclusionsRepository, db, player.id, clock.now()) }
  }

  /**
   * Ends web sessions, one (`sessionId`) or every one of the player, and every game session of the player, so
   * providers' bets on them are refused (wins and rollbacks still land, ADR 007). One transaction, announced to the
   * other processes; `alsoInTx` adds what must commit with it (a new password hash).
   */
  async function endSessions(revocation: SessionRevocation, alsoInTx?: (tx: Db) => Promise<void>) {
    const now = clock.now()
    await revokeAndEvict(revocation, async (tx) => {
      await alsoInTx?.(tx)
      if (revocation.sessionId === undefined) await authRepository.revokeAllSessions(tx, revocation.playerId, now)
      else await authRepository.revokeSession(tx, revocation.sessionId, now)
      await authRepository.revokeGameSessions(tx, revocation.playerId, now)
    })
  }

  /**
   * Runs `revoke` in a transaction that also tells the other processes (at commit), then forgets here. The eviction
   * runs even when the transaction failed: a commit whose answer was lost may still have revoked, and forgetting a
   * live session only costs one database read.
   */
  async function revokeAndEvict(revocation: SessionRevocation, revoke: (tx: Db) => Promise<void>) {
    try {
      await db.transaction(async (tx) => {
        await revoke(tx)
        await sessions.announce(tx, revocation)
      })
    } finally {
      sessions.evict(revocation)
    }
  }

  /**
   * Counts a password attempt BEFORE the password is checked, so a burst of parallel guesses cannot get more than
   * `loginFailLimit` checks in; refused (429) past the limit without checking. The caller forgets the count when the
   * password was right.
   */
  async function countAttempt(counter: string, limit: number) {
    const attempt = await deps.limiter.hit(counter, limit, settings.loginFailWindowSeconds * 1000)
    if (!attempt.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(attempt.retryAfterMs / 1000))
  }

  return {
    /** Registers, or with OTP sends the code; `seen` is the device and address the request came with. */
    async register(input: RegisterInput, seen: Sighting): Promise<RegisterResult> {
      const profile = await checkedProfile(input)
      await refuseIfExcluded(profile, seen)
      // The body cannot pass without both confirmations (RegisterBody): this is when the player gave them.
      const termsAcceptedAt = clock.now()

      if (!settings.otpRequired) {
        await db.transaction((tx) => insertPlayer(tx, { mobile: input.mobile, ...profile, termsAcceptedAt }))
        return { sms: false }
      }

      const now = clock.now()
      const previous = await authRepository.findPendingByMobile(db, input.mobile)
      if (previous) {
        const waitMs = previous.sentAt.getTime() + settings.otpResendSeconds * 1000 - now.getTime()
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000)
          throw new AppError('OTP_RESEND_TOO_SOON', msg('OTP_RESEND_WAIT', { seconds }), undefined, seconds)
        }
      }
      // A phone is sent so many codes in an hour and no more, from any address (a stranger's phone is not flooded and
      // the gateway's credit not spent): counted here, once a code is about to go, not for a resend asked too soon.
      const hourly = await deps.limiter.hit(`otp-phone:${input.mobile}`, settings.otpPerPhonePerHour, 3_600_000)
      if (!hourly.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(hourly.retryAfterMs / 1000))

      const token = newToken()
      const code = randomDigits(6)
      const ref = randomString(UNAMBIGUOUS, OTP_REF_LENGTH)
      const minutes = Math.round(settings.otpTtlSeconds / 60)
      const site = await deps.siteName()
      const expiresAt = new Date(now.getTime() + settings.otpTtlSeconds * 1000)
      let pending
      let message
      try {
        // The pending registration and its SMS commit together: a crash after the commit loses no code (ADR 083).
        ;({ pending, message } = await db.transaction(async (tx) => ({
          pending: await authRepository.replacePending(tx, {
            mobile: input.mobile,
            tokenHash: sha256(token),
            otpHash: otpHash(token, code),
            otpRef: ref,
            attempts: 0,
            payload: { ...profile, termsAcceptedAt: termsAcceptedAt.toISOString() },
            sentAt: now,
            expiresAt,
          }),
          message: await deps.outbox.enqueue(tx, {
            channel: 'sms',
            recipient: input.mobile,
            template: 'OTP',
            params: { site, ref, minutes },
            secret: code,
            expiresAt,
            sentByRequest: true,
          }),
        })))
      } catch (error) {
        // Two sign-ups of one phone at the same instant: the other one won.
        if (uniqueViolation(error)) throw new AppError('OTP_RESEND_TOO_SOON')
        throw error
      }

      const sent = await deps.outbox.deliverNow(message.id).catch(() => false)
      if (!sent) {
        // Nothing was sent, so nothing should wait for a code: the player may try again at once.
        await authRepository.deletePending(db, pending.id)
        throw new AppError('SMS_FAILED')
      }
      return { sms: true, token, otp_ref: ref }
    },

    /**
     * The demo seed's entry point (issue 19 §5): the demo player, registered with the checks of `register` but no SMS
     * (the phone is the seed's own), under the invite code the demo publishes.
     */
    async seedPlayer(input: RegisterInput, inviteCode: string): Promise<void> {
      const profile = await checkedProfile(input)
      const at = clock.now()
      await db.transaction((tx) => insertPlayer(tx, { mobile: input.mobile, ...profile, termsAcceptedAt: at, createdAt: at }, inviteCode))
    },

    /**
     * Confirms a pending registration with its OTP and creates the player. The person is compared with the exclusions
     * in force again, with the device and address of this request (`seen`): one may have begun since the code was sent.
     */
    async confirm(input: ConfirmBody, seen: Sighting): Promise<void> {
      const pending = await authRepository.findPendingByMobile(db, input.mobile)
      if (!pending || !sameBytes(pending.tokenHash, sha256(input.token))) throw new AppError('OTP_INVALID')
      if (pending.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('OTP_INVALID')
      if (!(await authRepository.countAttempt(db, pending.id, settings.otpMaxAttempts))) throw new AppError('OTP_ATTEMPTS_EXCEEDED')
      if (!sameBytes(pending.otpHash, otpHash(input.token, input.otp_code))) throw new AppError('OTP_INVALID')

      const p = pending.payload
      await refuseIfExcluded(p, seen)
      await db.transaction(async (tx) => {
        if (!(await authRepository.takePending(tx, pending.id))) throw new AppError('OTP_INVALID')
        await insertPlayer(tx, {
          mobile: pending.mobile,
          passwordHash: p.passwordHash,
          firstname: p.firstname,
          surname: p.surname,
          bankCode: p.bankCode,
          bankAccount: p.bankAccount,
          uplineId: p.uplineId,
          termsAcceptedAt: p.termsAcceptedAt === undefined ? null : new Date(p.termsAcceptedAt),
          createdAt: clock.now(),
        })
      })
    },

    /**
     * Signs in. A password an operator reset (issue 12 §5) opens no session: the answer is PASSWORD_CHANGE_REQUIRED and
     * the player chooses a new one with `renewPassword`. `deviceToken`, from an earlier sign-in on this device, keeps the
     * owner's device clear of the phone's failure counter (ADR 039); every sign-in answers a new one.
     */
    async login(mobile: string, password: string, deviceToken?: string): Promise<LoginResult> {
      const player = await checkCredentials(mobile, password, deviceToken)
      if (player.passwordResetAt) throw new AppError('PASSWORD_CHANGE_REQUIRED')
      const token = await startSession(player.id)
      return { token, device_token: deps.devices.issue(player.id), ...(await signedIn(player)) }
    },

    /**
     * After an operator's reset: the temporary password, good for one day, buys exactly one thing, the player's own
     * new password; then the player is signed in. Refused for a password the player chose (nothing to renew).
     */
    async renewPassword(mobile: string, temporaryPassword: string, newPassword: string, deviceToken?: string): Promise<LoginResult> {
      refuseCommonPassword(newPassword, 'new_password')
      const player = await checkCredentials(mobile, temporaryPassword, deviceToken)
      if (!player.passwordResetAt) throw new AppError('BAD_CREDENTIALS')
      if (clock.now().getTime() - player.passwordResetAt.getTime() > TEMPORARY_PASSWORD_HOURS * 3_600_000) throw new AppError('TEMPORARY_PASSWORD_EXPIRED')
      const passwordHash = await hasher.hash(newPassword)
      // Spent once: of two renewals racing with the same temporary password, the second finds it spent.
      if (!(await playersRepository.updatePasswordHash(db, player.id, passwordHash, clock.now(), null, player.passwordResetAt)))
        throw new AppError('BAD_CREDENTIALS')
      const token = await startSession(player.id)
      return { token, device_token: deps.devices.issue(player.id), ...(await signedIn(player)) }
    },

    /**
     * An operator's password reset (issue 18 §4): a new random temporary password replaces the player's, every web and
     * game session ends, and the next sign-in must choose a new password. `alsoInTx` (the audit entry) commits with it.
     * After the commit the temporary password goes by SMS to the player's registered phone, and nowhere else: it is
     * stored only as a hash and never answered, logged or audited. Answers the number it was sent to. When the gateway
     * refuses, the reset stands (the sessions are over) and the answer is SMS_FAILED: another reset sends a new one.
     */
    async resetPassword(playerId: number, alsoInTx?: (tx: Db) => Promise<void>): Promise<{ sentTo: string }> {
      const player = await playersRepository.findById(db, playerId)
      if (!player) throw new AppError('NOT_FOUND')
      const temporary = randomString(UNAMBIGUOUS, TEMPORARY_PASSWORD_LENGTH)
      const passwordHash = await hasher.hash(temporary)
      const now = clock.now()
      const site = await deps.siteName()
      let message: { id: number } | undefined
      await endSessions({ playerId }, async (tx) => {
        await playersRepository.updatePasswordHash(tx, playerId, passwordHash, now, now)
        await alsoInTx?.(tx)
        message = await deps.outbox.enqueue(tx, {
          channel: 'sms',
          recipient: player.mobile,
          template: 'PLAYER_TEMPORARY_PASSWORD',
          params: { site, hours: TEMPORARY_PASSWORD_HOURS },
          secret: temporary,
          expiresAt: new Date(now.getTime() + TEMPORARY_PASSWORD_HOURS * 3_600_000),
          sentByRequest: true,
        })
      })
      if (!message || !(await deps.outbox.deliverNow(message.id).catch(() => false))) throw new AppError('SMS_FAILED')
      return { sentTo: player.mobile }
    },

    /**
     * Ends this session, refused on the very next request in this process and (PostgreSQL) in every other, and the
     * player's game sessions: a game left open in another tab takes no more bets.
     */
    async logout(actor: Actor): Promise<void> {
      await endSessions({ playerId: actor.playerId, sessionId: actor.sessionId })
    },

    /**
     * Ends every web and game session of the player: for a lock or a self-exclusion. `alsoInTx` runs in the same
     * transaction (the lock itself and its audit entry), so the sessions end exactly when the change commits.
     */
    async endAllSessions(playerId: number, alsoInTx?: (tx: Db) => Promise<void>): Promise<void> {
      await endSessions({ playerId }, alsoInTx)
    },

    /**
     * The actor behind a bearer token, or null when the token is unknown, revoked or expired. Answered from the
     * session cache when it can; unknown tokens and locked players are never cached (a new login elsewhere and an
     * unlock work at once).
     */
    async authenticate(token: string): Promise<(Actor & { locked: boolean }) | null> {
      if (!token || token.length > 256) return null
      const tokenHash = sha256(token)
      const now = clock.now()
      // The cache serves only sessions it has seen used within the idle time.
      const cached = sessions.get(tokenHash)
      if (cached) {
        if (now.getTime() - cached.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
          await authRepository.touchSession(db, cached.sessionId, now)
          sessions.seen(tokenHash, now)
        }
        return { playerId: cached.playerId, sessionId: cached.sessionId, locked: false }
      }
      const ticket = sessions.ticket()
      const session = await authRepository.findLiveSession(db, tokenHash, now, new Date(now.getTime() - settings.sessionIdleMinutes * 60_000))
      if (!session) return null
      let lastSeenAt = session.lastSeenAt
      if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
        await authRepository.touchSession(db, session.sessionId, now)
        lastSeenAt = now
      }
      const locked = session.status === 'LOCKED'
      if (!locked) sessions.set(tokenHash, { playerId: session.playerId, sessionId: session.sessionId, expiresAt: session.expiresAt, lastSeenAt }, ticket)
      return { playerId: session.playerId, sessionId: session.sessionId, locked }
    },

    /**
     * Whether a bearer token still names a live session of an unlocked player, without marking the session used: an
     * open live-balance stream asks this on every heartbeat, and must not keep an idle session alive by itself.
     */
    async stillLive(token: string): Promise<boolean> {
      if (!token || token.length > 256) return false
      const tokenHash = sha256(token)
      if (sessions.get(tokenHash)) return true
      const now = clock.now()
      const session = await authRepository.findLiveSession(db, tokenHash, now, new Date(now.getTime() - settings.sessionIdleMinutes * 60_000))
      return session !== undefined && session.status !== 'LOCKED'
    },

    /** Changes the password and ends every session of the player, this one and their game sessions included. */
    async changePassword(actor: Actor, oldPassword: string, newPassword: string): Promise<void> {
      const player = await playersRepository.findById(db, actor.playerId)
      if (!player) throw new AppError('UNAUTHORIZED')
      refuseCommonPassword(newPassword, 'new')
      await countAttempt(failKey(player.mobile), settings.loginFailLimit)
      if (!(await hasher.verify(player.passwordHash, oldPassword))) throw new AppError('OLD_PASSWORD_WRONG')
      await deps.limiter.reset(failKey(player.mobile))
      const passwordHash = await hasher.hash(newPassword)
      const site = await deps.siteName()
      await endSessions({ playerId: player.id }, async (tx) => {
        await playersRepository.updatePasswordHash(tx, player.id, passwordHash, clock.now())
        // A security notice, sent by the outbox's worker: the player hears of it if it was not them.
        await deps.outbox.enqueue(tx, { channel: 'sms', recipient: player.mobile, template: 'PASSWORD_CHANGED', params: { site } })
      })
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
