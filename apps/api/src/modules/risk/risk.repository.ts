import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { operators, players, riskAlerts, riskCaseNotes, riskCases, riskParamVersions, signalNetworkOf } from '../../db/schema.ts'
import { rowsOf, rowWhere, updatedWhere, type DbNumber } from '../../db/rows.ts'
import { decidePending, insertPendingVersion, pendingWithReviewers, withReviewerNames, withReviewers } from '../../db/reviewed.ts'
import type { DepositFacts, ReferralFacts, RegistrationFacts, WithdrawalFacts } from './risk-rules.ts'

export type RiskCaseRow = typeof riskCases.$inferSelect
export type RiskAlertRow = typeof riskAlerts.$inferSelect
export type RiskParamVersionRow = typeof riskParamVersions.$inferSelect

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value))
/** Two players' signals link them when their values are equal and they are of one sort (links.repository's rule). */
const SAME_SORT = sql`(a.kind = b.kind or (a.kind <> 'DEVICE' and b.kind <> 'DEVICE'))`
/** A sender account as a LIKE pattern: digits kept, a bank's mask (x, X, *) any digit, everything else dropped. */
const senderPattern = (column: string) => sql.raw(`regexp_replace(regexp_replace(${column}, '[^0-9xX*]', '', 'g'), '[xX*]', '_', 'g')`)

const assignee = alias(operators, 'assignee')
const requester = alias(operators, 'requester')

/**
 * The risk module's SQL (ADR 089): the rules' facts by aggregates in one statement per event, in the event's
 * transaction (they read the money tables and write none of them), and the module's own tables: parameter versions,
 * alerts, cases and notes.
 */
export const riskRepository = {
  async depositFacts(db: Db, depositId: number, playerId: number, now: Date): Promise<DepositFacts> {
    const at = now.toISOString()
    const [row] = rowsOf<{
      amount: DbNumber
      deposits_24h: string[] | null
      sender_players: number
      sender_is_registered: boolean
      last_activity_at: Date | string | null
      started_bonus: boolean
      bonus_players: number
    }>(
      await db.execute(sql`
        with d as (select * from deposits where id = ${depositId}),
        p as (select * from players where id = ${playerId})
        select d.amount,
          (select array_agg(x.amount::text) from deposits x
            where x.player_id = ${playerId} and x.credited_at is not null and x.credited_at > ${at}::timestamptz - interval '24 hours') as deposits_24h,
          (select count(distinct x.player_id)::int from deposits x
            where x.from_bank_code = d.from_bank_code and x.from_account = d.from_account and x.player_id is not null and x.credited_at is not null)
            as sender_players,
          ((d.source = 'BANK_FEED' and d.status = 'MATCHED')
            or (d.from_bank_code = p.bank_code and p.bank_account like ${senderPattern('d.from_account')})) as sender_is_registered,
          greatest(
            (select max(x.credited_at) from deposits x where x.player_id = ${playerId} and x.credited_at is not null and x.id <> d.id),
            (select max(w.created_at) from withdrawals w where w.player_id = ${playerId}),
            (select max(s.created_at) from seamless_transactions s where s.player_id = ${playerId})) as last_activity_at,
          exists (select 1 from player_promotions pp where pp.deposit_id = d.id) as started_bonus,
          (select count(distinct pp.player_id)::int from player_promotions pp join deposits x on x.id = pp.deposit_id
            where x.from_bank_code = d.from_bank_code and x.from_account = d.from_account) as bonus_players
        from d, p`),
    )
    if (!row) throw new Error(`deposit ${depositId} of player ${playerId} not found`)
    return {
      amount: BigInt(row.amount),
      deposits24h: (row.deposits_24h ?? []).map((a) => BigInt(a)),
      senderPlayers: row.sender_players,
      senderIsRegistered: row.sender_is_registered,
      lastActivityAt: asDate(row.last_activity_at),
      startedBonus: row.started_bonus,
      bonusPlayersFromSender: row.bonus_players,
    }
  },

  async withdrawalFacts(db: Db, withdrawalId: number, now: Date): Promise<WithdrawalFacts & { playerId: number }> {
    const at = now.toISOString()
    const [row] = rowsOf<{
      player_id: DbNumber
      amount: DbNumber
      deposited: DbNumber
      wagered: DbNumber
      withdrawals_24h: number
      bonus_unmet: boolean
      last_deposit_at: Date | string | null
      cash_left: DbNumber | null
    }>(
      await db.execute(sql`
        with w as (select * from withdrawals where id = ${withdrawalId}),
        since as (select coalesce((select max(o.created_at) from withdrawals o, w
          where o.player_id = w.player_id and o.id <> w.id and o.status not in ('FAIL', 'CANCEL')), 'epoch'::timestamptz) as at)
        select w.player_id, w.amount,
          (select coalesce(sum(d.amount), 0) from deposits d
            where d.player_id = w.player_id and d.credited_at is not null and d.credited_at >= since.at) as deposited,
          (select coalesce(sum(s.amount), 0) from seamless_transactions s
            where s.player_id = w.player_id and s.op = 'bet' and s.status = 'OK' and s.created_at >= since.at) as wagered,
          (select count(*)::int from withdrawals o where o.player_id = w.player_id and o.created_at > ${at}::timestamptz - interval '24 hours')
            as withdrawals_24h,
          exists (select 1 from player_promotions pp where pp.player_id = w.player_id and pp.status = 'ACTIVE'
            and pp.turnover_type <> 'NONE' and pp.turnover_current < pp.turnover_target) as bonus_unmet,
          (select max(d.credited_at) from deposits d where d.player_id = w.player_id and d.credited_at is not null) as last_deposit_at,
          (select a.balance from accounts a where a.player_id = w.player_id and a.kind = 'cash') as cash_left
        from w, since`),
    )
    if (!row) throw new Error(`withdrawal ${withdrawalId} not found`)
    return {
      playerId: Number(row.player_id),
      amount: BigInt(row.amount),
      depositedSinceLast: BigInt(row.deposited),
      wageredSinceLast: BigInt(row.wagered),
      withdrawals24h: row.withdrawals_24h,
      bonusWageringUnmet: row.bonus_unmet,
      lastDepositAt: asDate(row.last_deposit_at),
      cashLeft: BigInt(row.cash_left ?? 0),
    }
  },

  /** How many players (this one included) share a device with the player, and an IPv4 /24 or an IPv6 address. */
  async registrationFacts(db: Db, playerId: number): Promise<RegistrationFacts> {
    const [row] = rowsOf<{ device_players: number; network_players: number }>(
      await db.execute(sql`
        with mine as (select kind, value from player_signals where player_id = ${playerId})
        select
          (select count(distinct b.player_id)::int from mine a join player_signals b on b.value = a.value and b.kind = 'DEVICE'
            where a.kind = 'DEVICE') as device_players,
          (select count(distinct b.player_id)::int from mine a join player_signals b on b.kind <> 'DEVICE'
            and ${signalNetworkOf('b.value')} = ${signalNetworkOf('a.value')}
            where a.kind <> 'DEVICE') as network_players`),
    )
    return { devicePlayers: row?.device_players ?? 0, networkPlayers: row?.network_players ?? 0 }
  },

  async referralFacts(db: Db, playerId: number): Promise<ReferralFacts> {
    const [row] = rowsOf<{ linked: number; cycle: boolean; referees: Array<{ id: number; deposited: string; wagered: string }> | null }>(
      await db.execute(sql`
        with recursive up(id, depth) as (
          select upline_id, 1 from players where id = ${playerId}
          union all
          select pl.upline_id, up.depth + 1 from players pl join up on pl.id = up.id where up.id is not null and up.depth < 20
        ),
        referees as (select id, name_key from players where upline_id = ${playerId} order by id desc limit 500)
        select
          (select count(*)::int from referees r, players me where me.id = ${playerId} and (r.name_key = me.name_key
            or exists (select 1 from player_signals a join player_signals b on b.value = a.value and ${SAME_SORT}
              where a.player_id = me.id and b.player_id = r.id))) as linked,
          exists (select 1 from up where id = ${playerId}) as cycle,
          (select json_agg(json_build_object('id', f.id, 'deposited', f.deposited::text, 'wagered', f.wagered::text)) from (
            select r.id,
              (select coalesce(sum(d.amount), 0) from deposits d where d.player_id = r.id and d.credited_at is not null) as deposited,
              (select coalesce(sum(s.amount), 0) from seamless_transactions s where s.player_id = r.id and s.op = 'bet' and s.status = 'OK') as wagered
            from referees r) f where f.deposited > 0) as referees`),
    )
    return {
      linkedReferees: row?.linked ?? 0,
      cycle: row?.cycle ?? false,
      referees: (row?.referees ?? []).map((r) => ({ playerId: Number(r.id), deposited: BigInt(r.deposited), wagered: BigInt(r.wagered) })),
    }
  },

  // The parameters' versions (two keys, db/reviewed.ts).
  async appliedParams(db: Db): Promise<RiskParamVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(riskParamVersions)
      .where(eq(riskParamVersions.status, 'APPLIED'))
      .orderBy(desc(riskParamVersions.effectiveFrom), desc(riskParamVersions.id))
      .limit(1)
    return row
  },
  appliedWithReviewers: async (db: Db) => {
    const [row] = await withReviewers(db, riskParamVersions)
      .where(eq(riskParamVersions.status, 'APPLIED'))
      .orderBy(desc(riskParamVersions.effectiveFrom), desc(riskParamVersions.id))
      .limit(1)
    return row ? withReviewerNames(row) : undefined
  },
  pendingParams: async (db: Db) => {
    const row = await pendingWithReviewers(db, riskParamVersions)
    return row ? withReviewerNames(row) : undefined
  },
  paramsVersion: async (db: Db, id: number) => {
    const [row] = await withReviewers(db, riskParamVersions).where(eq(riskParamVersions.id, id))
    return row ? withReviewerNames(row) : undefined
  },
  insertPendingParams: (db: Db, row: typeof riskParamVersions.$inferInsert) => insertPendingVersion(db, riskParamVersions, row),
  decideParams: (db: Db, id: number, set: Partial<typeof riskParamVersions.$inferInsert>) => decidePending(db, riskParamVersions, id, set),

  // Cases and alerts.
  /** Locks the player's open case, if any (the alerts and the withdrawal desk read it under the lock). */
  openCaseOf: (db: Db, playerId: number): Promise<RiskCaseRow | undefined> =>
    rowWhere(db, riskCases, and(eq(riskCases.playerId, playerId), ne(riskCases.status, 'CLOSED')), true),
  /** Opens the player's case; undefined when one is already open (the unique index keeps one). */
  async insertCase(db: Db, playerId: number, at: Date, dueAt: Date): Promise<RiskCaseRow | undefined> {
    const [row] = await db
      .insert(riskCases)
      .values({ playerId, status: 'OPEN', dueAt, createdAt: at })
      .onConflictDoNothing({ target: riskCases.playerId, where: sql`status <> 'CLOSED'` })
      .returning()
    return row
  },
  /** Inserts the alert; undefined when the rule already alerted on this event (a retried request). */
  async insertAlert(db: Db, row: typeof riskAlerts.$inferInsert): Promise<RiskAlertRow | undefined> {
    const [inserted] = await db.insert(riskAlerts).values(row).onConflictDoNothing().returning()
    return inserted
  },
  async attachAlerts(db: Db, playerId: number, caseId: number) {
    await db
      .update(riskAlerts)
      .set({ caseId })
      .where(and(eq(riskAlerts.playerId, playerId), isNull(riskAlerts.caseId)))
  },
  findCase: (db: Db, id: number, lock = false): Promise<RiskCaseRow | undefined> => rowWhere(db, riskCases, eq(riskCases.id, id), lock),
  /** Changes a case still open; undefined once it is closed. */
  updateCase: (db: Db, id: number, set: Partial<typeof riskCases.$inferInsert>): Promise<RiskCaseRow | undefined> =>
    updatedWhere(db, riskCases, set, and(eq(riskCases.id, id), ne(riskCases.status, 'CLOSED'))),
  async findAlert(db: Db, id: number): Promise<RiskAlertRow | undefined> {
    const [row] = await db.select().from(riskAlerts).where(eq(riskAlerts.id, id))
    return row
  },
  async insertNote(db: Db, row: typeof riskCaseNotes.$inferInsert) {
    await db.insert(riskCaseNotes).values(row)
  },

  /** Cases with their player's phone, the assignee and the closing's requester, and the rules that alerted. */
  async caseSummaries(db: Db, where: { ids?: number[]; open?: boolean }) {
    const rows = await db
      .select({
        riskCase: riskCases,
        mobile: players.mobile,
        assignee: assignee.username,
        requester: requester.username,
        rules: sql<string[]>`coalesce((select array_agg(distinct a.rule) from risk_alerts a where a.case_id = ${riskCases.id}), '{}')`,
        alerts: sql<number>`(select count(*)::int from risk_alerts a where a.case_id = ${riskCases.id})`,
      })
      .from(riskCases)
      .innerJoin(players, eq(players.id, riskCases.playerId))
      .leftJoin(assignee, eq(assignee.id, riskCases.assigneeId))
      .leftJoin(requester, eq(requester.id, riskCases.closeRequestedBy))
      .where(and(where.ids ? inArray(riskCases.id, where.ids) : undefined, where.open ? ne(riskCases.status, 'CLOSED') : undefined))
      .orderBy(asc(riskCases.dueAt), asc(riskCases.id))
      .limit(200)
    return rows
  },
  async alerts(db: Db, where: { caseId?: number; unattached?: boolean }) {
    return db
      .select({ alert: riskAlerts, mobile: players.mobile })
      .from(riskAlerts)
      .innerJoin(players, eq(players.id, riskAlerts.playerId))
      .where(where.caseId !== undefined ? eq(riskAlerts.caseId, where.caseId) : isNull(riskAlerts.caseId))
      .orderBy(desc(riskAlerts.createdAt), desc(riskAlerts.id))
      .limit(200)
  },
  async notes(db: Db, caseId: number) {
    return db
      .select({ id: riskCaseNotes.id, operator: operators.username, body: riskCaseNotes.body, at: riskCaseNotes.createdAt })
      .from(riskCaseNotes)
      .innerJoin(operators, eq(operators.id, riskCaseNotes.operatorId))
      .where(eq(riskCaseNotes.caseId, caseId))
      .orderBy(asc(riskCaseNotes.createdAt), asc(riskCaseNotes.id))
  },
  async player(db: Db, playerId: number) {
    const [row] = await db.select().from(players).where(eq(players.id, playerId))
    return row
  },
  async operatorExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.id, id), isNull(operators.disabledAt)))
    return row !== undefined
  },
  /** The player's ledger rows, newest first (the evidence): each transfer into or out of one of the player's accounts. */
  async ledgerRows(db: Db, playerId: number, limit = 200) {
    return rowsOf<{ id: DbNumber; kind: string; amount: DbNumber; direction: 'IN' | 'OUT'; reference: string; created_at: Date | string }>(
      await db.execute(sql`
        select t.id, t.kind, t.amount, case when ca.player_id = ${playerId} then 'IN' else 'OUT' end as direction, t.reference, t.created_at
        from transfers t join accounts da on da.id = t.debit_account_id join accounts ca on ca.id = t.credit_account_id
        where (da.player_id = ${playerId} or ca.player_id = ${playerId}) and (da.player_id is distinct from ${playerId} or ca.player_id is distinct from ${playerId})
        order by t.id desc limit ${limit}`),
    )
  },
}
export type RiskRepository = typeof riskRepository
