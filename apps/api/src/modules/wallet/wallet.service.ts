import { satangToBaht, type Page, type WalletHistoryItem, type WalletSummary } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { ReferralService } from '../referral/referral.service.ts'
import type { WalletRepository } from './wallet.repository.ts'

export const HISTORY_PAGE_SIZE = 20

/** The player's wallet as the app shows it: balances (cash and the referral wallets) and deposit/withdrawal history. */
export function createWalletService(deps: { db: Db; walletRepository: Pick<WalletRepository, 'history'>; referral: Pick<ReferralService, 'walletSummary'> }) {
  const { db, walletRepository } = deps
  return {
    summary: (playerId: number): Promise<WalletSummary> => deps.referral.walletSummary(playerId),

    /** One page of credited deposits and withdrawals, newest first. */
    async history(playerId: number, page: number): Promise<Page<WalletHistoryItem>> {
      const { rows, total } = await walletRepository.history(db, playerId, page, HISTORY_PAGE_SIZE)
      return {
        list: rows.map((r) => ({
          id: r.id,
          txtype: r.txtype,
          txamount: satangToBaht(BigInt(r.amount)),
          txstatus: r.status,
          created_at: new Date(r.created_at).toISOString(),
        })),
        page,
        size: HISTORY_PAGE_SIZE,
        total,
      }
    },
  }
}
export type WalletService = ReturnType<typeof createWalletService>
