import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import { assertOperatorPassword, mustEnroll, type OperatorActor, type OperatorRole } from './operator-sign-in.service.ts'
import type { OperatorChangeKind, OperatorPatch, OperatorRow, OperatorsRepository } from './operators.repository.ts'

/** An operator decides no money for this long after an owner created it or reset its password or authenticator. */
export const NEW_OPERATOR_HOURS = 24
/** Two operators related by a creation, reset or role change within this many days never make one four-eyes decision. */
export const RELATED_OPERATOR_DAYS = 30
const CREDENTIAL_CHANGES: readonly OperatorChangeKind[] = ['create', 'password_reset', 'totp_reset']

/** The operator list as owners see it: never a password hash or a TOTP secret. */
export function toOperatorView(row: OperatorRow) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabledAt !== null,
    totp_enrolled: row.totpSecret !== null,
    must_enroll: mustEnroll(row),
    password_change_required: row.passwordResetAt !== null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }
}

/**
 * Owners manage operators (issue 12): create, change role, disable and enable, reset a password or a lost
 * authenticator. Every change that takes rights away (role, disable, password, TOTP) ends the operator's sessions, in
 * the same transaction as the change and its audit entry. The last enabled owner can be neither disabled nor demoted.
 *
 * An owner never sets a usable password or sees a secret for someone else (ADR 036): a password it gives (creation,
 * reset) is a one-time password that opens only the operator's own new-password step, a TOTP reset turns the current
 * password into such a one-time password too, and the operator enrols its authenticator itself. Creations, resets and
 * role changes are kept in `operator_changes`, which `assertMayDecideMoney` reads.
 */
export function createOperatorsService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  operatorsRepository: Pick<
    OperatorsRepository,
    'list' | 'findByUsername' | 'findById' | 'insert' | 'update' | 'otherEnabledOwners' | 'revokeSessionsOf' | 'recordChange' | 'changedSince' | 'relatedSince'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, operatorsRepository, auditRepository } = deps

  /** Applies `patch` to operator `id` with its audit entry and, when `endSessions`, ends every session of theirs. */
  async function change(
    actor: OperatorActor,
    id: number,
    action: string,
    patchOf: (row: OperatorRow) => OperatorPatch,
    options: { endSessions: boolean; removesOwner?: boolean; records?: OperatorChangeKind },
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
      if (options.records && (options.records !== 'role_change' || updated.role !== row.role))
        await operatorsRepository.recordChange(tx, { operatorId: id, byOperatorId: actor.operatorId, kind: options.records, at: clock.now() })
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
        const now = clock.now()
        const row = await operatorsRepository.insert(tx, { username: input.username, passwordHash, passwordResetAt: now, role: input.role, createdAt: now })
        await operatorsRepository.recordChange(tx, { operatorId: row.id, byOperatorId: actor.operatorId, kind: 'create', at: now })
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
      change(actor, id, 'operator.role', () => ({ role }), { endSessions: true, removesOwner: role !== 'owner', records: 'role_change' }),
    disable: (actor: OperatorActor, id: number) =>
      change(actor, id, 'operator.disable', (row) => ({ disabledAt: row.disabledAt ?? clock.now() }), { endSessions: true, removesOwner: true }),
    enable: (actor: OperatorActor, id: number) => change(actor, id, 'operator.enable', () => ({ disabledAt: null }), { endSessions: false }),

    async resetPassword(actor: OperatorActor, id: number, password: string) {
      assertOperatorPassword(password)
      const passwordHash = await hasher.hash(password)
      return change(actor, id, 'operator.password_reset', () => ({ passwordHash, passwordResetAt: clock.now() }), {
        endSessions: true,
        records: 'password_reset',
      })
    },

    /**
     * Recovery of a lost authenticator by another owner. The operator's current password becomes a one-time password:
     * with it the operator chooses a new one and then enrols a new authenticator itself.
     */
    resetTotp: (actor: OperatorActor, id: number) =>
      change(actor, id, 'operator.totp_reset', () => ({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, passwordResetAt: clock.now() }), {
        endSessions: true,
        records: 'totp_reset',
      }),

    /**
     * The operator rules of every money decision (ADR 036), for the money policy to call inside its transaction: an
     * operator decides no money within NEW_OPERATOR_HOURS of its creation or a reset of its password or authenticator
     * (OPERATOR_TOO_NEW), and never completes a four-eyes decision with `counterpartId` when either created, reset or
     * changed the role of the other within RELATED_OPERATOR_DAYS (FOUR_EYES_RELATED_OPERATOR).
     */
    async assertMayDecideMoney(tx: Db, input: { operatorId: number; counterpartId?: number; at: Date }): Promise<void> {
      const newSince = new Date(input.at.getTime() - NEW_OPERATOR_HOURS * 3_600_000)
      if (await operatorsRepository.changedSince(tx, input.operatorId, CREDENTIAL_CHANGES, newSince)) throw new AppError('OPERATOR_TOO_NEW')
      if (input.counterpartId === undefined || input.counterpartId === input.operatorId) return
      const relatedSince = new Date(input.at.getTime() - RELATED_OPERATOR_DAYS * 86_400_000)
      if (await operatorsRepository.relatedSince(tx, input.operatorId, input.counterpartId, relatedSince)) throw new AppError('FOUR_EYES_RELATED_OPERATOR')
    },
  }
}
export type OperatorsService = ReturnType<typeof createOperatorsService>
