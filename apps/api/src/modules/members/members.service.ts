import { OPERATOR_RANK, satangToBaht, type OperatorRole, type WithdrawalContext } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { restrictionOf, toRestriction, type ExclusionReader } from '../exclusions/restriction.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { LinkService } from '../links/links.service.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { WalletService } from '../wallet/wallet.service.ts'
import type { MembersRepository } from './members.repository.ts'

const PAGE_SIZE = 20

/** An operator acting on a member: who, from where, and in which role (a lock remembers it). */
type MemberActor = AuditActor & { role: OperatorRole }

/**
 * Members as operators see and act on them (issue 12 §5): search, profile, lock and unlock, ending sessions; money
 * actions on a member (adjustments) belong to the money desk (ADR 035). A lock
 * ends every web and game session in the same transaction that sets it, and the revocation reaches every process
 * (ADR 010): the player's next request, sign-in, launch or bet is refused; open rounds still settle.
 */
export function createMembersService(deps: {
  db: Db
  clock: Clock
  ledger: Pick<Ledger, 'balances'>
  auth: Pick<AuthService, 'endAllSessions' | 'resetPassword'>
  links: Pick<LinkService, 'linkedCounts'>
  wallet: Pick<WalletService, 'history'>
  promotions: Pick<PromotionService, 'histories'>
  membersRepository: Pick<
    MembersRepository,
    'search' | 'profile' | 'statusForUpdate' | 'setStatus' | 'contextMany' | 'ledgerPage' | 'sessionsPage' | 'downlinePage'
  >
  auditRepository: Pick<AuditRepository, 'record'>
  /** The member's time-out or self-exclusion, shown in the list and on the profile (ADR 047); nothing here can end one. */
  exclusionsRepository: ExclusionReader
}) {
  const { db, clock, membersRepository, auditRepository } = deps

  /** The member's profile row and sign-in facts; NOT_FOUND when there is no such member. */
  async function existing(id: number) {
    const found = await membersRepository.profile(db, id, clock.now())
    if (!found) throw new AppError('NOT_FOUND')
    return found
  }

  const paged = <T>(list: T[], page: number, total: number) => ({ list, page, size: PAGE_SIZE, total })

  async function profile(id: number) {
    const found = await existing(id)
    const { player } = found
    const balances = await deps.ledger.balances(db, id)
    const exclusion = await restrictionOf(deps.exclusionsRepository, db, id, clock.now())
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
      terms_accepted_at: player.termsAcceptedAt?.toISOString() ?? null,
      exclusion,
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
     * Replaces the member's password with a temporary one and ends their sessions in the same transaction (issue 18
     * §4); the temporary password goes to the member's registered phone by SMS. The operator is told only the number
     * it went to, and the audit entry records the reset, never the password.
     */
    async resetPassword(actor: AuditActor, id: number) {
      await existing(id)
      const { sentTo } = await deps.auth.resetPassword(id, (tx) =>
        auditRepository.record(tx, { actor, action: 'member.reset_password', targetType: 'member', targetId: String(id), at: clock.now() }),
      )
      return { sent_to: sentTo }
    },

    /** Members `q` finds, or the newest members without `q`. */
    async search(q: string | undefined, page: number) {
      const { rows, total } = await membersRepository.search(db, q, page, PAGE_SIZE)
      // Beside the status, a time-out or self-exclusion in force (ADR 047): one statement for the page.
      const exclusions = await deps.exclusionsRepository.activeMany(
        db,
        rows.map((r) => r.id),
        clock.now(),
      )
      const list = rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        firstname: r.firstname,
        surname: r.surname,
        bank_code: r.bankCode,
        bank_account: r.bankAccount,
        status: r.status,
        created_at: r.createdAt.toISOString(),
        exclusion: exclusions.has(r.id) ? toRestriction(exclusions.get(r.id)!) : null,
      }))
      return paged(list, page, total)
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
