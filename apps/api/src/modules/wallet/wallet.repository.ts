import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'

export interface HistoryRow {
  id: string
  txtype: 'DEPOSIT' | 'WITHDRAW'
  amount: string
  status: 'PENDING' | 'SUCCESS' | 'FAIL' | 'CANCEL'
  created_at: Date | string
}

export const walletRepository = {
  /** The player's credited deposits and withdrawals, newest first. Both halves use their (player_id, time) index. */
  async history(db: Db, playerId: number, page: number, size: number): Promise<{ rows: HistoryRow[]; total: number }> {
    const rows = rowsOf<HistoryRow>(
      await db.execute(sql`
        select * from (
          select 'D' || id as id, 'DEPOSIT' as txtype, amount::text as amount, 'SUCCESS' as status, credited_at as created_at
          from deposits where player_id = ${playerId} and credited_at is not null
          union all
          -- On its way through the payout bank, held or unknown (ADR 081), a withdrawal is still pending to the player.
          select 'W' || id, 'WITHDRAW', amount::text,
                 case when status in ('PAYING', 'PAYOUT_HELD', 'OUTCOME_UNKNOWN') then 'PENDING' else status end, created_at
          from withdrawals where player_id = ${playerId}
        ) h
        order by created_at desc, id desc
        limit ${size} offset ${page * size}`),
    )
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select (select count(*) from deposits where player_id = ${playerId} and credited_at is not null)
             + (select count(*) from withdrawals where player_id = ${playerId}) as n`),
    )
    return { rows, total: Number(count?.n ?? 0) }
  },
}
export type WalletRepository = typeof walletRepository
