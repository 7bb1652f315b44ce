import type { AccrualRow } from '../../src/modules/referral/referral.repository.ts'
import type { ReferralServiceDeps } from '../../src/modules/referral/referral.service.ts'
import type { PlayerRow } from '../../src/modules/users/users.repository.ts'
import type { FakeLedger } from './ledger.ts'

type PayoutRow = NonNullable<Awaited<ReturnType<ReferralServiceDeps['referralRepository']['findPayout']>>>

/**
 * The referral tables in memory: each player's valid turnover per Bangkok day (what the rounds would add up to), the
 * accruals (one per day, beneficiary, source and level) and the wallet payouts (one per player, wallet and period).
 * Upline chains and invite codes come from `players`; balances from the fake ledger.
 */
export function fakeReferralRepository(players: readonly PlayerRow[], money: FakeLedger) {
  const turnover: Array<{ day: string; playerId: number; turnover: bigint }> = []
  const accruals: AccrualRow[] = []
  const payouts: PayoutRow[] = []
  const accrualKey = (a: { day: string; beneficiaryId: number; sourceId: number; level: number }) => `${a.day}|${a.beneficiaryId}|${a.sourceId}|${a.level}`
  const paid = (playerId: number, wallet: 'bonus' | 'refund') =>
    payouts.filter((p) => p.playerId === playerId && p.wallet === wallet).reduce((sum, p) => sum + p.amount, 0n)

  const repository: ReferralServiceDeps['referralRepository'] = {
    async lockAccruals() {},
    unaccruedTurnover: async (_db, q) =>
      turnover
        .filter((t) => t.day === q.day && !accruals.some((a) => a.day === q.day && a.sourceId === t.playerId && a.level === 0))
        .sort((a, b) => a.playerId - b.playerId)
        .slice(0, q.limit)
        .map((t) => ({ playerId: t.playerId, turnover: t.turnover, parts: [t.turnover] })),
    async uplineChains(_db, playerIds) {
      const chains = new Map<number, number[]>()
      for (const id of playerIds) {
        const chain: number[] = []
        let upline = players.find((p) => p.id === id)?.uplineId ?? null
        while (upline !== null && chain.length < 3) {
          chain.push(upline)
          upline = players.find((p) => p.id === upline)?.uplineId ?? null
        }
        chains.set(id, chain)
      }
      return chains
    },
    async insertAccruals(_db, rows) {
      const inserted: AccrualRow[] = []
      for (const row of rows) {
        if (accruals.some((a) => accrualKey(a) === accrualKey(row))) continue
        const kept: AccrualRow = { skipReason: null, createdAt: new Date(), ...row }
        accruals.push(kept)
        inserted.push(kept)
      }
      return inserted
    },
    mobileOf: async (_db, playerId) => players.find((p) => p.id === playerId)?.mobile,
    inviteCode: async (_db, playerId) => players.find((p) => p.id === playerId)?.inviteCode,
    downlines: async (_db, uplineId, page, size) =>
      players
        .filter((p) => p.uplineId === uplineId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .slice(page * size, page * size + size)
        .map((p) => ({ mobile: p.mobile, createdAt: p.createdAt })),
    countDownlines: async (_db, uplineId) => players.filter((p) => p.uplineId === uplineId).length,
    walletSummaries: async (_db, playerIds, day) =>
      playerIds.map((playerId) => ({
        cash: money.balance(playerId, 'cash'),
        referral: money.balance(playerId, 'referral'),
        rebate: money.balance(playerId, 'rebate'),
        bonusPaid: paid(playerId, 'bonus'),
        refundPaid: paid(playerId, 'refund'),
        turnover: turnover.filter((t) => t.playerId === playerId && t.day === day).reduce((sum, t) => sum + t.turnover, 0n),
      })),
    findPayout: async (_db, playerId, wallet, period) => payouts.find((p) => p.playerId === playerId && p.wallet === wallet && p.period === period),
    async claimPayout(_db, row) {
      if (payouts.some((p) => p.playerId === row.playerId && p.wallet === row.wallet && p.period === row.period)) return undefined
      const kept: PayoutRow = { ...row, id: payouts.length + 1 }
      payouts.push(kept)
      return kept
    },
  }
  return { repository, turnover, accruals, payouts }
}
