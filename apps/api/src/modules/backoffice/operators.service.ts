import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import { assertOperatorPassword, mustEnroll, type OperatorActor, type OperatorRole } from './backoffice-auth.service.ts'
import type { OperatorPatch, OperatorRow, OperatorsRepository } from './operators.repository.ts'

/** The operator list as owners see it: never a password hash or a TOTP secret. */
export function toOperatorView(row: OperatorRow) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabledAt !== null,
    totp_enrolled: row.totpSecret !== null,
    must_enroll: mustEnroll(row),
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }
}

/**
 * Owners manage operators (issue 12): create, change role, disable and enable, reset a password or a lost
 * authenticator. Every change that takes rights away (role, disable, password, TOTP) ends the operator's sessions, in
 * the same transaction as the change and its audit entry. The last enabled owner can be neither disabled nor demoted.
 */
export function createOperatorsService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  operatorsRepository: Pick<OperatorsRepository, 'list' | 'findByUsername' | 'findById' | 'insert' | 'update' | 'otherEnabledOwners' | 'revokeSessionsOf'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, operatorsRepository, auditRepository } = deps

  /** Applies `patch` to operator `id` with its audit entry and, when `endSessions`, ends every session of theirs. */
  async function change(
    actor: OperatorActor,
    id: number,
    action: string,
    patchOf: (row: OperatorRow) => OperatorPatch,
    options: { endSessions: boolean; removesOwner?: boolean },
  ) {
    return inTransaction(db, async (tx) => {
      const row = await operatorsRepository.findById(tx, id, true)
      if (!row) throw new AppError('NOT_FOUND')
      // An owner changes their own password and authenticator through their own routes, never strips their own rights.
      if (row.id === actor.operatorId && action !== 'operator.enable') throw new AppError('OPERATOR_SELF_CHANGE')
      if (options.removesOwner && row.role === 'owner' && row.disabledAt === null && (await operatorsRepository.otherEnabledOwners(tx, row.id)) === 0) {
        throw new AppError('LAST_OWNER')
      }
      const updated = await operatorsRepository.update(tx, id, patchOf(row))
      if (!updated) throw new AppError('NOT_FOUND')
      const ended = options.endSessions ? await operatorsRepository.revokeSessionsOf(tx, id, clock.now()) : 0
      const before = toOperatorView(row)
      const after = toOperatorView(updated)
      await auditRepository.record(tx, {
        actor,
        action,
        targetType: 'operator',
        targetId: String(id),
        before: { role: before.role, disabled: before.disabled, totp_enrolled: before.totp_enrolled },
        after: { role: after.role, disabled: after.disabled, totp_enrolled: after.totp_enrolled, sessions_ended: ended },
        at: clock.now(),
      })
      return after
    })
  }

  return {
    list: async () => (await operatorsRepository.list(db)).map(toOperatorView),

    async create(actor: OperatorActor, input: { username: string; password: string; role: OperatorRole }) {
      assertOperatorPassword(input.password)
      const passwordHash = await hasher.hash(input.password)
      return inTransaction(db, async (tx) => {
        if (await operatorsRepository.findByUsername(tx, input.username)) throw new AppError('OPERATOR_USERNAME_TAKEN')
        const row = await operatorsRepository.insert(tx, { username: input.username, passwordHash, role: input.role, createdAt: clock.now() })
        await auditRepository.record(tx, {
          actor,
          action: 'operator.create',
          targetType: 'operator',
          targetId: String(row.id),
          after: { username: row.username, role: row.role },
          at: clock.now(),
        })
        return toOperatorView(row)
      })
    },

    setRole: (actor: OperatorActor, id: number, role: OperatorRole) =>
      change(actor, id, 'operator.role', () => ({ role }), { endSessions: true, removesOwner: role !== 'owner' }),
    disable: (actor: OperatorActor, id: number) =>
      change(actor, id, 'operator.disable', (row) => ({ disabledAt: row.disabledAt ?? clock.now() }), { endSessions: true, removesOwner: true }),
    enable: (actor: OperatorActor, id: number) => change(actor, id, 'operator.enable', () => ({ disabledAt: null }), { endSessions: false }),

    async resetPassword(actor: OperatorActor, id: number, password: string) {
      assertOperatorPassword(password)
      const passwordHash = await hasher.hash(password)
      return change(actor, id, 'operator.password_reset', () => ({ passwordHash }), { endSessions: true })
    },

    /** Recovery of a lost authenticator by another owner: the operator enrols again at the next sign-in. */
    resetTotp: (actor: OperatorActor, id: number) =>
      change(actor, id, 'operator.totp_reset', () => ({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }), { endSessions: true }),
  }
}
export type OperatorsService = ReturnType<typeof createOperatorsService>
