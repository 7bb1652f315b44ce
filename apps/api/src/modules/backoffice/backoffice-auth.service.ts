import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import type { RateLimiter } from '../../plugins/rate-limiter.ts'
import type { PasswordHasher } from '../auth/password.ts'
import { auditRepository } from '../audit/audit.repository.ts'
import { operatorsRepository } from './operators.repository.ts'

export type OperatorRole = 'owner' | 'finance' | 'support'

export interface OperatorActor {
  operatorId: number
  username: string
  role: OperatorRole
}

const FAIL_LIMIT = 10
const FAIL_WINDOW_MS = 15 * 60_000

/** Operator sign-in. Full operator management (roles, TOTP) arrives with the back-office issue. */
export function createBackofficeAuthService(deps: { db: Db; clock: Clock; hasher: PasswordHasher; limiter: RateLimiter; sessionHours: number }) {
  const { db, clock, hasher } = deps
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
      await auditRepository.record(db, { operatorId: null, action: 'operator.create', targetType: 'operator', targetId: String(row.id), after: { username, role: 'owner' }, at: clock.now() })
      return password ? { created: true } : { created: true, generatedPassword: chosen }
    },

    async login(username: string, password: string): Promise<{ token: string; username: string; role: OperatorRole }> {
      const key = `bo-login-fail:${username}`
      const state = await deps.limiter.peek(key, FAIL_LIMIT)
      if (!state.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, Math.ceil(state.retryAfterMs / 1000))
      const operator = await operatorsRepository.findByUsername(db, username)
      const valid = operator ? await hasher.verify(operator.passwordHash, password) : await hasher.verify(await dummyHash, password).then(() => false)
      if (!operator || !valid) {
        await deps.limiter.hit(key, FAIL_LIMIT, FAIL_WINDOW_MS)
        throw new AppError('BAD_CREDENTIALS')
      }
      await deps.limiter.reset(key)
      const token = newToken()
      const now = clock.now()
      await operatorsRepository.insertSession(db, { tokenHash: sha256(token), operatorId: operator.id, createdAt: now, expiresAt: new Date(now.getTime() + deps.sessionHours * 3_600_000) })
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
