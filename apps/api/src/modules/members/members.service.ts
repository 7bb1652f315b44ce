import { satangToBaht } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { MembersRepository } from './members.repository.ts'

const PAGE_SIZE = 20

/**
 * Members as operators see and act on them (issue 12 §5): search, profile, lock and unlock, ending sessions. A lock
 * ends every web and game session in the same transaction that sets it, and the revocation reaches every process
 * (ADR 010): the player's next request, sign-in, launch or bet is refused; open rounds still settle.
 */
export function createMembersService(deps: {
  db: Db
  clock: Clock
  ledger: Pick<Ledger, 'balances'>
  auth: Pick<AuthService, 'endAllSessions'>
  membersRepository: Pick<MembersRepository, 'search' | 'profile' | 'setStatus'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, membersRepository, auditRepository } = deps

  async function profile(id: number) {
    const found = await membersRepository.profile(db, id, clock.now())
    if (!found) throw new AppError('NOT_FOUND')
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

  /** Sets the status inside `tx` with its audit entry; NOT_FOUND for no such member. */
  async function changeStatus(tx: Db, actor: AuditActor, id: number, status: 'ACTIVE' | 'LOCKED', reason: string) {
    const before = await membersRepository.setStatus(tx, id, status, clock.now())
    if (before === undefined) throw new AppError('NOT_FOUND')
    await auditRepository.record(tx, {
      actor,
      action: status === 'LOCKED' ? 'member.lock' : 'member.unlock',
      targetType: 'member',
      targetId: String(id),
      before: { status: before },
      after: { status, reason },
      at: clock.now(),
    })
  }

  return {
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

    async lock(actor: AuditActor, id: number, reason: string) {
      await deps.auth.endAllSessions(id, (tx) => changeStatus(tx, actor, id, 'LOCKED', reason))
      return profile(id)
    },

    async unlock(actor: AuditActor, id: number, reason: string) {
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
