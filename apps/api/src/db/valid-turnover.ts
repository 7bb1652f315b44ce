import { sql } from 'drizzle-orm'

/**
 * Valid turnover (DESIGN §4, ADR 057) in SQL, for a query over `seamless_transactions st` joined to its round
 * `game_rounds r`: bets answered OK (a rollback turns them ROLLED_BACK) whose round is over (SETTLED by a win, or
 * CLOSED by the stale-round job). Open rounds and rolled-back rounds count nothing. One rule for the referral accrual
 * that pays on it and `ledger:verify`, which checks the kept counter (player_day_turnover) against it; the seamless
 * callbacks that keep the counter decide the same with `isRoundOver`.
 */
export const VALID_BET = sql`st.op = 'bet' and st.status = 'OK' and r.status in ('SETTLED', 'CLOSED')`
