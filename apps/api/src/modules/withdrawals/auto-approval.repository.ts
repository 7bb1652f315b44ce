import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import type { AutoApprovalFacts } from './auto-approval.ts'

/** Every auto-approval (all players) takes turns here while it reads the site's hourly total and hands off. */
const SITE_BUDGET_LOCK = 7_302_085

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value))

/**
 * What the auto-approval's gates read (issue 37 §4, ADR 085), by SQL aggregates in one statement, in the request's
 * transaction under the player's lock. It reads other modules' tables (deposits, bets, exclusions, deposit exceptions)
 * and writes none of them. `withdrawalId` is the new withdrawal, left out of every count.
 */
export const autoApprovalRepository = {
  /** Serialises the auto-approvals of every player, so that two players' payouts cannot both pass the hourly budget. */
  async lockSiteBudget(db: Db): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${SITE_BUDGET_LOCK})`)
  },

  async facts(db: Db, withdrawalId: number, now: Date): Promise<Omit<AutoApprovalFacts, 'amount'>> {
    const at = now.toISOString()
    const [row] = rowsOf<{
      player_auto_count_24h: number
      player_auto_total_24h: DbNumber
      site_auto_total_1h: DbNumber
      earlier_paid: number
      paid_to_this_account: number
      account_changed_at: Date | string | null
      held_withdrawals: number
      locked_or_excluded: boolean
      open_deposit_exceptions: number
      wagered: DbNumber
      deposited: DbNumber
      first_deposit_at: Date | string | null
      to_registered_account: boolean
      deposits_not_from_account: number
    }>(
      await db.execute(sql`
        with w as (select * from withdrawals where id = ${withdrawalId}),
        p as (select pl.* from players pl join w on pl.id = w.player_id),
        mine as (select o.* from withdrawals o join w on o.player_id = w.player_id where o.id <> w.id),
        last_paid as (select max(created_at) as at from mine where status = 'SUCCESS'),
        since as (select coalesce((select at from last_paid), 'epoch'::timestamptz) as at)
        select
          (select count(*)::int from mine
            where auto_refusals = '[]'::jsonb and status not in ('FAIL', 'CANCEL') and created_at > ${at}::timestamptz - interval '24 hours')
            as player_auto_count_24h,
          (select coalesce(sum(amount), 0) from mine
            where auto_refusals = '[]'::jsonb and status not in ('FAIL', 'CANCEL') and created_at > ${at}::timestamptz - interval '24 hours')
            as player_auto_total_24h,
          (select coalesce(sum(amount), 0) from withdrawals
            where auto_refusals = '[]'::jsonb and status not in ('FAIL', 'CANCEL') and created_at > ${at}::timestamptz - interval '1 hour'
              and id <> ${withdrawalId})
            as site_auto_total_1h,
          (select count(*)::int from mine where status = 'SUCCESS') as earlier_paid,
          (select count(*)::int from mine, w where mine.status = 'SUCCESS'
            and mine.bank_code = w.bank_code and mine.bank_account = w.bank_account) as paid_to_this_account,
          (select min(mine.created_at) from mine, w where mine.status = 'SUCCESS'
            and mine.bank_code = w.bank_code and mine.bank_account = w.bank_account
            and exists (select 1 from mine other where other.status = 'SUCCESS' and other.created_at < mine.created_at
              and (other.bank_code, other.bank_account) <> (w.bank_code, w.bank_account))) as account_changed_at,
          (select count(*)::int from mine where status in ('PAYOUT_HELD', 'OUTCOME_UNKNOWN')) as held_withdrawals,
          ((select status from p) = 'LOCKED' or exists (select 1 from player_exclusions e, w
            where e.player_id = w.player_id and e.starts_at <= ${at}::timestamptz and (e.ends_at is null or e.ends_at > ${at}::timestamptz)))
            as locked_or_excluded,
          (select count(*)::int from deposit_exceptions x join deposits d on d.id = x.deposit_id, w
            where x.status = 'OPEN' and d.player_id = w.player_id) as open_deposit_exceptions,
          (select coalesce(sum(s.amount), 0) from seamless_transactions s, w, since
            where s.player_id = w.player_id and s.op = 'bet' and s.status = 'OK' and s.created_at >= since.at) as wagered,
          (select coalesce(sum(d.amount), 0) from deposits d, w, since
            where d.player_id = w.player_id and d.credited_at is not null and d.credited_at >= since.at) as deposited,
          (select min(d.credited_at) from deposits d, w where d.player_id = w.player_id and d.credited_at is not null) as first_deposit_at,
          (select (w.bank_code, w.bank_account) = (p.bank_code, p.bank_account) from w, p) as to_registered_account,
          (select count(*)::int from deposits d, w, since
            where d.player_id = w.player_id and d.credited_at is not null and d.credited_at >= since.at
              and not (d.source = 'BANK_FEED' and d.status = 'MATCHED')) as deposits_not_from_account
      `),
    )
    if (!row) throw new Error(`withdrawal ${withdrawalId} not found`)
    return {
      playerAutoCount24h: row.player_auto_count_24h,
      playerAutoTotal24h: BigInt(row.player_auto_total_24h),
      siteAutoTotal1h: BigInt(row.site_auto_total_1h),
      earlierPaidWithdrawals: row.earlier_paid,
      firstToThisAccount: row.earlier_paid > 0 && row.paid_to_this_account === 0,
      accountChangedAt: asDate(row.account_changed_at),
      heldWithdrawals: row.held_withdrawals,
      lockedOrExcluded: row.locked_or_excluded,
      openDepositExceptions: row.open_deposit_exceptions,
      wageredSinceLastWithdrawal: BigInt(row.wagered),
      depositedSinceLastWithdrawal: BigInt(row.deposited),
      firstDepositAt: asDate(row.first_deposit_at),
      toRegisteredAccount: row.to_registered_account,
      depositsNotFromRegisteredAccount: row.deposits_not_from_account,
    }
  },
}
export type AutoApprovalRepository = typeof autoApprovalRepository
