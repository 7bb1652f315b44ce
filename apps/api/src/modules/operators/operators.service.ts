import type { Db } from '../../db/client.ts'
import { uniqueViolation } from '../../db/errors.ts'
import { asCanDecide, decideRefusal, type DutyRefusal, type Refusal } from '../approvals/money-policy.ts'
import { inTransaction } from '../../db/transaction.ts'
import {
  errorCatalogue,
  type AuditAction,
  type OperatorChangeResult,
  type OperatorListItem,
  type OperatorRequestView,
  type OperatorRole,
} from '@sanam/contract'
import { DAY_MS } from '@sanam/contract/bangkok'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, randomString, UNAMBIGUOUS } from '../../lib/crypto.ts'
import type { TotpSecretBox } from '../../lib/totp.ts'
import type { PasswordHasher } from '../auth/password.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { OutboxService } from '../outbox/outbox.service.ts'
import type { OperatorActor } from '../../lib/actor.ts'
import { ONE_TIME_PASSWORD_HOURS, mustEnroll } from './operator-credentials.ts'
import { JOINING_FOR_GOOD, JOINING_WHILE_RECENT, RELATED_DAYS, tieUntil } from './operator-relations.ts'
import type { OperatorChangeKind, OperatorPatch, OperatorRequestKind, OperatorRequestRow, OperatorRow, OperatorsRepository } from './operators.repository.ts'

/** An operator decides no money for this long after an owner created it or reset its password or authenticator. */
export const NEW_OPERATOR_HOURS = 24
const HOUR_MS = 3_600_000
const CREDENTIAL_CHANGES: readonly OperatorChangeKind[] = ['create', 'password_reset', 'totp_reset']
/** Unambiguous letters and digits: typed by hand from an SMS. */
const ONE_TIME_PASSWORD_LENGTH = 16

/**
 * Roles whose changes need a second owner (ADR 070): finance decides money, an owner manages operators, proposes pay-in
 * accounts and money settings. A support operator moves no money, so one owner may make one.
 */
export const TWO_OWNER_ROLES: readonly OperatorRole[] = ['owner', 'finance']

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
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }
}

/** SMS to send once the transaction that made their passwords commits. */
/** The one-time passwords' SMS a change writes to the outbox in its transaction (ADR 083), sent once it commits. */
type Outbox = { tx: Db; site: string; ids: number[] }

/** What a change proposes: the fields of `operator_requests` a kind uses. */
type Proposal =
  | { kind: 'create'; username: string; role: OperatorRole; phone: string }
  | { kind: 'role_change'; operatorId: number; role: OperatorRole }
  | { kind: 'phone_change'; operatorId: number; phone: string }
  | { kind: 'password_reset' | 'totp_reset'; operatorId: number }

/** The audit action each change is recorded under. */
const CHANGE_ACTIONS = {
  create: 'operator.create',
  role_change: 'operator.role',
  phone_change: 'operator.phone',
  password_reset: 'operator.password_reset',
  totp_reset: 'operator.totp_reset',
} as const satisfies Record<Proposal['kind'], AuditAction>

/**
 * Owners manage operators (issue 12): create, change role, disable and enable, reset a password or a lost
 * authenticator, give a new phone. Every change that takes rights away (role, disable, password, TOTP) ends the
 * operator's sessions, in the same transaction as the change and its audit entry. The last enabled owner can be neither
 * disabled nor demoted.
 *
 * No owner ever sets a password or sees a secret for someone else (ADR 036, ADR 070): a creation or a password reset
 * makes a one-time password that goes by SMS to the operator's own phone, opening only the operator's own new-password
 * step; a TOTP reset turns the current password into such a one-time password, and the operator enrols its authenticator
 * itself. A change to an operator of TWO_OWNER_ROLES (before or after) is only proposed by one owner and is made when a
 * second owner, neither the proposer nor the operator changed nor one person with the proposer, approves it. Creations,
 * resets, role and phone changes are kept in `operator_changes` as the proposer's: `assertMayDecideMoney` reads them.
 */
export function createOperatorsService(deps: {
  db: Db
  clock: Clock
  hasher: PasswordHasher
  /** The one-time passwords' SMS, written with the change and sent once it commits (ADR 083). */
  outbox: Pick<OutboxService, 'enqueue' | 'deliverNow'>
  siteName: () => Promise<string>
  /** Seals the TOTP secret a set-up account is enrolled with (BACKOFFICE_TOTP_SECRET, the demo desk). */
  totpSecrets: Pick<TotpSecretBox, 'seal'>
  operatorsRepository: Pick<
    OperatorsRepository,
    | 'list'
    | 'findByUsername'
    | 'findById'
    | 'insert'
    | 'update'
    | 'otherEnabledOwners'
    | 'revokeSessionsOf'
    | 'recordChange'
    | 'lastChangeSince'
    | 'lastChanges'
    | 'relationEdges'
    | 'insertRequest'
    | 'findRequest'
    | 'pendingRequests'
    | 'decideRequest'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, hasher, operatorsRepository, auditRepository } = deps

  /**
   * A fresh one-time password for `row`, its SMS to the operator's own phone put in `outbox` to send once the change
   * commits. The password is never returned, logged or audited: only the operator's phone ever holds it.
   */
  async function oneTimePassword(outbox: Outbox, row: Pick<OperatorRow, 'username' | 'phone'>): Promise<OperatorPatch> {
    if (!row.phone) throw new AppError('OPERATOR_NO_PHONE')
    const password = randomString(UNAMBIGUOUS, ONE_TIME_PASSWORD_LENGTH)
    const message = await deps.outbox.enqueue(outbox.tx, {
      channel: 'sms',
      recipient: row.phone,
      template: 'OPERATOR_ONE_TIME_PASSWORD',
      params: { site: outbox.site, username: row.username, hours: ONE_TIME_PASSWORD_HOURS },
      secret: password,
      expiresAt: new Date(clock.now().getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000),
      sentByRequest: true,
    })
    outbox.ids.push(message.id)
    return { passwordHash: await hasher.hash(password), passwordResetAt: clock.now() }
  }

  /**
   * Runs `change` in a transaction, then sends the one-time passwords it made. A failed SMS cannot undo the committed
   * change: the one-time password is then known to no one, and the answer is SMS_FAILED so the owner resets it again.
   */
  async function withOutbox<T>(change: (tx: Db, outbox: Outbox) => Promise<T>): Promise<T> {
    // Read before the transaction: on the embedded database a read outside it would wait for it.
    const site = await deps.siteName()
    let outbox: Outbox | undefined
    const result = await inTransaction(db, (tx) => {
      outbox = { tx, site, ids: [] } // a transaction run again after a deadlock makes its passwords again
      return change(tx, outbox)
    })
    const sent = await Promise.all((outbox?.ids ?? []).map((id) => deps.outbox.deliverNow(id).catch(() => false)))
    if (sent.some((ok) => !ok)) throw new AppError('SMS_FAILED')
    return result
  }

  /** The changes that may make two operators one person (ADR 070) at `at`: creations and phone changes, recent resets and role changes. */
  function relationEdges(tx: Db, at: Date) {
    return operatorsRepository.relationEdges(tx, JOINING_FOR_GOOD, JOINING_WHILE_RECENT, new Date(at.getTime() - RELATED_DAYS * DAY_MS))
  }

  /**
   * Makes `proposal` as `by`'s change (the proposer's, when a second owner approved it). Answers the operator changed.
   * `approvedBy` is in the audit entry.
   */
  async function apply(tx: Db, outbox: Outbox, by: OperatorActor | { operatorId: number; ip: null }, proposal: Proposal, approvedBy?: number) {
    const now = clock.now()
    if (proposal.kind === 'create') {
      if (await operatorsRepository.findByUsername(tx, proposal.username)) throw new AppError('OPERATOR_USERNAME_TAKEN')
      const secret = await oneTimePassword(outbox, proposal)
      const row = await operatorsRepository.insert(tx, {
        username: proposal.username,
        passwordHash: secret.passwordHash!,
        passwordResetAt: secret.passwordResetAt!,
        role: proposal.role,
        phone: proposal.phone,
        createdAt: now,
      })
      await operatorsRepository.recordChange(tx, { operatorId: row.id, byOperatorId: by.operatorId, kind: 'create', at: now })
      await auditRepository.record(tx, {
        actor: by,
        action: 'operator.create',
        targetType: 'operator',
        targetId: String(row.id),
        after: { username: row.username, role: row.role, phone: row.phone, ...(approvedBy ? { approved_by: approvedBy } : {}) },
        at: now,
      })
      return toOperatorView(row)
    }
    const row = await operatorsRepository.findById(tx, proposal.operatorId, true)
    if (!row) throw new AppError('NOT_FOUND')
    if (row.id === by.operatorId) throw new AppError('OPERATOR_SELF_CHANGE')
    if (proposal.kind === 'role_change' && proposal.role !== 'owner' && row.role === 'owner' && row.disabledAt === null) {
      if ((await operatorsRepository.otherEnabledOwners(tx, row.id)) === 0) throw new AppError('LAST_OWNER')
    }
    const patch: OperatorPatch =
      proposal.kind === 'role_change'
        ? { role: proposal.role }
        : proposal.kind === 'phone_change'
          ? { phone: proposal.phone }
          : proposal.kind === 'password_reset'
            ? await oneTimePassword(outbox, row)
            : { totpSecret: null, totpPendingSecret: null, totpLastStep: null, passwordResetAt: now }
    const updated = await operatorsRepository.update(tx, row.id, patch)
    if (!updated) throw new AppError('NOT_FOUND')
    // A new phone takes no rights away; every other change here does, so the operator's sessions end with it.
    const ended = proposal.kind === 'phone_change' ? 0 : await operatorsRepository.revokeSessionsOf(tx, row.id, now)
    if (proposal.kind !== 'role_change' || updated.role !== row.role)
      await operatorsRepository.recordChange(tx, { operatorId: row.id, byOperatorId: by.operatorId, kind: proposal.kind, at: now })
    const before = toOperatorView(row)
    const after = toOperatorView(updated)
    await auditRepository.record(tx, {
      actor: by,
      action: CHANGE_ACTIONS[proposal.kind],
      targetType: 'operator',
      targetId: String(row.id),
      before: { role: before.role, disabled: before.disabled, totp_enrolled: before.totp_enrolled, phone: before.phone },
      after: {
        role: after.role,
        disabled: after.disabled,
        totp_enrolled: after.totp_enrolled,
        phone: after.phone,
        sessions_ended: ended,
        ...(approvedBy ? { approved_by: approvedBy } : {}),
      },
      at: now,
    })
    return after
  }

  /** The audit row of an owner's decision on a request: its kind, the operator it made or changed, who proposed it. */
  async function recordRequestDecision(
    tx: Db,
    actor: OperatorActor,
    action: 'operator.request_approve' | 'operator.request_reject',
    row: OperatorRequestRow,
    operatorId: number | null,
  ) {
    await auditRepository.record(tx, {
      actor,
      action,
      targetType: 'operator_request',
      targetId: String(row.id),
      after: { kind: row.kind, operator_id: operatorId, requested_by: row.requestedBy },
      at: clock.now(),
    })
  }

  /** The request `id`, locked for its decision; NOT_FOUND when there is none. */
  async function lockedRequest(tx: Db, id: number): Promise<OperatorRequestRow> {
    const row = await operatorsRepository.findRequest(tx, id, true)
    if (!row) throw new AppError('NOT_FOUND')
    return row
  }

  /** The request as owners see it, with the names it refers to. */
  async function toRequestView(tx: Db, row: OperatorRequestRow): Promise<OperatorRequestView> {
    const target = row.operatorId === null ? undefined : await operatorsRepository.findById(tx, row.operatorId)
    const proposer = await operatorsRepository.findById(tx, row.requestedBy)
    return {
      id: row.id,
      kind: row.kind,
      operator_id: row.operatorId,
      username: target?.username ?? row.username ?? '',
      current_role: target?.role ?? null,
      role: row.role,
      phone: row.phone,
      requested_by: row.requestedBy,
      requested_by_username: proposer?.username ?? '',
      requested_at: row.requestedAt.toISOString(),
    }
  }

  /**
   * Why `operatorId` may not approve the request now, as its approval and the requests list both say (ADR 075): never
   * the operator it changes, then the money policy's one four-eyes rule: not the proposer (OPERATOR_REQUEST_OWN), not
   * new, not one person with it (ADR 070).
   */
  async function requestRefusal(tx: Db, row: OperatorRequestRow, operatorId: number): Promise<Refusal | undefined> {
    if (row.operatorId === operatorId) return { code: 'OPERATOR_REQUEST_OWN', reason: errorCatalogue.OPERATOR_REQUEST_OWN.message }
    const refusal = await decideRefusal(tx, { moneyRefusals }, { firstId: row.requestedBy, secondId: operatorId, at: clock.now(), action: 'operator_request' })
    return refusal?.code === 'FOUR_EYES_SAME_OPERATOR' ? { ...refusal, code: 'OPERATOR_REQUEST_OWN' } : refusal
  }

  const proposalOf = (row: OperatorRequestRow): Proposal => {
    const kind: OperatorRequestKind = row.kind
    if (kind === 'create') return { kind, username: row.username!, role: row.role!, phone: row.phone! }
    if (kind === 'role_change') return { kind, operatorId: row.operatorId!, role: row.role! }
    if (kind === 'phone_change') return { kind, operatorId: row.operatorId!, phone: row.phone! }
    return { kind, operatorId: row.operatorId! }
  }

  /**
   * Makes `proposal` at once when it concerns no role of TWO_OWNER_ROLES (before or after), or else records it for a
   * second owner: nothing changes until then.
   */
  async function propose(actor: OperatorActor, proposal: Proposal): Promise<OperatorChangeResult> {
    return withOutbox(async (tx, outbox) => {
      let roles: OperatorRole[]
      if (proposal.kind === 'create') {
        if (await operatorsRepository.findByUsername(tx, proposal.username)) throw new AppError('OPERATOR_USERNAME_TAKEN')
        roles = [proposal.role]
      } else {
        const row = await operatorsRepository.findById(tx, proposal.operatorId)
        if (!row) throw new AppError('NOT_FOUND')
        if (row.id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE')
        if (proposal.kind === 'password_reset' && !row.phone) throw new AppError('OPERATOR_NO_PHONE')
        roles = proposal.kind === 'role_change' ? [row.role, proposal.role] : [row.role]
      }
      if (!roles.some((role) => TWO_OWNER_ROLES.includes(role))) return { operator: await apply(tx, outbox, actor, proposal), request: null }
      const request = await operatorsRepository
        .insertRequest(tx, {
          kind: proposal.kind,
          operatorId: 'operatorId' in proposal ? proposal.operatorId : null,
          username: proposal.kind === 'create' ? proposal.username : null,
          role: 'role' in proposal ? proposal.role : null,
          phone: 'phone' in proposal ? proposal.phone : null,
          status: 'pending',
          requestedBy: actor.operatorId,
          requestedAt: clock.now(),
        })
        .catch((error: unknown) => {
          // The partial unique indexes: one pending change per operator, one pending creation per username.
          if (uniqueViolation(error)) throw new AppError('OPERATOR_REQUEST_PENDING')
          throw error
        })
      const view = await toRequestView(tx, request)
      await auditRepository.record(tx, {
        actor,
        action: 'operator.request',
        targetType: 'operator_request',
        targetId: String(request.id),
        after: { kind: view.kind, operator_id: view.operator_id, username: view.username, role: view.role, phone: view.phone },
        at: clock.now(),
      })
      return { operator: null, request: view }
    })
  }

  /**
   * The operator rules of every money decision (ADR 036, ADR 070), for the money policy to ask inside its
   * transaction: an operator decides no money within NEW_OPERATOR_HOURS of its creation or a reset of its password or
   * authenticator (OPERATOR_TOO_NEW, until the hours are over), and never completes a four-eyes decision with
   * `counterpartId` when the two may be one person (FOUR_EYES_RELATED_OPERATOR): one group of creations and phone
   * changes, and of resets and role changes within RELATED_DAYS (until those lapse, ADR 075).
   */
  /**
   * The money policy's SeparateDuties (ADR 036, ADR 070): why `operatorId` may not decide money now, or complete
   * four-eyes with each of `counterpartIds` (null: nobody asked first), in their order. One read of its credential
   * changes and one of the ties between operators, however many items a queue shows.
   */
  async function moneyRefusals(
    tx: Db,
    input: { operatorId: number; counterpartIds: ReadonlyArray<number | null>; at: Date },
  ): Promise<Array<DutyRefusal | undefined>> {
    const { operatorId, counterpartIds, at } = input
    const newSince = new Date(at.getTime() - NEW_OPERATOR_HOURS * HOUR_MS)
    const changed = await operatorsRepository.lastChangeSince(tx, operatorId, CREDENTIAL_CHANGES, newSince)
    if (changed) {
      const tooNew: DutyRefusal = { code: 'OPERATOR_TOO_NEW', until: new Date(changed.getTime() + NEW_OPERATOR_HOURS * HOUR_MS) }
      return counterpartIds.map(() => tooNew)
    }
    const others = [...new Set(counterpartIds.filter((id): id is number => id !== null && id !== operatorId))]
    if (others.length === 0) return counterpartIds.map(() => undefined)
    const edges = await relationEdges(tx, at)
    const refusals = new Map<number, DutyRefusal>()
    for (const id of others) {
      const tie = tieUntil(edges, operatorId, id, RELATED_DAYS * DAY_MS)
      if (!tie) continue
      const counterpart = await operatorsRepository.findById(tx, id)
      refusals.set(id, { code: 'FOUR_EYES_RELATED_OPERATOR', counterpart: counterpart?.username ?? '', until: tie.until })
    }
    return counterpartIds.map((id) => (id === null ? undefined : refusals.get(id)))
  }

  /** `moneyRefusals` for one counterpart (or none). */
  async function moneyRefusal(tx: Db, input: { operatorId: number; counterpartId?: number; at: Date }): Promise<DutyRefusal | undefined> {
    const [refusal] = await moneyRefusals(tx, { operatorId: input.operatorId, counterpartIds: [input.counterpartId ?? null], at: input.at })
    return refusal
  }

  /**
   * The operators as owners see them (ADR 075), each with the instant from which it may decide money
   * (`decides_money_from`: NEW_OPERATOR_HOURS after its creation or last reset) and the operators it may be one person
   * with, each until the tie lapses (null: for good).
   */
  async function list(): Promise<OperatorListItem[]> {
    const at = clock.now()
    const rows = await operatorsRepository.list(db)
    const changed = await operatorsRepository.lastChanges(db, CREDENTIAL_CHANGES)
    const edges = await relationEdges(db, at)
    return rows.map((row) => {
      const from = changed.get(row.id)
      const related = rows.flatMap((other) => {
        const tie = other.id === row.id ? undefined : tieUntil(edges, row.id, other.id, RELATED_DAYS * DAY_MS)
        return tie ? [{ id: other.id, username: other.username, until: tie.until?.toISOString() ?? null }] : []
      })
      return {
        ...toOperatorView(row),
        decides_money_from: new Date((from ?? row.createdAt).getTime() + (from ? NEW_OPERATOR_HOURS * HOUR_MS : 0)).toISOString(),
        related,
      }
    })
  }

  /**
   * The accounts named at set-up (ADR 070): the owners of BACKOFFICE_OWNERS, and in demo mode the demo desk. Each
   * that does not exist yet is made by no operator (`setup`, no one's group), with a one-time password sent to its own
   * phone, or with `password` (and an authenticator's `totpSecret`) given (automation, the demo desk). A set-up account that
   * never signed in and whose one-time password lapsed gets a new one. Answers whom it made or re-sent, and whose SMS
   * failed.
   */
  async function setUp(
    accounts: { username: string; phone: string | null; role: OperatorRole; password?: string; totpSecret?: string | undefined }[],
  ): Promise<{ made: string[]; smsFailed: string[] }> {
    const made: string[] = []
    const smsFailed: string[] = []
    for (const account of accounts) {
      try {
        await withOutbox(async (tx, outbox) => {
          const now = clock.now()
          const existing = await operatorsRepository.findByUsername(tx, account.username)
          if (existing) {
            // A set-up account that never signed in and whose one-time password lapsed (its SMS may have failed) gets
            // a new one from the set-up that named it: the way back when no second owner can approve a reset.
            const lapsed = existing.passwordResetAt !== null && now.getTime() - existing.passwordResetAt.getTime() > ONE_TIME_PASSWORD_HOURS * 3_600_000
            if (account.password !== undefined || existing.lastLoginAt !== null || !lapsed || existing.phone !== account.phone) return
            await operatorsRepository.update(tx, existing.id, await oneTimePassword(outbox, existing))
            await auditRepository.record(tx, {
              actor: null,
              action: 'operator.setup_password',
              targetType: 'operator',
              targetId: String(existing.id),
              at: now,
            })
            made.push(existing.username)
            return
          }
          const secret =
            account.password === undefined
              ? await oneTimePassword(outbox, account)
              : { passwordHash: await hasher.hash(account.password), passwordResetAt: null }
          const row = await operatorsRepository.insert(tx, {
            username: account.username,
            passwordHash: secret.passwordHash!,
            passwordResetAt: secret.passwordResetAt ?? null,
            role: account.role,
            phone: account.phone,
            totpSecret: account.totpSecret === undefined ? null : deps.totpSecrets.seal(account.totpSecret),
            createdAt: now,
          })
          await operatorsRepository.recordChange(tx, { operatorId: row.id, byOperatorId: null, kind: 'setup', at: now })
          await auditRepository.record(tx, {
            actor: null,
            action: 'operator.setup',
            targetType: 'operator',
            targetId: String(row.id),
            after: { username: row.username, role: row.role, phone: row.phone, totp_enrolled: row.totpSecret !== null },
            at: now,
          })
          made.push(row.username)
        })
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'SMS_FAILED')) throw error
        smsFailed.push(account.username)
      }
    }
    return { made, smsFailed }
  }

  return {
    list,

    create: (actor: OperatorActor, input: { username: string; role: OperatorRole; phone: string }) => propose(actor, { kind: 'create', ...input }),
    setRole: (actor: OperatorActor, id: number, role: OperatorRole) => propose(actor, { kind: 'role_change', operatorId: id, role }),
    setPhone: (actor: OperatorActor, id: number, phone: string) => propose(actor, { kind: 'phone_change', operatorId: id, phone }),
    /** A new one-time password, by SMS to the operator's own phone. */
    resetPassword: (actor: OperatorActor, id: number) => propose(actor, { kind: 'password_reset', operatorId: id }),
    /**
     * Recovery of a lost authenticator. The operator's current password becomes a one-time password: with it the
     * operator chooses a new one and then enrols a new authenticator itself.
     */
    resetTotp: (actor: OperatorActor, id: number) => propose(actor, { kind: 'totp_reset', operatorId: id }),

    /** Disabling takes rights away and needs no second owner; enabling gives back only what the operator had. */
    disable: (actor: OperatorActor, id: number) => toggle(actor, id, true),
    enable: (actor: OperatorActor, id: number) => toggle(actor, id, false),

    /** The changes waiting for a second owner, each with whether `operatorId` may approve it now (ADR 075). */
    async requests(operatorId: number): Promise<OperatorRequestView[]> {
      const rows = await operatorsRepository.pendingRequests(db)
      return Promise.all(rows.map(async (row) => ({ ...(await toRequestView(db, row)), can_decide: asCanDecide(await requestRefusal(db, row, operatorId)) })))
    },

    /**
     * A second owner makes a proposed change: never the proposer, never the operator it changes, never an owner that may
     * be one person with the proposer (FOUR_EYES_RELATED_OPERATOR).
     */
    async approve(actor: OperatorActor, requestId: number): Promise<OperatorChangeResult> {
      return withOutbox(async (tx, outbox) => {
        const row = await lockedRequest(tx, requestId)
        if (row.status !== 'pending') throw new AppError('OPERATOR_REQUEST_DECIDED')
        const refusal = await requestRefusal(tx, row, actor.operatorId)
        if (refusal) throw new AppError(refusal.code, refusal.reason)
        const request = await toRequestView(tx, row)
        const operator = await apply(tx, outbox, { operatorId: row.requestedBy, ip: null }, proposalOf(row), actor.operatorId)
        await operatorsRepository.decideRequest(tx, row.id, { status: 'applied', decidedBy: actor.operatorId, decidedAt: clock.now(), operatorId: operator.id })
        await recordRequestDecision(tx, actor, 'operator.request_approve', row, operator.id)
        return { operator, request }
      })
    },

    /** Any owner turns a proposal down, its proposer included (a withdrawn proposal). */
    async reject(actor: OperatorActor, requestId: number): Promise<OperatorRequestView> {
      return inTransaction(db, async (tx) => {
        const row = await lockedRequest(tx, requestId)
        if (!(await operatorsRepository.decideRequest(tx, row.id, { status: 'rejected', decidedBy: actor.operatorId, decidedAt: clock.now() })))
          throw new AppError('OPERATOR_REQUEST_DECIDED')
        await recordRequestDecision(tx, actor, 'operator.request_reject', row, row.operatorId)
        return toRequestView(tx, row)
      })
    },

    setUp,

    /**
     * Demo mode's first owner (BACKOFFICE_USERNAME), a set-up account made on a database with no operator, enrolled in
     * TOTP with `totpSecret` when given. Answers the password when it was generated, so start-up can print it once.
     */
    async ensureFirstOwner(username: string, password: string | undefined, totpSecret?: string): Promise<{ created: boolean; generatedPassword?: string }> {
      if ((await operatorsRepository.list(db)).length > 0) return { created: false }
      const chosen = password ?? newToken().slice(0, 20)
      await setUp([{ username, phone: null, role: 'owner', password: chosen, totpSecret }])
      return password ? { created: true } : { created: true, generatedPassword: chosen }
    },

    /** The operator rules of every money decision (moneyRefusals above), the money policy's SeparateDuties. */
    moneyRefusals,
    moneyRefusal,
  }

  async function toggle(actor: OperatorActor, id: number, disable: boolean) {
    return inTransaction(db, async (tx) => {
      const row = await operatorsRepository.findById(tx, id, true)
      if (!row) throw new AppError('NOT_FOUND')
      if (disable && row.id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE')
      if (disable && row.role === 'owner' && row.disabledAt === null && (await operatorsRepository.otherEnabledOwners(tx, row.id)) === 0) {
        throw new AppError('LAST_OWNER')
      }
      const updated = await operatorsRepository.update(tx, id, { disabledAt: disable ? (row.disabledAt ?? clock.now()) : null })
      if (!updated) throw new AppError('NOT_FOUND')
      const ended = disable ? await operatorsRepository.revokeSessionsOf(tx, id, clock.now()) : 0
      const before = toOperatorView(row)
      const after = toOperatorView(updated)
      await auditRepository.record(tx, {
        actor,
        action: disable ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: String(id),
        before: { role: before.role, disabled: before.disabled, totp_enrolled: before.totp_enrolled },
        after: { role: after.role, disabled: after.disabled, totp_enrolled: after.totp_enrolled, sessions_ended: ended },
        at: clock.now(),
      })
      return after
    })
  }
}
export type OperatorsService = ReturnType<typeof createOperatorsService>
