import { bahtToSatang, OPERATOR_RANK, satangToBaht, type Adjustment, type AdjustmentBody, type OperatorRole, type WithdrawalContext } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { bangkokDay, bangkokDayRange } from '../../lib/bangkok-time.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { Ledger, TransferRequest } from '../ledger/ledger.service.ts'
import type { LinkService } from '../links/links.service.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { WalletService } from '../wallet/wallet.service.ts'
import type { AdjustmentRow, MembersRepository } from './members.repository.ts'

const PAGE_SIZE = 20

/** An operator acting on a member: who, from where, and in which role (a lock remembers it). */
type MemberActor = AuditActor & { role: OperatorRole }

/**
 * Members as operators see and act on them (issue 12 §5): search, profile, lock and unlock, ending sessions. A lock
 * ends every web and game session in the same transaction that sets it, and the revocation reaches every process
 * (ADR 010): the player's next request, sign-in, launch or bet is refused; open rounds still settle.
 */
export function createMembersService(deps: {
  db: Db
  clock: Clock
  ledger: Pick<Ledger, 'balances' | 'transferMany' | 'lockPlayers'>
  auth: Pick<AuthService, 'endAllSessions' | 'resetPassword'>
  links: Pick<LinkService, 'linkedCounts'>
  wallet: Pick<WalletService, 'history'>
  promotions: Pick<PromotionService, 'histories'>
  membersRepository: Pick<
    MembersRepository,
    | 'search'
    | 'profile'
    | 'statusForUpdate'
    | 'setStatus'
    | 'contextMany'
    | 'ledgerPage'
    | 'sessionsPage'
    | 'downlinePage'
    | 'insertAdjustment'
    | 'adjustmentByRequestId'
    | 'adjustmentForUpdate'
    | 'decideAdjustment'
    | 'adjustmentsPage'
  >
  auditRepository: Pick<AuditRepository, 'record'>
  settings: {
    /** Satang; an adjustment larger than this (either way) waits for a second operator. Undefined: never. */
    fourEyesAbove?: bigint
  }
}) {
  const { db, clock, membersRepository, auditRepository, settings } = deps

  /** The member's profile row and sign-in facts; NOT_FOUND when there is no such member. */
  async function existing(id: number) {
    const found = await membersRepository.profile(db, id, clock.now())
    if (!found) throw new AppError('NOT_FOUND')
    return found
  }

  const paged = <T>(list: T[], page: number, total: number) => ({ list, page, size: PAGE_SIZE, total })

  /** The member's cash moved by the adjustment, once (its key is the adjustment's id). */
  async function applyAdjustment(tx: Db, row: AdjustmentRow) {
    const credit = row.amount > 0n
    const request: TransferRequest = {
      key: `adjustment:${row.id}`,
      from: credit ? { house: 'adjustment' } : { player: row.playerId, kind: 'cash' },
      to: credit ? { player: row.playerId, kind: 'cash' } : { house: 'adjustment' },
      amount: credit ? row.amount : -row.amount,
      kind: 'adjustment',
      reference: `adjustment:${row.id}`,
    }
    await deps.ledger.transferMany(tx, [request])
  }

  const needsTwoOperators = (amount: bigint) => settings.fourEyesAbove !== undefined && (amount < 0n ? -amount : amount) > settings.fourEyesAbove

  async function adjustmentView(id: number, tx: Db = db): Promise<Adjustment> {
    const { rows } = await membersRepository.adjustmentsPage(tx, { ids: [id] }, 0, 1)
    const found = rows[0]
    if (!found) throw new AppError('NOT_FOUND')
    return toAdjustment(found)
  }

  /** Approves (second operator) or rejects a pending adjustment, with its audit entry, in one transaction. */
  async function decideAdjustment(actor: AuditActor, id: number, outcome: { approve: true } | { approve: false; reason: string }) {
    return inTransaction(db, async (tx) => {
      const row = await membersRepository.adjustmentForUpdate(tx, id)
      if (!row) throw new AppError('NOT_FOUND')
      if (row.status !== 'PENDING') throw new AppError('CONFLICT')
      if (outcome.approve && row.requestedBy === actor.operatorId) throw new AppError('FOUR_EYES_SAME_OPERATOR')
      const now = clock.now()
      if (outcome.approve) {
        await deps.ledger.lockPlayers(tx, [row.playerId])
        await applyAdjustment(tx, row)
      }
      await membersRepository.decideAdjustment(tx, id, {
        status: outcome.approve ? 'APPLIED' : 'REJECTED',
        decidedBy: actor.operatorId,
        decidedAt: now,
        rejectReason: outcome.approve ? undefined : outcome.reason,
      })
      await auditRepository.record(tx, {
        actor,
        action: outcome.approve ? 'adjustment.approve' : 'adjustment.reject',
        targetType: 'member',
        targetId: String(row.playerId),
        before: { adjustment_id: id, status: 'PENDING', amount: satangToBaht(row.amount) },
        after: outcome.approve ? { status: 'APPLIED' } : { status: 'REJECTED', reason: outcome.reason },
        at: now,
      })
      return adjustmentView(id, tx)
    })
  }

  async function profile(id: number) {
    const found = await existing(id)
    const { player } = found
    const balances = await deps.ledger.balances(db, id)
    return {
      id: player.id,
      mobile: player.mobile,
      firstname: player.firstname,
      surname: player.surname,
      bank_code: player.bankCode,
      bank_account: player.bankAccount,
      status: player.status,
      invite_code: player.inviteCode,
      upline_id: player.uplineId,
      created_at: player.createdAt.toISOString(),
      last_login_at: found.lastLoginAt?.toISOString() ?? null,
      last_ip: found.lastAddress,
      live_sessions: found.liveSessions,
      balances: {
        cash: satangToBaht(balances.cash),
        withdraw_hold: satangToBaht(balances.withdraw_hold),
        referral: satangToBaht(balances.referral),
        rebate: satangToBaht(balances.rebate),
      },
    }
  }

  /**
   * Sets the status inside `tx` with its audit entry; NOT_FOUND for no such member. A lock remembers the locker's role
   * (a stronger role locking again takes it over); an unlock by a weaker role than the lock's is refused with
   * UNDO_NEEDS_HIGHER_ROLE (ADR 036): support cannot undo what finance or an owner decided.
   */
  async function changeStatus(tx: Db, actor: MemberActor, id: number, status: 'ACTIVE' | 'LOCKED', reason: string) {
    const before = await membersRepository.statusForUpdate(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    const lockRank = before.status === 'LOCKED' && before.lockedByRole ? OPERATOR_RANK[before.lockedByRole] : 0
    if (status === 'ACTIVE' && lockRank > OPERATOR_RANK[actor.role]) throw new AppError('UNDO_NEEDS_HIGHER_ROLE')
    const after =
      status === 'ACTIVE'
        ? { status, lockedBy: null, lockedByRole: null }
        : lockRank >= OPERATOR_RANK[actor.role]
          ? before
          : { status, lockedBy: actor.operatorId, lockedByRole: actor.role }
    if (after !== before) await membersRepository.setStatus(tx, id, after, clock.now())
    await auditRepository.record(tx, {
      actor,
      action: status === 'LOCKED' ? 'member.lock' : 'member.unlock',
      targetType: 'member',
      targetId: String(id),
      before: { status: before.status, locked_by_role: before.lockedByRole },
      after: { status, reason, locked_by_role: after.lockedByRole },
      at: clock.now(),
    })
  }

  return {
    /** The context of each player beside their withdrawal in the queue (issue 12 §3), by player id. */
    async withdrawalContexts(playerIds: readonly number[]): Promise<Map<number, WithdrawalContext>> {
      const { start, end } = bangkokDayRange(bangkokDay(clock.now()))
      const [rows, linked] = await Promise.all([membersRepository.contextMany(db, playerIds, start, end), deps.links.linkedCounts(playerIds)])
      return new Map(
        rows.map((r) => [
          r.playerId,
          {
            cash: satangToBaht(r.cash),
            deposits: r.deposits,
            deposited: satangToBaht(r.deposited),
            withdrawals: r.withdrawals,
            withdrawn: satangToBaht(r.withdrawn),
            turnover_today: satangToBaht(r.turnoverToday),
            promotion: r.promotion,
            linked_players: linked.get(r.playerId) ?? 0,
            last_ip: r.lastIp,
          },
        ]),
      )
    },

    async ledger(id: number, page: number) {
      await existing(id)
      const { rows, total } = await membersRepository.ledgerPage(db, id, page, PAGE_SIZE)
      return paged(
        rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          reference: r.reference,
          amount: satangToBaht(r.amount),
          change: r.to.mine === r.from.mine ? 0 : satangToBaht(r.to.mine ? r.amount : -r.amount),
          from: r.from.kind,
          to: r.to.kind,
          at: r.at.toISOString(),
        })),
        page,
        total,
      )
    },

    async money(id: number, page: number) {
      await existing(id)
      return deps.wallet.history(id, page)
    },

    async promotions(id: number, page: number) {
      await existing(id)
      return deps.promotions.histories(id, page, PAGE_SIZE)
    },

    async downline(id: number, page: number) {
      await existing(id)
      const { rows, total } = await membersRepository.downlinePage(db, id, page, PAGE_SIZE)
      return paged(
        rows.map((r) => ({ id: r.id, mobile: r.mobile, firstname: r.firstname, surname: r.surname, status: r.status, created_at: r.createdAt.toISOString() })),
        page,
        total,
      )
    },

    async sessions(id: number, page: number) {
      await existing(id)
      const now = clock.now()
      const { rows, total } = await membersRepository.sessionsPage(db, id, page, PAGE_SIZE)
      return paged(
        rows.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          last_seen_at: r.lastSeenAt.toISOString(),
          expires_at: r.expiresAt.toISOString(),
          revoked_at: r.revokedAt?.toISOString() ?? null,
          live: r.revokedAt === null && r.expiresAt > now,
        })),
        page,
        total,
      )
    },

    /**
     * Replaces the member's password with a temporary one and ends their sessions (issue 12 §5): the member must choose
     * a new password at the next sign-in. The temporary password is answered once, for the operator to pass on; the
     * audit entry records the reset, never the password.
     */
    async resetPassword(actor: AuditActor, id: number) {
      await existing(id)
      const temporary = await deps.auth.resetPassword(id, (tx) =>
        auditRepository.record(tx, { actor, action: 'member.reset_password', targetType: 'member', targetId: String(id), at: clock.now() }),
      )
      return { temporary_password: temporary }
    },

    /**
     * A manual adjustment of the member's cash through the ledger's adjustment account, with a mandatory reason
     * (issue 12 §5). Up to the four-eyes amount it applies at once; above it, it waits for a second operator. The
     * request id makes a resent request answer the first one.
     */
    async requestAdjustment(actor: AuditActor, id: number, body: AdjustmentBody): Promise<Adjustment> {
      const amount = bahtToSatang(body.amount) * (body.direction === 'DEBIT' ? -1n : 1n)
      // Players are never deleted: a member that exists now still does inside the transaction.
      await existing(id)
      return inTransaction(db, async (tx) => {
        const earlier = await membersRepository.adjustmentByRequestId(tx, body.request_id)
        if (earlier) {
          if (earlier.playerId !== id || earlier.amount !== amount || earlier.reason !== body.reason) throw new AppError('IDEMPOTENCY_MISMATCH')
          return adjustmentView(earlier.id, tx)
        }
        // Serialises with the member's other money movements (bets, withdrawals) before the balance is checked.
        await deps.ledger.lockPlayers(tx, [id])
        const pending = needsTwoOperators(amount)
        const row = await membersRepository.insertAdjustment(tx, {
          playerId: id,
          amount,
          reason: body.reason,
          requestId: body.request_id,
          status: pending ? 'PENDING' : 'APPLIED',
          requestedBy: actor.operatorId,
          decidedBy: pending ? null : actor.operatorId,
          decidedAt: pending ? null : clock.now(),
        })
        if (!row) {
          // A concurrent request with the same id committed first (the insert waited for it): answer that one.
          const first = await membersRepository.adjustmentByRequestId(tx, body.request_id)
          if (!first) throw new AppError('CONFLICT')
          return adjustmentView(first.id, tx)
        }
        if (!pending) await applyAdjustment(tx, row)
        await auditRepository.record(tx, {
          actor,
          action: pending ? 'adjustment.request' : 'adjustment.apply',
          targetType: 'member',
          targetId: String(id),
          after: { adjustment_id: row.id, amount: satangToBaht(amount), reason: body.reason, status: row.status },
          at: clock.now(),
        })
        return adjustmentView(row.id, tx)
      })
    },

    approveAdjustment: (actor: AuditActor, id: number) => decideAdjustment(actor, id, { approve: true }),
    rejectAdjustment: (actor: AuditActor, id: number, reason: string) => decideAdjustment(actor, id, { approve: false, reason }),

    async adjustments(filter: { status?: Adjustment['status']; playerId?: number }, page: number) {
      const { rows, total } = await membersRepository.adjustmentsPage(db, filter, page, PAGE_SIZE)
      return paged(rows.map(toAdjustment), page, total)
    },

    async search(q: string, page: number) {
      const { rows, total } = await membersRepository.search(db, q, page, PAGE_SIZE)
      return {
        list: rows.map((r) => ({
          id: r.id,
          mobile: r.mobile,
          firstname: r.firstname,
          surname: r.surname,
          bank_code: r.bankCode,
          bank_account: r.bankAccount,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
        page,
        size: PAGE_SIZE,
        total,
      }
    },

    profile,

    async lock(actor: MemberActor, id: number, reason: string) {
      await deps.auth.endAllSessions(id, (tx) => changeStatus(tx, actor, id, 'LOCKED', reason))
      return profile(id)
    },

    async unlock(actor: MemberActor, id: number, reason: string) {
      await inTransaction(db, (tx) => changeStatus(tx, actor, id, 'ACTIVE', reason))
      return profile(id)
    },

    /** Signs the member out everywhere (web and games), without locking. */
    async endSessions(actor: AuditActor, id: number) {
      const before = await profile(id)
      await deps.auth.endAllSessions(id, (tx) =>
        auditRepository.record(tx, {
          actor,
          action: 'member.end_sessions',
          targetType: 'member',
          targetId: String(id),
          before: { live_sessions: before.live_sessions },
          at: clock.now(),
        }),
      )
      return profile(id)
    },
  }
}
export type MembersService = ReturnType<typeof createMembersService>

function toAdjustment(r: { adjustment: AdjustmentRow; mobile: string; requestedBy: string; decidedBy: string | null }): Adjustment {
  const a = r.adjustment
  return {
    id: a.id,
    player_id: a.playerId,
    mobile: r.mobile,
    amount: satangToBaht(a.amount),
    reason: a.reason,
    status: a.status,
    requested_by: r.requestedBy,
    decided_by: r.decidedBy,
    reject_reason: a.rejectReason,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
  }
}
