import { randomBytes } from 'node:crypto'
import { msg, satangToBaht, type BackofficePayout, type PayoutProposalBody, type PayoutSummary } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { afterCommit } from '../../db/after-commit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { assertMayDecideMoney, assertSecondOperator, withCanDecide, type SeparateDuties } from '../approvals/money-policy.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import { nameConfirms } from '../deposits/account-match.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { WithdrawalRow } from '../withdrawals/withdrawals.repository.ts'
import type { WithdrawalService } from '../withdrawals/withdrawals.service.ts'
import type { PayoutBank, PayoutOrder } from './payout-bank.ts'
import type { PayoutRow, PayoutStatus, PayoutsRepository } from './payouts.repository.ts'

/** Minutes between look-ups of an unknown payout at the bank: 1, 5, 15, then hourly. */
export const CHECK_BACKOFF_MINUTES = [1, 5, 15, 60] as const
/** An in-flight step older than this belongs to a process that stopped (every bank call is bounded far below it). */
export const STALE_STEP_MS = 5 * 60_000
const PAGE_SIZE = 20

/** Sanam's reference for a payout: `SNM`, the withdrawal id and random letters, 20 of [0-9A-Z], unique by index. */
export function payoutReference(withdrawalId: number): string {
  const id = String(withdrawalId).padStart(9, '0').slice(-9)
  return `SNM${id}${randomBytes(4).toString('hex').toUpperCase()}`
}

/** What a payout's step is waiting for, as an audit entry names it. */
type Settled = 'PAID' | 'REJECTED' | 'HELD' | 'UNKNOWN'

/**
 * Payouts through a bank (issue 37 §3, ADR 081). An approved withdrawal (by operators, or by the auto-approval) is
 * handed here in its approval's transaction: the payout and its own reference are stored, with an audit entry, before
 * the bank is called; after the commit the bank is asked, step by step, each step written before it is taken:
 * inquire (the account-holder name must be the member's: else HELD, nothing sent) → initiate → confirm.
 *
 * Only the bank's explicit refusal refunds the member. A lost answer, a timeout, a 5xx or a body that does not parse
 * from `initiate` on leaves the payout UNKNOWN (the withdrawal OUTCOME_UNKNOWN, the money held): it is asked again by
 * its reference with back-off (`recheckDue`, the job, and an operator's "ask the bank again"), or resolved by two
 * operators through the money policy (one proposes paid with the bank's reference, or not paid; a second, different
 * one confirms). `initiate` and `confirm` are each called at most once per payout: a conditional step guards each.
 */
export function createPayoutService(deps: {
  db: Db
  clock: Clock
  /** The payout bank (PAYOUT_BANK); null: none configured, nothing is ever handed here. */
  bank: PayoutBank | null
  payoutsRepository: Pick<PayoutsRepository, 'insert' | 'find' | 'findByWithdrawal' | 'move' | 'stale' | 'dueChecks' | 'page' | 'counts'>
  withdrawals: Pick<WithdrawalService, 'forDecision' | 'record' | 'move'>
  playersRepository: Pick<PlayersRepository, 'findById'>
  separateDuties: SeparateDuties
  auditRepository: Pick<AuditRepository, 'record'>
  /** Reports a failure of work that runs after a commit (the bank calls), which no caller waits on. */
  onError?: (error: unknown) => void
}) {
  const { db, clock, payoutsRepository: repo, withdrawals, auditRepository } = deps
  /** The bank calls running now, by withdrawal id, so a caller may wait for them (the desk, tests). */
  const inFlight = new Map<number, Promise<unknown>>()
  /** The job's look-ups running now. */
  const background = new Set<Promise<unknown>>()

  function bankOrFail() {
    if (!deps.bank) throw new AppError('CONFLICT', msg('PAYOUT_BANK_NOT_CONFIGURED'))
    return deps.bank
  }
  const orderOf = (p: PayoutRow): PayoutOrder => ({ reference: p.reference, bankCode: p.bankCode, account: p.bankAccount, amount: p.amount })

  async function audit(tx: Db, actor: AuditActor | null, action: Parameters<AuditRepository['record']>[1]['action'], p: PayoutRow, after: object) {
    await auditRepository.record(tx, {
      actor,
      action,
      targetType: 'withdrawal',
      targetId: String(p.withdrawalId),
      before: null,
      after: { payout_id: p.id, reference: p.reference, bank: p.bank, amount: satangToBaht(p.amount), ...after },
      at: clock.now(),
    })
  }

  /** Starts the bank calls for a payout once the caller's transaction commits; `whenSent` waits for them. */
  function driveAfterCommit(tx: Db, payoutId: number, withdrawalId: number) {
    afterCommit(tx, () => {
      const run = drive(payoutId)
        .catch((error) => deps.onError?.(error))
        .finally(() => {
          if (inFlight.get(withdrawalId) === run) inFlight.delete(withdrawalId)
        })
      inFlight.set(withdrawalId, run)
    })
  }

  /**
   * The bank's final word (or two operators'), in one transaction: the withdrawal's row locked first (as every
   * decision on it does), then the payout moved from one of `from`, then the withdrawal recorded paid or refunded.
   * Undefined when the payout had already left `from` (someone else settled it): nothing happens twice.
   */
  async function finish(
    payoutId: number,
    from: PayoutStatus[],
    outcome: { paid: true; bankReference: string } | { paid: false; code: string; reason: string },
    by: { actor: AuditActor | null; resolved: boolean; extra?: object },
    /** Checks the payout, locked, before anything moves (the second operator's rule); throws to refuse. */
    guard?: (tx: Db, locked: PayoutRow) => Promise<void>,
  ) {
    return inTransaction(db, async (tx) => {
      const peek = await repo.find(tx, payoutId)
      if (!peek) return undefined
      const withdrawal = await withdrawals.forDecision(tx, peek.withdrawalId)
      if (guard) await guard(tx, (await repo.find(tx, payoutId, true))!)
      const at = clock.now()
      const to: PayoutStatus = outcome.paid ? (by.resolved ? 'RESOLVED_PAID' : 'PAID') : by.resolved ? 'RESOLVED_REFUNDED' : 'REJECTED'
      const moved = await repo.move(
        tx,
        payoutId,
        from,
        to,
        {
          settledAt: at,
          nextCheckAt: null,
          ...(outcome.paid ? { bankReference: outcome.bankReference } : { lastError: outcome.code }),
          ...(by.resolved ? { resolvedBy: by.actor?.operatorId ?? null } : {}),
        },
        at,
      )
      if (!moved) return undefined
      const decidedBy = by.resolved ? (by.actor?.operatorId ?? null) : moved.approvedBy
      const open = ['PAYING', 'OUTCOME_UNKNOWN', 'PAYOUT_HELD'] as const
      if (!open.includes(withdrawal.status as (typeof open)[number])) throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
      await withdrawals.record(
        tx,
        moved.withdrawalId,
        outcome.paid ? { approve: true, payoutRef: outcome.bankReference } : { approve: false, reason: outcome.reason },
        { decidedBy, from: [...open] },
      )
      const action = by.resolved ? 'payout.resolve' : outcome.paid ? 'payout.paid' : 'payout.rejected'
      await audit(tx, by.actor, action, moved, {
        status: to,
        ...(outcome.paid ? { bank_reference: outcome.bankReference } : { code: outcome.code }),
        ...by.extra,
      })
      return moved
    })
  }

  /** A step that moves no money: the payout to HELD or UNKNOWN and its withdrawal with it, from one of `from`. */
  async function park(payoutId: number, from: PayoutStatus[], to: 'HELD' | 'UNKNOWN', code: string, extra: { accountName?: string } = {}) {
    return inTransaction(db, async (tx) => {
      const peek = await repo.find(tx, payoutId)
      if (!peek) return undefined
      await withdrawals.forDecision(tx, peek.withdrawalId)
      const at = clock.now()
      const moved = await repo.move(
        tx,
        payoutId,
        from,
        to,
        {
          lastError: code,
          settledAt: at,
          ...(extra.accountName !== undefined ? { accountName: extra.accountName } : {}),
          ...(to === 'UNKNOWN' ? { checks: 0, nextCheckAt: new Date(at.getTime() + CHECK_BACKOFF_MINUTES[0] * 60_000) } : {}),
        },
        at,
      )
      if (!moved) return undefined
      await withdrawals.move(tx, moved.withdrawalId, ['PAYING'], to === 'HELD' ? 'PAYOUT_HELD' : 'OUTCOME_UNKNOWN', reasonOf(moved))
      await audit(tx, null, to === 'HELD' ? 'payout.held' : 'payout.unknown', moved, {
        status: to,
        code,
        ...(extra.accountName ? { account_name: extra.accountName } : {}),
      })
      return moved
    })
  }

  /** The Thai reason a held or unknown payout shows (on the withdrawal too). */
  function reasonOf(p: Pick<PayoutRow, 'status' | 'lastError' | 'accountName'>): string | null {
    const code = p.lastError ?? 'UNKNOWN'
    if (p.status === 'HELD')
      return code === 'NAME_MISMATCH' ? msg('PAYOUT_NAME_MISMATCH', { bankName: p.accountName ?? '' }) : msg('PAYOUT_INQUIRY_UNAVAILABLE', { code })
    if (p.status === 'UNKNOWN') return msg('PAYOUT_OUTCOME_UNKNOWN', { code })
    if (p.status === 'REJECTED') return msg('PAYOUT_BANK_REJECTED', { code })
    return null
  }

  const refund = (payoutId: number, from: PayoutStatus[], code: string) =>
    finish(payoutId, from, { paid: false, code, reason: msg('PAYOUT_BANK_REJECTED', { code }) }, { actor: null, resolved: false })

  /**
   * Takes a READY payout through the bank's steps. Each step is claimed by a conditional update before the bank is
   * asked, so two drivers never both ask; a crash leaves a step the job finds stale (`recheckDue`).
   */
  async function drive(payoutId: number): Promise<Settled | undefined> {
    const bank = bankOrFail()
    const claimed = await repo.move(db, payoutId, ['READY'], 'INQUIRING', {}, clock.now())
    if (!claimed) return undefined
    const order = orderOf(claimed)
    const inquiry = await bank.inquire(order)
    if (inquiry.outcome === 'UNAVAILABLE') return (await park(payoutId, ['INQUIRING'], 'HELD', `INQUIRY_${inquiry.code}`)) && 'HELD'
    // The bank says the account cannot receive money: nothing was sent, the member gets the money back.
    if (inquiry.outcome === 'REJECTED') return (await refund(payoutId, ['INQUIRING'], `INQUIRY_${inquiry.code}`)) && 'REJECTED'
    const withdrawal = await withdrawals.forDecision(db, claimed.withdrawalId)
    const member = await deps.playersRepository.findById(db, withdrawal.playerId)
    if (!member || !nameConfirms(inquiry.accountName, member.firstname, member.surname)) {
      return (await park(payoutId, ['INQUIRING'], 'HELD', 'NAME_MISMATCH', { accountName: inquiry.accountName })) && 'HELD'
    }
    // From here the bank may move money: the step is written first, and taken once.
    const initiating = await repo.move(db, payoutId, ['INQUIRING'], 'INITIATING', { accountName: inquiry.accountName }, clock.now())
    if (!initiating) return undefined
    const initiated = await bank.initiate({ ...order, inquiryId: inquiry.inquiryId })
    if (initiated.outcome === 'UNAVAILABLE') return (await park(payoutId, ['INITIATING'], 'UNKNOWN', `INITIATE_${initiated.code}`)) && 'UNKNOWN'
    if (initiated.outcome === 'REJECTED') return (await refund(payoutId, ['INITIATING'], `INITIATE_${initiated.code}`)) && 'REJECTED'
    const confirming = await repo.move(db, payoutId, ['INITIATING'], 'CONFIRMING', { bankTransactionId: initiated.bankTransactionId }, clock.now())
    if (!confirming) return undefined
    const confirmed = await bank.confirm({ ...order, bankTransactionId: initiated.bankTransactionId })
    // A late answer may find the payout already UNKNOWN (the job judged the step stale): the bank's word still counts.
    if (confirmed.outcome === 'PAID')
      return (
        (await finish(payoutId, ['CONFIRMING', 'UNKNOWN'], { paid: true, bankReference: confirmed.bankReference }, { actor: null, resolved: false })) && 'PAID'
      )
    if (confirmed.outcome === 'REJECTED') return (await refund(payoutId, ['CONFIRMING', 'UNKNOWN'], `CONFIRM_${confirmed.code}`)) && 'REJECTED'
    return (await park(payoutId, ['CONFIRMING'], 'UNKNOWN', `CONFIRM_${confirmed.code}`)) && 'UNKNOWN'
  }

  /**
   * Asks the bank what became of an UNKNOWN payout, by its reference: paid → SUCCESS, refused → refunded; anything
   * else (not found, pending, no answer) leaves it unknown with the next look-up further off. Answers the status after.
   */
  async function recheck(payoutId: number, actor: AuditActor | null = null): Promise<PayoutStatus | undefined> {
    const bank = bankOrFail()
    const p = await repo.find(db, payoutId)
    if (!p) throw new AppError('NOT_FOUND', msg('PAYOUT_NOT_FOUND'))
    if (p.status !== 'UNKNOWN') return p.status
    const answer = await bank.findByReference(p.reference)
    if (answer.outcome === 'PAID') {
      await finish(
        payoutId,
        ['UNKNOWN'],
        { paid: true, bankReference: answer.bankReference },
        { actor, resolved: false, extra: { asked_by_operator: actor !== null } },
      )
    } else if (answer.outcome === 'REJECTED') {
      await finish(
        payoutId,
        ['UNKNOWN'],
        { paid: false, code: `FIND_${answer.code}`, reason: msg('PAYOUT_BANK_REJECTED', { code: answer.code }) },
        { actor, resolved: false },
      )
    } else {
      const checks = p.checks + 1
      const minutes = CHECK_BACKOFF_MINUTES[Math.min(checks, CHECK_BACKOFF_MINUTES.length - 1)]!
      const code = answer.outcome === 'UNAVAILABLE' ? `FIND_${answer.code}` : `FIND_${answer.outcome}`
      await inTransaction(db, async (tx) => {
        const at = clock.now()
        const moved = await repo.move(tx, payoutId, ['UNKNOWN'], 'UNKNOWN', { checks, nextCheckAt: new Date(at.getTime() + minutes * 60_000) }, at)
        if (moved && actor) await audit(tx, actor, 'payout.recheck', moved, { answer: code })
      })
    }
    return (await repo.find(db, payoutId))?.status
  }

  async function view(
    p: PayoutRow,
    member: { playerId: number; mobile: string; firstname: string; surname: string },
    proposer?: string,
  ): Promise<BackofficePayout> {
    const since = p.settledAt ?? p.createdAt
    return {
      id: p.id,
      withdrawal_id: p.withdrawalId,
      player_id: member.playerId,
      mobile: member.mobile,
      member_name: `${member.firstname} ${member.surname}`,
      amount: satangToBaht(p.amount),
      bank_code: p.bankCode,
      bank_account: p.bankAccount,
      reference: p.reference,
      bank: p.bank,
      status: p.status,
      account_name: p.accountName,
      bank_reference: p.bankReference,
      reason: reasonOf(p),
      error_code: p.lastError,
      checks: p.checks,
      next_check_at: p.nextCheckAt?.toISOString() ?? null,
      since: since.toISOString(),
      age_seconds: Math.max(0, Math.floor((clock.now().getTime() - since.getTime()) / 1000)),
      proposal:
        p.proposedOutcome && p.proposedBy !== null && p.proposedAt
          ? {
              outcome: p.proposedOutcome,
              bank_reference: p.proposedReference,
              note: p.proposedNote ?? '',
              by: proposer ?? String(p.proposedBy),
              by_id: p.proposedBy,
              at: p.proposedAt.toISOString(),
            }
          : null,
    }
  }

  async function viewOf(payoutId: number, operatorId?: number): Promise<BackofficePayout> {
    const { rows } = await repo.page(db, { id: payoutId }, 0, 1)
    const row = rows[0]
    if (!row) throw new AppError('NOT_FOUND', msg('PAYOUT_NOT_FOUND'))
    return (await withDecisions([await view(row.payout, row, row.proposerName ?? undefined)], operatorId))[0]!
  }

  /** The payouts as the queue shows them: each unknown with a proposal says whether `operatorId` may confirm it (ADR 075). */
  async function withDecisions(views: BackofficePayout[], operatorId: number | undefined): Promise<BackofficePayout[]> {
    const at = clock.now()
    return withCanDecide(db, deps.separateDuties, views, (v) =>
      operatorId !== undefined && v.status === 'UNKNOWN' && v.proposal
        ? { firstId: v.proposal.by_id, secondId: operatorId, at, action: 'withdrawal' }
        : undefined,
    )
  }

  /** The payout of an operator's action, locked with its withdrawal (withdrawal first) in `tx`. */
  async function lockedPayout(tx: Db, payoutId: number) {
    const peek = await repo.find(tx, payoutId)
    if (!peek) throw new AppError('NOT_FOUND', msg('PAYOUT_NOT_FOUND'))
    await withdrawals.forDecision(tx, peek.withdrawalId)
    return (await repo.find(tx, payoutId, true))!
  }

  return {
    /** The adapter approvals go to, or null (ADR 081). */
    bankName: deps.bank?.name ?? null,

    /**
     * The hand-off (withdrawals' `PayoutHandOff`): in the approval's transaction, which moved the withdrawal to PAYING,
     * the payout with its new reference and an audit entry; the bank is called once it commits.
     */
    async handOff(tx: Db, withdrawal: WithdrawalRow, approvedBy: number | null) {
      const bank = bankOrFail()
      const row = await repo.insert(tx, {
        withdrawalId: withdrawal.id,
        reference: payoutReference(withdrawal.id),
        bank: bank.name,
        amount: withdrawal.amount,
        bankCode: withdrawal.bankCode,
        bankAccount: withdrawal.bankAccount,
        status: 'READY',
        approvedBy,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      await audit(tx, approvedBy === null ? null : { operatorId: approvedBy, ip: null }, 'payout.send', row, { status: 'READY', approved_by: approvedBy })
      driveAfterCommit(tx, row.id, withdrawal.id)
    },
    /** Settles once the bank calls for `withdrawalId` have finished (at once when none runs). */
    async whenSent(withdrawalId: number) {
      await inFlight.get(withdrawalId)
    },
    /** Settles once every bank call running now has finished. */
    async idle() {
      while (inFlight.size + background.size > 0) await Promise.allSettled([...inFlight.values(), ...background])
    },
    drive,
    recheck,

    /**
     * The job's work (ADR 081): unknowns whose look-up is due are asked again; a step a stopped process left behind is
     * taken up: before `initiate` (nothing sent) it starts again, from `initiate` on it is unknown. The bank is called
     * after the job's transaction commits. Answers how many it took up.
     */
    async recheckDue(tx: Db): Promise<number> {
      if (!deps.bank) return 0
      const now = clock.now()
      const before = new Date(now.getTime() - STALE_STEP_MS)
      const due = await repo.dueChecks(tx, now, 50)
      const stale = await repo.stale(tx, ['INQUIRING', 'INITIATING', 'CONFIRMING'], before, 50)
      afterCommit(tx, () => {
        const work = (async () => {
          for (const s of stale) {
            if (s.status === 'INQUIRING') {
              const ready = await repo.move(db, s.id, ['INQUIRING'], 'READY', {}, clock.now())
              if (ready) await drive(s.id)
            } else await park(s.id, [s.status], 'UNKNOWN', `${s.status}_STALE`)
          }
          for (const d of due) await recheck(d.id)
        })().catch((error) => deps.onError?.(error))
        background.add(work)
        void work.finally(() => background.delete(work))
      })
      return due.length + stale.length
    },

    /** The queue: held (stopped before sending) or unknown payouts, oldest first, each with its age. */
    async list(operatorId: number, status: 'HELD' | 'UNKNOWN', page: number) {
      const { rows, total } = await repo.page(db, { statuses: [status] }, page, PAGE_SIZE)
      const list = await withDecisions(await Promise.all(rows.map((r) => view(r.payout, r, r.proposerName ?? undefined))), operatorId)
      return { list, page, size: PAGE_SIZE, total }
    },
    async summary(): Promise<PayoutSummary> {
      const counts = await repo.counts(db)
      const of = (s: PayoutStatus) => counts.find((c) => c.status === s)
      const oldest = of('UNKNOWN')?.oldest
      return {
        bank: deps.bank?.name ?? null,
        held: of('HELD')?.n ?? 0,
        unknown: of('UNKNOWN')?.n ?? 0,
        oldest_unknown_seconds: oldest ? Math.max(0, Math.floor((clock.now().getTime() - new Date(oldest).getTime()) / 1000)) : 0,
      }
    },
    view: viewOf,

    /** "Ask the bank again" (any money operator): the bank's answer for this reference, now. */
    async askAgain(actor: AuditActor, payoutId: number) {
      await recheck(payoutId, actor)
      return viewOf(payoutId, actor.operatorId)
    },

    /** A held payout (nothing was sent) goes to the bank again, e.g. once the member's name was corrected. */
    async sendAgain(actor: AuditActor, payoutId: number) {
      bankOrFail()
      const p = await inTransaction(db, async (tx) => {
        const p = await lockedPayout(tx, payoutId)
        if (p.status !== 'HELD') throw new AppError('CONFLICT', msg('PAYOUT_NOT_HELD'))
        await assertMayDecideMoney(tx, deps.separateDuties, { operatorId: actor.operatorId, at: clock.now(), action: 'withdrawal' })
        const ready = (await repo.move(tx, payoutId, ['HELD'], 'READY', { lastError: null, settledAt: null }, clock.now()))!
        await withdrawals.move(tx, p.withdrawalId, ['PAYOUT_HELD'], 'PAYING', null)
        await audit(tx, actor, 'payout.send_again', ready, { status: 'READY', was: p.lastError })
        driveAfterCommit(tx, payoutId, p.withdrawalId)
        return ready
      })
      await inFlight.get(p.withdrawalId)
      return viewOf(payoutId, actor.operatorId)
    },

    /** A held payout refused (nothing was sent, so refunding is safe): the money returns to the member's cash. */
    async refuse(actor: AuditActor, payoutId: number, reason: string) {
      await inTransaction(db, async (tx) => {
        const p = await lockedPayout(tx, payoutId)
        if (p.status !== 'HELD') throw new AppError('CONFLICT', msg('PAYOUT_NOT_HELD'))
        await assertMayDecideMoney(tx, deps.separateDuties, { operatorId: actor.operatorId, at: clock.now(), action: 'withdrawal' })
        const at = clock.now()
        const moved = (await repo.move(tx, payoutId, ['HELD'], 'RESOLVED_REFUNDED', { resolvedBy: actor.operatorId, settledAt: at }, at))!
        await withdrawals.record(tx, p.withdrawalId, { approve: false, reason }, { decidedBy: actor.operatorId, from: ['PAYOUT_HELD'] })
        await audit(tx, actor, 'payout.refuse', moved, { status: 'RESOLVED_REFUNDED', reason, code: p.lastError })
      })
      return viewOf(payoutId, actor.operatorId)
    },

    /**
     * The first operator's reading of an unknown payout on the bank statement (paid, with the bank's reference; or
     * not paid): recorded, nothing moves. A new proposal replaces an earlier one (and needs its own second operator).
     */
    async propose(actor: AuditActor, payoutId: number, body: PayoutProposalBody) {
      await inTransaction(db, async (tx) => {
        const p = await lockedPayout(tx, payoutId)
        if (p.status !== 'UNKNOWN') throw new AppError('CONFLICT', msg('PAYOUT_NOT_UNKNOWN'))
        const at = clock.now()
        await assertMayDecideMoney(tx, deps.separateDuties, { operatorId: actor.operatorId, at, action: 'withdrawal' })
        const moved = (await repo.move(
          tx,
          payoutId,
          ['UNKNOWN'],
          'UNKNOWN',
          {
            proposedOutcome: body.outcome,
            proposedReference: body.outcome === 'PAID' ? body.bank_reference : null,
            proposedNote: body.note,
            proposedBy: actor.operatorId,
            proposedAt: at,
          },
          at,
        ))!
        await audit(tx, actor, 'payout.propose', moved, {
          proposal: body.outcome,
          ...(body.outcome === 'PAID' ? { bank_reference: body.bank_reference } : {}),
          note: body.note,
        })
      })
      return viewOf(payoutId, actor.operatorId)
    },

    /**
     * A second, different operator confirms the proposal it was shown (`proposedAt`), as the money policy allows
     * (`decideRefusal`): paid → SUCCESS with the bank's reference; not paid → refunded.
     */
    async confirm(actor: AuditActor, payoutId: number, proposedAt: string) {
      const p = await repo.find(db, payoutId)
      if (!p) throw new AppError('NOT_FOUND', msg('PAYOUT_NOT_FOUND'))
      // Checked again on the locked row inside the transaction that settles it: the proposal shown, by another operator.
      const guard = async (tx: Db, locked: PayoutRow) => {
        if (locked.status !== 'UNKNOWN') throw new AppError('CONFLICT', msg('PAYOUT_NOT_UNKNOWN'))
        if (!locked.proposedOutcome || locked.proposedBy === null || !locked.proposedAt) throw new AppError('CONFLICT', msg('PAYOUT_NO_PROPOSAL'))
        if (
          locked.proposedAt.toISOString() !== proposedAt ||
          locked.proposedOutcome !== p.proposedOutcome ||
          locked.proposedReference !== p.proposedReference
        ) {
          throw new AppError('CONFLICT', msg('PAYOUT_PROPOSAL_CHANGED'))
        }
        await assertSecondOperator(tx, deps.separateDuties, { firstId: locked.proposedBy, secondId: actor.operatorId, at: clock.now(), action: 'withdrawal' })
      }
      if (p.status !== 'UNKNOWN') throw new AppError('CONFLICT', msg('PAYOUT_NOT_UNKNOWN'))
      if (!p.proposedOutcome || p.proposedBy === null || !p.proposedAt) throw new AppError('CONFLICT', msg('PAYOUT_NO_PROPOSAL'))
      const extra = { proposed_by: p.proposedBy, note: p.proposedNote }
      const done =
        p.proposedOutcome === 'PAID'
          ? await finish(payoutId, ['UNKNOWN'], { paid: true, bankReference: p.proposedReference! }, { actor, resolved: true, extra }, guard)
          : await finish(
              payoutId,
              ['UNKNOWN'],
              { paid: false, code: 'OPERATORS_NOT_PAID', reason: p.proposedNote ?? msg('PAYOUT_RESOLVED_REFUNDED') },
              { actor, resolved: true, extra },
              guard,
            )
      if (!done) throw new AppError('CONFLICT', msg('PAYOUT_NOT_UNKNOWN'))
      return viewOf(payoutId, actor.operatorId)
    },
  }
}
export type PayoutService = ReturnType<typeof createPayoutService>
