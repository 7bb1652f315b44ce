import { Readable } from 'node:stream'
import { formatSatang, MAX_REPORT_DAYS, REPORT_TOTALS_LABEL, REPORTS, satangToBaht, type ReportId, type ReportQuery, type ReportTable } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { addDays, bangkokDayRange } from '@sanam/contract/bangkok'
import { csvStringifier } from '../../lib/csv.ts'
import { GGR_KINDS, PAYMENT_KINDS, REFERRAL_KINDS, type GgrSums, type ReportsRepository, type RolledUp } from './reports.repository.ts'

/** A report row inside the server: amounts stay satang (bigint) until they are written as JSON or CSV. */
export type ReportRow = Record<string, string | number | bigint | null>

/**
 * How much one read brings: days of a by-day report that reads the transfers (players-by-day), rows of a keyed one. A
 * year of transfers is never in memory at once. The by-day reports from the daily sums read their whole range at once
 * (`SUMS_DAYS`): a year of sums is a few thousand small rows, and one statement instead of twelve (ADR 097).
 */
export interface ReportBatches {
  days: number
  rows: number
}
export const REPORT_BATCHES: ReportBatches = { days: 31, rows: 500 }
/** The days one read of the daily sums covers: every range a report accepts, so one read. */
const SUMS_DAYS = MAX_REPORT_DAYS

const ggr = (s: GgrSums) => ({ bets: s.bets, rollbacks: s.rollbacks, wins: s.wins, ggr: s.bets - s.rollbacks - s.wins })

/**
 * The reports of issue 20 §5 over a range of Bangkok days (both included): rows read in batches (a few weeks of days,
 * or a page of keys after the last one) and yielded one by one, so the JSON answer and the streamed CSV are the same
 * rows, and the totals are the sums of the rows written.
 */
export function createReportsService(deps: {
  db: Db
  reportsRepository: Pick<
    ReportsRepository,
    'rolledUp' | 'kindsByDay' | 'ggrByProvider' | 'ggrByGame' | 'depositsByAccount' | 'bonusByPromotion' | 'newPlayersByDay' | 'playersWith'
  >
  batches?: ReportBatches
}) {
  const { db, reportsRepository: repo } = deps
  const batches = deps.batches ?? REPORT_BATCHES

  /** Every day of the range in batches of `days`, each day present (zeros included). */
  async function* byDay(range: ReportQuery, days: number, read: (from: Date, to: Date) => Promise<(day: string) => ReportRow>) {
    for (let first = range.from; first <= range.to; first = addDays(first, days)) {
      const last = [addDays(first, days - 1), range.to].sort()[0]!
      const rowOf = await read(bangkokDayRange(first).start, bangkokDayRange(last).end)
      for (let day = first; day <= last; day = addDays(day, 1)) yield { date: day, ...rowOf(day) }
    }
  }

  /** Rows of a keyed report, a page of `batches.rows` after the last key at a time. */
  async function* byKey<K, R>(read: (after: K | null, limit: number) => Promise<R[]>, keyOf: (row: R) => K, rowOf: (row: R) => ReportRow) {
    let after: K | null = null
    for (;;) {
      const page = await read(after, batches.rows)
      for (const row of page) yield rowOf(row)
      if (page.length < batches.rows) return
      after = keyOf(page.at(-1)!)
    }
  }

  function rows(report: ReportId, range: ReportQuery): AsyncGenerator<ReportRow> {
    const { start: from } = bangkokDayRange(range.from)
    const { end: to } = bangkokDayRange(range.to)
    // How far the sums reach, read once for the whole report (each of its reads splits the range there, ADR 097); not
    // at all for players-by-day, which reads only the transfers.
    let rolled: Promise<RolledUp> | undefined
    const through = () => (rolled ??= repo.rolledUp(db))
    /** Sums of transfers of `kinds` per day and kind, as a look-up. */
    const kindSums = async (kinds: readonly string[], a: Date, b: Date) => {
      const sums = new Map((await repo.kindsByDay(db, kinds, a, b, await through())).map((s) => [`${s.day} ${s.kind}`, s]))
      return (day: string, kind: string) => sums.get(`${day} ${kind}`) ?? { total: 0n, count: 0 }
    }
    switch (report) {
      case 'ggr-by-day':
        return byDay(range, SUMS_DAYS, async (a, b) => {
          const sum = await kindSums(GGR_KINDS, a, b)
          return (day) => ggr({ bets: sum(day, 'game_bet').total, rollbacks: sum(day, 'game_rollback').total, wins: sum(day, 'game_win').total })
        })
      case 'ggr-by-provider':
        return byKey(
          async (after: string | null, limit) => repo.ggrByProvider(db, from, to, after, limit, await through()),
          (r) => r.provider,
          (r) => ({ provider: r.provider, provider_title: r.title ?? r.provider, ...ggr(r) }),
        )
      case 'ggr-by-game':
        return byKey(
          async (after: { provider: string; game: string } | null, limit) => repo.ggrByGame(db, from, to, after, limit, await through()),
          (r) => ({ provider: r.provider, game: r.game }),
          (r) => ({ provider: r.provider, game: r.game, game_title: r.title ?? (r.game || null), ...ggr(r) }),
        )
      case 'payments-by-day':
        return byDay(range, SUMS_DAYS, async (a, b) => {
          const sum = await kindSums(PAYMENT_KINDS, a, b)
          return (day) => {
            const [deposits, withdrawals] = [sum(day, 'deposit'), sum(day, 'withdraw_payout')]
            return {
              deposits: deposits.total,
              deposit_count: deposits.count,
              withdrawals: withdrawals.total,
              withdrawal_count: withdrawals.count,
              net: deposits.total - withdrawals.total,
            }
          }
        })
      case 'deposits-by-account':
        return byKey(
          async (after: string | null, limit) => repo.depositsByAccount(db, from, to, after, limit, await through()),
          (r) => r.account,
          (r) => ({ account: r.account || null, bank_code: r.bankCode, account_name: r.accountName, deposits: r.total, deposit_count: r.count }),
        )
      case 'bonus-by-promotion':
        return byKey(
          async (after: number | null, limit) => repo.bonusByPromotion(db, from, to, after, limit, await through()),
          (r) => r.promotionId,
          (r) => ({
            promotion_id: r.promotionId === 0 ? null : String(r.promotionId),
            promotion_title: r.title,
            claims: r.claims,
            bonus: r.bonus,
            forfeited: r.forfeited,
            cost: r.bonus - r.forfeited,
          }),
        )
      case 'referral-by-day':
        return byDay(range, SUMS_DAYS, async (a, b) => {
          const sum = await kindSums(REFERRAL_KINDS, a, b)
          return (day) => ({
            commission: sum(day, 'referral_commission').total,
            rebate: sum(day, 'rebate_accrual').total,
            commission_to_cash: sum(day, 'referral_payout').total,
            rebate_to_cash: sum(day, 'rebate_payout').total,
          })
        })
      case 'players-by-day':
        return byDay(range, batches.days, async (a, b) => {
          const [joined, active, depositing] = await Promise.all([
            repo.newPlayersByDay(db, a, b),
            repo.playersWith(db, 'game_bet', 'debit', a, b, true),
            repo.playersWith(db, 'deposit', 'credit', a, b, true),
          ])
          return (day) => ({ new_players: joined.get(day) ?? 0, active_players: active.get(day) ?? 0, depositing_players: depositing.get(day) ?? 0 })
        })
    }
  }

  /** The totals row: amounts and counts summed over `rows`; in players-by-day each player counts once in the range. */
  async function totalsOf(report: ReportId, range: ReportQuery, sums: ReportRow): Promise<ReportRow> {
    if (report !== 'players-by-day') return sums
    const { start: from } = bangkokDayRange(range.from)
    const { end: to } = bangkokDayRange(range.to)
    const [active, depositing] = await Promise.all([
      repo.playersWith(db, 'game_bet', 'debit', from, to, false),
      repo.playersWith(db, 'deposit', 'credit', from, to, false),
    ])
    return { ...sums, active_players: active.get('') ?? 0, depositing_players: depositing.get('') ?? 0 }
  }

  /** Rows as they are read, then the totals row last. */
  async function* withTotals(report: ReportId, range: ReportQuery): AsyncGenerator<{ row: ReportRow; total: boolean }> {
    const sums: ReportRow = Object.fromEntries(REPORTS[report].columns.map((c) => [c.key, c.type === 'money' ? 0n : c.type === 'count' ? 0 : null]))
    for await (const row of rows(report, range)) {
      for (const c of REPORTS[report].columns) {
        if (c.type === 'money') sums[c.key] = (sums[c.key] as bigint) + (row[c.key] as bigint)
        if (c.type === 'count') sums[c.key] = (sums[c.key] as number) + (row[c.key] as number)
      }
      yield { row, total: false }
    }
    yield { row: await totalsOf(report, range, sums), total: true }
  }

  const json = (row: ReportRow) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? satangToBaht(v) : v]))

  return {
    /** The report as JSON: its rows and totals, amounts in baht. */
    async table(report: ReportId, range: ReportQuery): Promise<ReportTable> {
      const out: ReportTable = { report, from: range.from, to: range.to, rows: [], totals: {} }
      for await (const { row, total } of withTotals(report, range)) {
        if (total) out.totals = json(row)
        else out.rows.push(json(row))
      }
      return out
    },

    /**
     * The report as CSV through csv-stringify: a BOM and the Thai headings, each row as it is read (amounts as exact
     * 2-decimal baht), then the totals row (REPORT_TOTALS_LABEL in the first column). A stream: the caller pipes it to the answer.
     * Titles operators edit (games, providers, promotions, account names) go out as data, never formulas (lib/csv.ts).
     */
    csv(report: ReportId, range: ReportQuery): Readable {
      const columns = REPORTS[report].columns
      const records = Readable.from(
        (async function* () {
          for await (const { row, total } of withTotals(report, range)) {
            yield columns.map((c, i) => {
              const v = row[c.key]
              if (total && i === 0) return REPORT_TOTALS_LABEL
              return typeof v === 'bigint' ? formatSatang(v) : (v ?? '')
            })
          }
        })(),
      )
      const out = csvStringifier({ bom: true, header: true, columns: columns.map((c) => c.label) })
      records.on('error', (error) => out.destroy(error))
      return records.pipe(out)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
