import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import type { RateLimiter } from '../../plugins/rate-limiter.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { OperatorsRepository } from './operators.repository.ts'

export type OperatorRole = 'owner' | 'finance' | 'support'

export interface OperatorActor {
  operatorId: number
  username: string
  role: OperatorRole
}

/** Wrong passwords per (address, username) per window: the owner signing in from elsewhere is never locked out. */
export const OPERATOR_FAIL_LIMIT = 10
/** Wrong passwords per address per window, whatever the username: one address cannot try many usernames. */
export const OPERATOR_FAIL_LIMIT_PER_ADDRESS = 30
const FAIL_WINDOW_MS = 15 * 60_000

/** Operator sign-in. Full operator management (roles, TOTP) arrives with the back-office issue. */
export function createBackofficeAuthService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  limiter: RateLimiter
  sessionHours: number
  operatorsRepository: Pick<OperatorsRepository, 'count' | 'insert' | 'findByUsername' | 'insertSession' | 'findLiveSession'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, operatorsRepository, auditRepository } = deps
  const dummyHash = hasher.hash(newToken())

  return {
    /**
     * Creates the first operator (an owner) on a database with none. Returns the password when it was generated,
     * so start-up can print it once.
     */
    async ensureFirstOperator(username: string, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
      if ((await operatorsRepository.count(db)) > 0) return { created: false }
      const chosen = password ?? newToken().slice(0, 20)
      const row = await operatorsRepository.insert(db, { username, passwordHash: await hasher.hash(chosen), role: 'owner', createdAt: clock.now() })
      await auditRepository.record(db, {
        operatorId: null,
        action: 'operator.create',
        targetType: 'operator',
        targetId: String(row.id),
        after: { username, role: 'owner' },
        at: clock.now(),
      })
      return password ? { created: true } : { created: true, generatedPassword: chosen }
    },

    /**
     * Signs in from `address` (the client address TRUST_PROXY yields). Each attempt is counted before the password is
     * checked, per address and username and per address: a parallel burst gets no more checks than the limits, and
     * guesses from one address never lock the operator out at another.
     */
    async login(username: string, password: string, address: string): Promise<{ token: string; username: string; role: OperatorRole }> {
      const pairKey = `bo-login-fail:${address}:${username}`
      const [pair, fromAddress] = await Promise.all([
        deps.limiter.hit(pairKey, OPERATOR_FAIL_LIMIT, FAIL_WINDOW_MS),
        deps.limiter.hit(`bo-login-fail-ip:${address}`, OPERATOR_FAIL_LIMIT_PER_ADDRESS, FAIL_WINDOW_MS),
      ])
      const refused = [pair, fromAddress].find((decision) => !decision.allowed)
      if (refused) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(refused.retryAfterMs / 1000))
      const operator = await operatorsRepository.findByUsername(db, username)
      const valid = operator ? await hasher.verify(operator.passwordHash, password) : await hasher.verify(await dummyHash, password).then(() => false)
      if (!operator || !valid) throw new AppError('BAD_CREDENTIALS')
      // The per-address count stays: a right password for one account must not buy more guesses at others.
      await deps.limiter.reset(pairKey)
      const token = newToken()
      const now = clock.now()
      await operatorsRepository.insertSession(db, {
        tokenHash: sha256(token),
        operatorId: operator.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.sessionHours * 3_600_000),
      })
      await auditRepository.record(db, { operatorId: operator.id, action: 'operator.login', targetType: 'operator', targetId: String(operator.id), at: now })
      return { token, username: operator.username, role: operator.role }
    },

    async authenticate(token: string): Promise<OperatorActor | null> {
      if (!token || token.length > 256) return null
      const row = await operatorsRepository.findLiveSession(db, sha256(token), clock.now())
      return row ? { operatorId: row.operatorId, username: row.username, role: row.role } : null
    },
  }
}
export type BackofficeAuthService = ReturnType<typeof createBackofficeAuthService>
