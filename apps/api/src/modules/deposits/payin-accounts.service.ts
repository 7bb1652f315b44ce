import { msg, type PayinAccount, type PayinAccountBody } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { DepositsRepository, OperatorAccountRow } from './deposits.repository.ts'
import { assertSecondOperator, withCanDecide, type Decider, type SeparateDuties } from '../approvals/money-policy.ts'

/** What an audit row keeps of an account version: where the money goes and its state. */
const facts = (row: OperatorAccountRow) => ({
  bank_code: row.bankCode,
  account_number: row.accountNumber,
  account_name: row.accountName,
  promptpay_type: row.promptpayType,
  promptpay_id: row.promptpayId,
  status: row.status,
  active: row.active,
  replaces_id: row.replacesId,
})

/** `operatorId` as the second operator of the pending version `row` (ADR 075). */
const decider = (row: Pick<OperatorAccountRow, 'proposedBy'>, operatorId: number, at: Date): Decider => ({
  firstId: row.proposedBy,
  secondId: operatorId,
  at,
  action: 'payin',
})

export function toPayinAccount(row: OperatorAccountRow, names: { proposedBy: string | null; decidedBy: string | null }): PayinAccount {
  return {
    id: row.id,
    ...facts(row),
    proposed_by: names.proposedBy,
    decided_by: names.decidedBy,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    retired_at: row.retiredAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

const details = (body: PayinAccountBody) => ({
  bankCode: body.bank_code,
  accountNumber: body.account_number,
  accountName: body.account_name,
  promptpayType: body.promptpay_type,
  promptpayId: body.promptpay_id,
})
const sameDetails = (row: OperatorAccountRow, body: PayinAccountBody) =>
  Object.entries(details(body)).every(([key, value]) => row[key as keyof ReturnType<typeof details>] === value)

/**
 * Pay-in accounts (issue 20 §2): where players' deposits go, so no one operator may set one. A new account and new
 * details for one are PENDING versions until a second operator holding 'money.decide' activates them (never the one
 * who proposed, and never two related operators: separateDuties); an activated change retires the account it replaces
 * in the same transaction. Retiring is immediate, but never of the last active account (players could not deposit at
 * all): another is activated first. Each step is audited with before and after.
 */
export function createPayinAccountsService(deps: {
  db: Db
  clock: Clock
  separateDuties: SeparateDuties
  depositsRepository: Pick<
    DepositsRepository,
    'operatorAccounts' | 'operatorAccountById' | 'insertOperatorAccount' | 'updateOperatorAccount' | 'lockActiveOperatorAccountIds'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, separateDuties, depositsRepository: repo, auditRepository } = deps

  /** The answer for one account as the list shows it (with the operators' names). */
  async function shown(tx: Db, id: number): Promise<PayinAccount> {
    const found = (await repo.operatorAccounts(tx)).find((r) => r.version.id === id)
    if (!found) throw new AppError('NOT_FOUND', msg('PAYIN_NOT_FOUND'))
    return toPayinAccount(found.version, found)
  }

  async function locked(tx: Db, id: number): Promise<OperatorAccountRow> {
    const row = await repo.operatorAccountById(tx, id, true)
    if (!row) throw new AppError('NOT_FOUND', msg('PAYIN_NOT_FOUND'))
    return row
  }

  /** A new pending version: a new account, or (`replaces`) new details for an active one. */
  async function propose(actor: AuditActor, body: PayinAccountBody, replaces?: number): Promise<PayinAccount> {
    const at = clock.now()
    return inTransaction(db, async (tx) => {
      let before: OperatorAccountRow | undefined
      if (replaces !== undefined) {
        before = await locked(tx, replaces)
        if (!before.active) throw new AppError('CONFLICT', msg('PAYIN_NOT_ACTIVE'))
        if (sameDetails(before, body)) throw new AppError('RULE_REFUSED', msg('PAYIN_SAME_DETAILS'))
      }
      const row = await repo.insertOperatorAccount(tx, {
        ...details(body),
        status: 'PENDING',
        active: false,
        proposedBy: actor.operatorId,
        replacesId: replaces ?? null,
        createdAt: at,
      })
      await auditRepository.record(tx, {
        actor,
        action: replaces === undefined ? 'payin.propose' : 'payin.propose_change',
        targetType: 'payin_account',
        targetId: String(row.id),
        before: before ? facts(before) : null,
        after: facts(row),
        at,
      })
      return shown(tx, row.id)
    })
  }

  /** A step one operator may take alone (it sends no money anywhere new): the row locked, checked, changed, audited. */
  async function oneOperatorStep(
    actor: AuditActor,
    id: number,
    action: 'payin.reject' | 'payin.retire',
    refusal: (row: OperatorAccountRow, activeIds: readonly number[]) => 'PAYIN_NOT_PENDING' | 'PAYIN_NOT_ACTIVE' | 'PAYIN_LAST_ACTIVE' | null,
    patch: (at: Date) => Partial<OperatorAccountRow>,
  ): Promise<PayinAccount> {
    const at = clock.now()
    return inTransaction(db, async (tx) => {
      // Every active account is locked first, in id order: two retirements at once cannot both see another one active.
      const activeIds = await repo.lockActiveOperatorAccountIds(tx)
      const row = await locked(tx, id)
      const refused = refusal(row, activeIds)
      if (refused) throw new AppError('CONFLICT', msg(refused))
      const after = await repo.updateOperatorAccount(tx, id, patch(at))
      await auditRepository.record(tx, { actor, action, targetType: 'payin_account', targetId: String(id), before: facts(row), after: facts(after), at })
      return shown(tx, id)
    })
  }

  return {
    /** Every version; with `operatorId` (the back-office list), each PENDING one says whether it may activate it now (ADR 075). */
    async list(operatorId?: number): Promise<PayinAccount[]> {
      const at = clock.now()
      const rows = await repo.operatorAccounts(db)
      const views = rows.map((r) => ({ row: r.version, view: toPayinAccount(r.version, r) }))
      const answered = await withCanDecide(db, separateDuties, views, ({ row }) =>
        row.status === 'PENDING' && operatorId !== undefined ? decider(row, operatorId, at) : undefined,
      )
      return answered.map(({ row: _row, view, ...can }) => ({ ...view, ...can }))
    },

    propose: (actor: AuditActor, body: PayinAccountBody) => propose(actor, body),
    change: (actor: AuditActor, id: number, body: PayinAccountBody) => propose(actor, body, id),

    /**
     * The second operator's activation of pending version `id` (approval by version: a version is never edited, so
     * what was reviewed is what goes live). Refused to its author, to an operator too new or related to the author,
     * for a version no longer pending (409), and for a change whose account was retired or replaced meanwhile (409).
     */
    async activate(actor: AuditActor, id: number): Promise<PayinAccount> {
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        const row = await locked(tx, id)
        if (row.status !== 'PENDING') throw new AppError('CONFLICT', msg('PAYIN_NOT_PENDING'))
        await assertSecondOperator(tx, separateDuties, decider(row, actor.operatorId, at))
        let replaced: OperatorAccountRow | undefined
        if (row.replacesId !== null) {
          const old = await locked(tx, row.replacesId)
          if (!old.active) throw new AppError('CONFLICT', msg('PAYIN_REPLACED_GONE'))
          replaced = await repo.updateOperatorAccount(tx, old.id, { active: false, retiredAt: at })
        }
        const after = await repo.updateOperatorAccount(tx, id, { status: 'APPROVED', active: true, decidedBy: actor.operatorId, decidedAt: at })
        await auditRepository.record(tx, {
          actor,
          action: 'payin.activate',
          targetType: 'payin_account',
          targetId: String(id),
          before: facts(row),
          after: { ...facts(after), ...(replaced ? { retired: { id: replaced.id, ...facts(replaced) } } : {}) },
          at,
        })
        return shown(tx, id)
      })
    },

    /** A pending version dropped (by its author or anyone who manages pay-in accounts): it never goes live. */
    reject: (actor: AuditActor, id: number) =>
      oneOperatorStep(
        actor,
        id,
        'payin.reject',
        (row) => (row.status === 'PENDING' ? null : 'PAYIN_NOT_PENDING'),
        (at) => ({
          status: 'REJECTED',
          decidedBy: actor.operatorId,
          decidedAt: at,
        }),
      ),

    /** Stops offering an account to new bills at once; transfers that still arrive to it match as before. */
    retire: (actor: AuditActor, id: number) =>
      oneOperatorStep(
        actor,
        id,
        'payin.retire',
        (row, activeIds) => (!row.active ? 'PAYIN_NOT_ACTIVE' : activeIds.length <= 1 ? 'PAYIN_LAST_ACTIVE' : null),
        (at) => ({ active: false, retiredAt: at }),
      ),

    /** The demo seed's entry point: an account approved by the system (no operator), audited as such. */
    async seedApproved(body: PayinAccountBody): Promise<PayinAccount> {
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        const row = await repo.insertOperatorAccount(tx, { ...details(body), status: 'APPROVED', active: true, decidedAt: at, createdAt: at })
        await auditRepository.record(tx, { actor: null, action: 'payin.seed', targetType: 'payin_account', targetId: String(row.id), after: facts(row), at })
        return shown(tx, row.id)
      })
    },
  }
}
export type PayinAccountsService = ReturnType<typeof createPayinAccountsService>
