import type { CareMarker, CarePromptKind } from '@sanam/contract'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bangkokDateOf, bangkokHourOf, bangkokPeriodStartOf } from '../../db/bangkok-day.ts'
import { readPage, rowsOf, type DbNumber } from '../../db/rows.ts'
import { careAnswers, careInteractions, careMarkerCursor, careReviewCadence, careTasks, operators, players } from '../../db/schema.ts'

export type CareTaskRow = typeof careTasks.$inferSelect
/** A marker seen on a player: the figures that fired it. */
export interface MarkerHit {
  playerId: number
  marker: CareMarker
  facts: Record<string, string | number>
}
/** The thresholds of the amount markers, satang (ADR 090). */
export interface MarkerThresholds {
  netDeposits30d: bigint
  netLoss24h: bigint
  netLoss90d: bigint
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`
const baht = (column: string) => sql.raw(`round(${column} / 100.0, 2)::float8`)

/**
 * Each marker's SQL (ADR 090): the players with an event in (since, now] for whom the marker holds at `now`, with the
 * figures. Evaluated by the markers job, never on the bet path.
 */
const markerQueries: Record<CareMarker, (since: Date, now: Date, t: MarkerThresholds) => ReturnType<typeof sql>> = {
  NET_DEPOSITS_30D: (since, now, t) => sql`
    with c as (select distinct player_id from deposits where credited_at > ${iso(since)} and credited_at <= ${iso(now)} and player_id is not null),
    f as (
      select c.player_id,
        (select coalesce(sum(amount), 0) from deposits d where d.player_id = c.player_id and d.credited_at > ${iso(now)} - interval '30 days' and d.credited_at <= ${iso(now)}) as dep,
        (select coalesce(sum(amount), 0) from withdrawals w where w.player_id = c.player_id and w.status = 'SUCCESS' and w.decided_at > ${iso(now)} - interval '30 days' and w.decided_at <= ${iso(now)}) as wd
      from c)
    select player_id, json_build_object('deposits', ${baht('dep')}, 'withdrawals', ${baht('wd')}, 'net', ${baht('(dep - wd)')}, 'threshold', ${Number(t.netDeposits30d) / 100}::float8) as facts
    from f where dep - wd >= ${t.netDeposits30d}::bigint`,
  NET_LOSS_24H: (since, now, t) => netLoss(since, now, '24 hours', t.netLoss24h),
  NET_LOSS_90D: (since, now, t) => netLoss(since, now, '90 days', t.netLoss90d),
  NIGHT_DEPOSITS: (since, now) => sql`
    with c as (select distinct player_id from deposits where credited_at > ${iso(since)} and credited_at <= ${iso(now)} and player_id is not null),
    n as (
      select d.player_id, array_agg(distinct to_char(${bangkokDateOf(sql`d.credited_at`)}, 'YYYY-MM-DD')) as nights
      from deposits d join c on c.player_id = d.player_id
      where d.credited_at > ${iso(now)} - interval '7 days' and d.credited_at <= ${iso(now)} and ${bangkokHourOf(sql`d.credited_at`)} < 5
      group by d.player_id)
    select player_id, json_build_object('nights', cardinality(nights), 'dates', array_to_string(nights, ', ')) as facts
    from n where cardinality(nights) >= 3`,
  PLAY_AFTER_CANCELLED_WITHDRAWAL: (since, now) => sql`
    select distinct on (w.player_id) w.player_id,
      json_build_object('withdrawal_id', w.id, 'amount', ${baht('w.amount')}, 'status', w.status, 'returned_at', w.decided_at, 'played_at', b.first_bet) as facts
    from withdrawals w
    join lateral (
      select min(created_at) as first_bet from seamless_transactions s
      where s.player_id = w.player_id and s.op = 'bet' and s.status = 'OK' and s.created_at > w.decided_at
        and s.created_at <= w.decided_at + interval '24 hours' and s.created_at > ${iso(since)} and s.created_at <= ${iso(now)}) b on b.first_bet is not null
    where w.status in ('CANCEL', 'FAIL') and w.decided_at > ${iso(since)} - interval '24 hours' and w.decided_at <= ${iso(now)}
    order by w.player_id, w.decided_at desc`,
  // A refused slip, or a deposit attempt refused before its bill (a limit, an exclusion, no pay-in account: the
  // deposits module's declined_deposits).
  DECLINED_DEPOSITS: (since, now) => sql`
    with declined as (
      select player_id, created_at, 'SLIP' as how from slip_checks where status = 'REFUSED'
      union all
      select player_id, created_at, 'ATTEMPT' from declined_deposits),
    c as (select distinct player_id from declined where created_at > ${iso(since)} and created_at <= ${iso(now)})
    select s.player_id, json_build_object('declined', count(*), 'slips', count(*) filter (where s.how = 'SLIP'),
                                          'attempts', count(*) filter (where s.how = 'ATTEMPT')) as facts
    from declined s join c on c.player_id = s.player_id
    where s.created_at > ${iso(now)} - interval '24 hours' and s.created_at <= ${iso(now)}
    group by s.player_id having count(*) >= 3`,
  LIMIT_RAISED_AFTER_HIT: (since, now) => sql`
    select distinct on (r.player_id) r.player_id,
      json_build_object('limit', r.kind, 'value', ${baht('r.value')}, 'asked', coalesce(${baht('r.pending_value')}::text, 'REMOVE'),
                        'asked_at', r.pending_requested_at, 'hit', hit.what, 'hit_at', hit.at) as facts
    from player_limits r
    join lateral (
      (select 'LOSS_DAY' as what, max(s.created_at) as at from seamless_transactions s
        where s.player_id = r.player_id and s.op = 'bet' and s.status = 'LIMIT_EXCEEDED'
          and s.created_at >= r.pending_requested_at - interval '24 hours' and s.created_at <= r.pending_requested_at
        having max(s.created_at) is not null)
      union all
      (select l.kind, max(d.credited_at) from player_limits l
        join deposits d on d.player_id = l.player_id
          and d.credited_at >= r.pending_requested_at - interval '24 hours' and d.credited_at <= r.pending_requested_at
        where l.player_id = r.player_id and l.kind in ('DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH')
          and (select sum(d2.amount) from deposits d2 where d2.player_id = l.player_id and d2.credited_at <= d.credited_at
                 and d2.credited_at >= ${bangkokPeriodStartOf(sql`case l.kind when 'DEPOSIT_DAY' then 'day' when 'DEPOSIT_WEEK' then 'week' else 'month' end`, sql`d.credited_at`)}) >= l.value
        group by l.kind)
      union all
      (select 'DEPOSIT_REFUSED', max(x.created_at) from declined_deposits x
        where x.player_id = r.player_id and x.reason = 'LIMIT_EXCEEDED'
          and x.created_at >= r.pending_requested_at - interval '24 hours' and x.created_at <= r.pending_requested_at
        having max(x.created_at) is not null)
    ) hit on true
    where r.pending_requested_at > ${iso(since)} and r.pending_requested_at <= ${iso(now)} and r.kind <> 'SESSION_REMINDER'
    order by r.player_id, hit.at desc`,
}

function netLoss(since: Date, now: Date, window: '24 hours' | '90 days', threshold: bigint) {
  const span = sql.raw(`interval '${window}'`)
  return sql`
    with c as (select distinct player_id from seamless_transactions where op = 'bet' and status = 'OK' and created_at > ${iso(since)} and created_at <= ${iso(now)} and player_id is not null),
    f as (
      select s.player_id, sum(case when s.op = 'bet' then s.amount else 0 end) as bets, sum(case when s.op = 'win' then s.amount else 0 end) as wins
      from seamless_transactions s join c on c.player_id = s.player_id
      where s.status = 'OK' and s.op in ('bet', 'win') and s.created_at > ${iso(now)} - ${span} and s.created_at <= ${iso(now)}
      group by s.player_id)
    select player_id, json_build_object('bets', ${baht('bets')}, 'wins', ${baht('wins')}, 'net_loss', ${baht('(bets - wins)')}, 'threshold', ${Number(threshold) / 100}::float8) as facts
    from f where bets - wins >= ${threshold}::bigint`
}

/** SQL of player care (ADR 090): the prompts' facts and answers, the markers, the care tasks and their interactions. */
export const careRepository = {
  /** What the prompt rules read of one player. */
  async promptFacts(db: Db, playerId: number) {
    const [row] = rowsOf<{
      registered_at: string | Date
      has_limit: boolean
      has_deposited: boolean
      last_active: string | Date | null
      every_months: number | null
    }>(
      await db.execute(sql`
        select p.created_at as registered_at,
          exists (select 1 from player_limits l where l.player_id = p.id and l.kind in ('DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH')) as has_limit,
          exists (select 1 from deposits d where d.player_id = p.id and d.credited_at is not null) as has_deposited,
          greatest((select max(credited_at) from deposits d where d.player_id = p.id),
                   (select max(created_at) from seamless_transactions s where s.player_id = p.id and s.op = 'bet' and s.status = 'OK')) as last_active,
          (select every_months from care_review_cadence r where r.player_id = p.id) as every_months
        from players p where p.id = ${playerId}`),
    )
    if (!row) return undefined
    const answers = await db
      .select({ kind: careAnswers.kind, at: sql<string>`max(${careAnswers.answeredAt})` })
      .from(careAnswers)
      .where(eq(careAnswers.playerId, playerId))
      .groupBy(careAnswers.kind)
    const lastAnswered: Record<CarePromptKind, Date | null> = { DEPOSIT_LIMIT: null, ACCOUNT_REVIEW: null, YEARLY_LIMIT: null }
    for (const a of answers) lastAnswered[a.kind] = new Date(a.at)
    return {
      registeredAt: new Date(row.registered_at),
      hasDepositLimit: row.has_limit,
      hasDeposited: row.has_deposited,
      lastActiveAt: row.last_active === null ? null : new Date(row.last_active),
      lastAnswered,
      everyMonths: row.every_months,
    }
  },

  /** The player's own figures between `from` and `to`, satang (deposits credited, withdrawals paid, game result) and days played. */
  async reviewFigures(db: Db, playerId: number, from: Date, to: Date) {
    const [row] = rowsOf<{ dep: DbNumber; wd: DbNumber; result: DbNumber; days: DbNumber }>(
      await db.execute(sql`
        select (select coalesce(sum(amount), 0) from deposits where player_id = ${playerId} and credited_at >= ${iso(from)} and credited_at <= ${iso(to)}) as dep,
               (select coalesce(sum(amount), 0) from withdrawals where player_id = ${playerId} and status = 'SUCCESS' and decided_at >= ${iso(from)} and decided_at <= ${iso(to)}) as wd,
               (select coalesce(sum(case when op = 'win' then amount else -amount end), 0) from seamless_transactions
                 where player_id = ${playerId} and status = 'OK' and op in ('bet', 'win') and created_at >= ${iso(from)} and created_at <= ${iso(to)}) as result,
               (select count(distinct ${bangkokDateOf(sql`created_at`)}) from seamless_transactions
                 where player_id = ${playerId} and status = 'OK' and op = 'bet' and created_at >= ${iso(from)} and created_at <= ${iso(to)}) as days`),
    )
    return { deposits: BigInt(row?.dep ?? 0), withdrawals: BigInt(row?.wd ?? 0), gameResult: BigInt(row?.result ?? 0), daysPlayed: Number(row?.days ?? 0) }
  },

  /** Records an answer once per (player, kind, period); false when one was already recorded. */
  async answer(db: Db, row: typeof careAnswers.$inferInsert): Promise<boolean> {
    const inserted = await db.insert(careAnswers).values(row).onConflictDoNothing().returning({ id: careAnswers.id })
    return inserted.length > 0
  },
  async setCadence(db: Db, playerId: number, everyMonths: number, at: Date): Promise<void> {
    await db
      .insert(careReviewCadence)
      .values({ playerId, everyMonths, updatedAt: at })
      .onConflictDoUpdate({ target: careReviewCadence.playerId, set: { everyMonths, updatedAt: at } })
  },
  /** Serialises one player's answers (so two tabs cannot both answer a prompt differently). */
  async lockPlayer(db: Db, playerId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('care-prompts'), ${playerId}::int)`)
  },

  /** Where the markers job stopped, or null before its first run. */
  async cursor(db: Db): Promise<Date | null> {
    const [row] = await db.select().from(careMarkerCursor).where(eq(careMarkerCursor.id, 1))
    return row?.evaluatedUntil ?? null
  },
  async setCursor(db: Db, at: Date): Promise<void> {
    await db
      .insert(careMarkerCursor)
      .values({ id: 1, evaluatedUntil: at })
      .onConflictDoUpdate({ target: careMarkerCursor.id, set: { evaluatedUntil: at } })
  },
  /** The players for whom `marker` holds at `now`, among those with an event in (since, now]. */
  async markerHits(db: Db, marker: CareMarker, since: Date, now: Date, thresholds: MarkerThresholds): Promise<MarkerHit[]> {
    const rows = rowsOf<{ player_id: DbNumber; facts: Record<string, string | number> }>(await db.execute(markerQueries[marker](since, now, thresholds)))
    return rows.map((r) => ({ playerId: Number(r.player_id), marker, facts: r.facts }))
  },
  /** Opens a task per hit unless one is open for that player and marker; answers how many opened. */
  async openTasks(db: Db, hits: readonly MarkerHit[], at: Date): Promise<number> {
    if (hits.length === 0) return 0
    const rows = JSON.stringify(hits.map((h) => ({ player_id: h.playerId, marker: h.marker, facts: h.facts })))
    const inserted = rowsOf<{ id: DbNumber }>(
      await db.execute(sql`
        insert into care_tasks (player_id, marker, facts, opened_at, status)
        select x.player_id, x.marker, x.facts, ${iso(at)}, 'OPEN'
        from jsonb_to_recordset(${rows}::jsonb) as x(player_id bigint, marker text, facts jsonb)
        on conflict (player_id, marker) where status = 'OPEN' do nothing
        returning id`),
    )
    return inserted.length
  },

  /** One page of tasks of a status, the oldest open first (the newest closed first), with the player and interaction count. */
  async page(db: Db, status: 'OPEN' | 'CLOSED', page: number, size: number) {
    const list = db
      .select({
        task: careTasks,
        mobile: players.mobile,
        name: sql<string>`${players.firstname} || ' ' || ${players.surname}`,
        interactions: sql<number>`(select count(*)::int from care_interactions i where i.task_id = ${careTasks.id})`,
      })
      .from(careTasks)
      .innerJoin(players, eq(players.id, careTasks.playerId))
      .where(eq(careTasks.status, status))
      .orderBy(status === 'OPEN' ? careTasks.openedAt : desc(careTasks.closedAt), careTasks.id)
      .$dynamic()
    const total = db.select({ n: count() }).from(careTasks).where(eq(careTasks.status, status))
    return readPage(list, total, page, size)
  },
  async task(db: Db, id: number, forUpdate = false) {
    const query = db
      .select({
        task: careTasks,
        mobile: players.mobile,
        name: sql<string>`${players.firstname} || ' ' || ${players.surname}`,
        closedBy: operators.username,
      })
      .from(careTasks)
      .innerJoin(players, eq(players.id, careTasks.playerId))
      .leftJoin(operators, eq(operators.id, careTasks.closedBy))
      .where(eq(careTasks.id, id))
    const [row] = forUpdate ? await query.for('update', { of: careTasks }) : await query
    return row
  },
  async interactions(db: Db, taskId: number) {
    return db
      .select({ interaction: careInteractions, operator: operators.username })
      .from(careInteractions)
      .innerJoin(operators, eq(operators.id, careInteractions.operatorId))
      .where(eq(careInteractions.taskId, taskId))
      .orderBy(careInteractions.happenedAt, careInteractions.id)
  },
  async insertInteraction(db: Db, row: typeof careInteractions.$inferInsert) {
    const [inserted] = await db.insert(careInteractions).values(row).returning()
    return inserted!
  },
  async close(db: Db, id: number, operatorId: number, at: Date): Promise<void> {
    await db
      .update(careTasks)
      .set({ status: 'CLOSED', closedAt: at, closedBy: operatorId })
      .where(and(eq(careTasks.id, id), eq(careTasks.status, 'OPEN')))
  },
}
export type CareRepository = typeof careRepository
