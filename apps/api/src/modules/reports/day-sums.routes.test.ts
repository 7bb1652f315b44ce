import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REPORT_IDS, type ReportId } from '@sanam/contract'
import { addDays, bangkokDayRange } from '@sanam/contract/bangkok'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import { bangkokDayTextOf } from '../../db/bangkok-day.ts'
import { runJobsOnce } from '../../jobs/runner.ts'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { postTransfer, signedInPlayer, takePromotion, transferBody } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { daySumsJob, ROLLUP_DAYS_PER_RUN } from './day-sums.job.ts'
import { reportsRepository } from './reports.repository.ts'

// Issue 40 §4, ADR 097: the reports read each closed Bangkok day from its stored sums and the days after the last one
// rolled up from the transfers. Three days of play through the real routes (a day rolled up, a day closed but not rolled
// up yet, today), with transfers on either side of a midnight, on the injected clock; every report over the range is
// the same before and after each rollup, and its by-day figures are the ledger's own sums per day, to the satang.
// ledger:verify's check finds a tampered sum. Runs on PGlite and PostgreSQL.

const t = useTestApp({ verifyLedger: 'end' })

const D1 = '2026-11-10'
const D2 = addDays(D1, 1)
const TODAY = addDays(D1, 2)
const at = (day: string, time: string) => new Date(`${day}T${time}+07:00`)
const range = `from=${addDays(D1, -1)}&to=${TODAY}`

/** Every report over the range as an operator reads it (JSON: rows and totals). */
async function allReports() {
  const { token } = await signInOperator(t, 'finance')
  const out: Partial<Record<ReportId, unknown>> = {}
  for (const id of REPORT_IDS) {
    const res = await t.get(`/api/backoffice/reports/${id}?${range}`, token)
    expect(res.statusCode, res.body).toBe(200)
    out[id] = res.json().data
  }
  return out
}

/** The ledger's own sums per Bangkok day and kind over the range, in baht, as the by-day reports show them. */
async function ledgerByDay() {
  const rows = rowsOf<{ day: string; kind: string; total: DbNumber; n: DbNumber }>(
    await t.db.execute(sql`
      select ${bangkokDayTextOf(sql`created_at`)} as day, kind, sum(amount) as total, count(*) as n
      from transfers where created_at >= ${bangkokDayRange(addDays(D1, -1)).start} and created_at < ${bangkokDayRange(TODAY).end}
      group by 1, 2`),
  )
  return (day: string, kind: string) => {
    const row = rows.find((r) => r.day === day && r.kind === kind)
    return row ? { baht: Number(row.total) / 100, count: Number(row.n) } : { baht: 0, count: 0 }
  }
}

/** A rollup of every closed day, and of the closed hours after them when `hours` says so. */
const rollUp = (hours = 0) => t.db.transaction((tx) => t.services.daySums.rollUp(tx, { days: 366, hours }))
const rolledUp = () => reportsRepository.rolledUp(t.db)
const through = async () => (await rolledUp()).day
const hoursKept = async () => Number(rowsOf<{ n: DbNumber }>(await t.db.execute(sql`select count(*) as n from report_hour_rollups`))[0]!.n)

/** A round of `game` at the clock's time: a bet, and a win when given. */
async function round(token: string, provider: string, game: string, bet: string, win?: string) {
  const session = await launch(t, token, provider, game)
  const id = `sums-${randomUUID()}`
  const send = async (op: string, body: Record<string, unknown>) =>
    expect((await callSeamless(t, provider, op, { session_token: session, round_id: id, game_code: game, ...body })).json().status).toBe('OK')
  await send('bet', { tx_id: `${id}-b`, amount: bet })
  if (win !== undefined) await send('win', { tx_id: `${id}-w`, amount: win })
  return { session, id, send }
}

async function deposit(player: { bankCode: string; bankAccount: string }, amount: number) {
  const res = await postTransfer(t, transferBody(player, { amount, occurred_at: t.clock.now().toISOString() }))
  expect(res.json().data.status).toBe('MATCHED')
}

describe('reports from daily sums (ADR 097)', () => {
  it('answer every report the same before and after each day is rolled up, equal to the ledger per day', async () => {
    t.clock.set(at(D1, '10:00:00'))
    const a = await signedInPlayer(t, {}, { cash: 0 })
    const b = await signedInPlayer(t)
    await deposit(a, 2_000)
    const promotion = await makePromotion(t.db, { title: 'โปรยอดรายวัน', creditGiven: 5_000n, rules: [] })
    await takePromotion(t, b, promotion.id, 300)
    await round(a.token, 'pgsoft', 'fortune_ox', '200.00', '50.25')
    await round(b.token, 'pragmaticplay', 'sweet_bonanza', '30.10', '0.00')

    // Either side of midnight: the bet at the last millisecond of D1, its win at the first of D2.
    t.clock.set(new Date(bangkokDayRange(D1).end.getTime() - 1))
    const late = await round(a.token, 'pgsoft', 'fortune_tiger', '10.00')
    t.clock.set(bangkokDayRange(D2).start)
    await late.send('win', { tx_id: `${late.id}-w`, amount: '5.00' })

    t.clock.set(at(D2, '15:00:00'))
    await deposit(a, 700)
    await round(a.token, 'pgsoft', 'fortune_ox', '120.00', '300.00')
    const withdrawal = await t.post('/api/wallet/withdraw', { amount: 400 }, a.token)
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)
    const { token: finance } = await signInOperator(t, 'finance')
    const paid = await t.post(`/api/backoffice/withdrawals/${withdrawal.json().data.id}/approve`, { payout_ref: 'SUMS-1' }, finance)
    expect(paid.statusCode, paid.body).toBe(200)

    // Today, half an hour after midnight: D2 is over but inside the hour's grace, so only D1 can be rolled up.
    t.clock.set(at(TODAY, '00:10:00'))
    await round(b.token, 'pgsoft', 'fortune_ox', '20.00', '0.00')
    await deposit(b, 100)
    t.clock.set(at(TODAY, '00:30:00'))
    const direct = await allReports()

    await rollUp()
    expect(await through()).toBe(D1)
    expect(await allReports()).toEqual(direct)

    // An hour and a half after midnight D2 is rolled up too; today still comes from the transfers.
    t.clock.set(at(TODAY, '01:30:00'))
    await rollUp()
    expect(await through()).toBe(D2)
    const summed = await allReports()
    expect(summed).toEqual(direct)
    expect(await rollUp()).toEqual({ days: 0, hours: 0 })

    // And the figures are the ledger's: each day's bets, wins, deposits and withdrawals, to the satang.
    const ledger = await ledgerByDay()
    const ggr = (summed['ggr-by-day'] as { rows: Array<Record<string, number | string>> }).rows
    const payments = (summed['payments-by-day'] as { rows: Array<Record<string, number | string>> }).rows
    for (const day of [D1, D2, TODAY]) {
      const g = ggr.find((r) => r.date === day)!
      expect([g.bets, g.wins, g.rollbacks]).toEqual([ledger(day, 'game_bet').baht, ledger(day, 'game_win').baht, ledger(day, 'game_rollback').baht])
      const p = payments.find((r) => r.date === day)!
      expect([p.deposits, p.deposit_count, p.withdrawals, p.withdrawal_count]).toEqual([
        ledger(day, 'deposit').baht,
        ledger(day, 'deposit').count,
        ledger(day, 'withdraw_payout').baht,
        ledger(day, 'withdraw_payout').count,
      ])
    }
    expect(ggr.find((r) => r.date === D1)!.bets).toBe(240.1)
    expect(ggr.find((r) => r.date === D2)!.wins).toBe(305)
    expect(ggr.find((r) => r.date === TODAY)!.bets).toBe(20)
  })

  it('ledger:verify names a stored sum that differs from the ledger, and passes once it is right again', async () => {
    expect((await t.services.ledgerCheck.verify()).ok).toBe(true)
    const tamper = (by: number) =>
      t.db.execute(
        sql`update report_day_sums set total = total + ${by} where day = ${D1} and kind = 'game_bet' and provider = 'pgsoft' and game = 'fortune_ox'`,
      )
    await tamper(1)
    const result = await t.services.ledgerCheck.verify()
    expect(result.ok).toBe(false)
    expect(result.failures).toEqual([
      {
        check: 'report_day_sums',
        detail: `${D1} game_bet (provider 'pgsoft', game 'fortune_ox', pay-in account '', promotion 0): 20001 in 1 kept, 20000 in 1 in the ledger`,
      },
    ])
    await tamper(-1)
    expect((await t.services.ledgerCheck.verify()).ok).toBe(true)
  })

  // The test above shows the sums equal the ledger; this one that the reports read them: a row stored with no transfer
  // behind it shows in every summed report over its day, so none of them reads a rolled-up day's transfers instead.
  it('read the days rolled up from their sums, not from the transfers', async () => {
    expect(await through()).toBe(D2)
    const before = await allReports()
    const stored = sql`(day, kind, provider, game, pay_in_account, promotion_id) in (
      (${D1}::date, 'game_bet', 'sumsonly', 'sums_game', '', 0), (${D1}::date, 'deposit', '', '', '999', 0),
      (${D1}::date, 'referral_commission', '', '', '', 0), (${D1}::date, 'promotion_bonus', '', '', '', 0))`
    await t.db.execute(sql`insert into report_day_sums (day, kind, provider, game, pay_in_account, promotion_id, total, n) values
      (${D1}, 'game_bet', 'sumsonly', 'sums_game', '', 0, 123, 1), (${D1}, 'deposit', '', '', '999', 0, 456, 1),
      (${D1}, 'referral_commission', '', '', '', 0, 789, 1), (${D1}, 'promotion_bonus', '', '', '', 0, 321, 1)`)
    try {
      const after = await allReports()
      type Table = { rows: Array<Record<string, unknown>>; totals: Record<string, number> }
      const totals = (reports: typeof before, id: ReportId) => (reports[id] as Table).totals
      const rows = (id: ReportId) => (after[id] as Table).rows
      const added = (id: ReportId, key: string) => Math.round((totals(after, id)[key]! - totals(before, id)[key]!) * 100) / 100
      expect(added('ggr-by-day', 'bets')).toBe(1.23)
      expect(rows('ggr-by-provider')).toContainEqual(expect.objectContaining({ provider: 'sumsonly', bets: 1.23 }))
      expect(rows('ggr-by-game')).toContainEqual(expect.objectContaining({ provider: 'sumsonly', game: 'sums_game', bets: 1.23 }))
      expect([added('payments-by-day', 'deposits'), added('payments-by-day', 'deposit_count')]).toEqual([4.56, 1])
      expect(rows('deposits-by-account')).toContainEqual(expect.objectContaining({ account: '999', deposits: 4.56, deposit_count: 1 }))
      expect(added('referral-by-day', 'commission')).toBe(7.89)
      expect(added('bonus-by-promotion', 'bonus')).toBe(3.21)
    } finally {
      await t.db.execute(sql`delete from report_day_sums where ${stored}`)
    }
    expect(await allReports()).toEqual(before)
  })

  // Issue 40 §4 (ADR 097, fifth amendment): a report of a range holding today read all of today's transfers; late on a
  // busy day that was most of its time on the embedded database. The hours of today closed an hour ago are rolled up
  // too, and a report reads the transfers of the last hour or two only.
  it("read today's closed hours from their hourly sums, and only the hour or two after them from the transfers", async () => {
    t.clock.set(at(TODAY, '01:40:00'))
    const player = await signedInPlayer(t, {}, { cash: 100 })
    await round(player.token, 'pgsoft', 'fortune_ox', '40.00', '10.00')
    t.clock.set(at(TODAY, '02:20:00'))
    await round(player.token, 'pragmaticplay', 'sweet_bonanza', '15.00')
    t.clock.set(at(TODAY, '03:30:00'))
    const direct = await allReports()

    // At 03:30 the hours from midnight to 02:00 ended over an hour ago; 02:00 to 03:00 did not.
    expect(await rollUp(24)).toEqual({ days: 0, hours: 2 })
    expect(await rolledUp()).toEqual({ day: D2, hour: at(TODAY, '01:00:00').toISOString() })
    expect(await allReports()).toEqual(direct)
    expect(await rollUp(24)).toEqual({ days: 0, hours: 0 })

    // A row stored for an hour rolled up shows in the reports; one stored for the hour after does not (its transfers
    // are read instead): each part of the range is read from one place only.
    const hour = (time: string) => at(TODAY, time).toISOString()
    const stored = sql`provider in ('hoursonly', 'notrolled')`
    await t.db.execute(sql`insert into report_hour_sums (hour, kind, provider, game, pay_in_account, promotion_id, total, n) values
      (${hour('00:00:00')}, 'game_bet', 'hoursonly', 'h_game', '', 0, 123, 1), (${hour('02:00:00')}, 'game_bet', 'notrolled', 'h_game', '', 0, 456, 1)`)
    try {
      const providers = ((await allReports())['ggr-by-provider'] as { rows: Array<{ provider: string; bets: number }> }).rows
      expect(providers).toContainEqual(expect.objectContaining({ provider: 'hoursonly', bets: 1.23 }))
      expect(providers.map((r) => r.provider)).not.toContain('notrolled')
    } finally {
      await t.db.execute(sql`delete from report_hour_sums where ${stored}`)
    }

    // ledger:verify recomputes the hourly sums kept, and names the hour (Bangkok time) of one that differs.
    const tamper = (by: number) =>
      t.db.execute(sql`update report_hour_sums set total = total + ${by} where hour = ${hour('01:00:00')} and kind = 'game_bet' and provider = 'pgsoft'`)
    await tamper(1)
    expect((await t.services.ledgerCheck.verify()).failures).toEqual([
      {
        check: 'report_hour_sums',
        detail: `${TODAY} 01:00 game_bet (provider 'pgsoft', game 'fortune_ox', pay-in account '', promotion 0): 4001 in 1 kept, 4000 in 1 in the ledger`,
      },
    ])
    await tamper(-1)
    expect((await t.services.ledgerCheck.verify()).ok).toBe(true)

    // The next day today is rolled up whole from its transfers and its hours are no longer read; they are kept a day
    // (a report that looked up how far the sums reach just before still reads them), then forgotten.
    t.clock.set(at(addDays(TODAY, 1), '01:30:00'))
    expect(await rollUp(24)).toEqual({ days: 1, hours: 0 })
    expect(await allReports()).toEqual(direct)
    expect(await hoursKept()).toBe(2)
    t.clock.set(at(addDays(TODAY, 2), '01:30:00'))
    expect(await rollUp(24)).toEqual({ days: 1, hours: 0 })
    expect(await hoursKept()).toBe(0)
    expect(await allReports()).toEqual(direct)
  })

  it('roll up as a job under its own lock, a few days a run, catching up after downtime', async () => {
    const job = daySumsJob({ daySums: t.services.daySums })
    expect(job.lockKey).toBe(7_262_011)
    // Twenty days later (the server was down): the eighteen days after the last one rolled up are closed by noon,
    // and so are the eleven hours of the day before 11:00.
    t.clock.set(at(addDays(TODAY, 20), '12:00:00'))
    const runs: Array<number | null> = []
    for (let i = 0; i < 4; i++) runs.push((await runJobsOnce(t.db, [job]))['report-day-sums']!)
    expect(runs).toEqual([ROLLUP_DAYS_PER_RUN, ROLLUP_DAYS_PER_RUN, 18 - 2 * ROLLUP_DAYS_PER_RUN + 11, 0])
    expect(await rolledUp()).toEqual({ day: addDays(TODAY, 19), hour: at(addDays(TODAY, 20), '10:00:00').toISOString() })
    // Today's transfers are in the sums now, and the reports still say the same (its three bets: 20, 40 and 15 baht).
    const { token } = await signInOperator(t, 'finance')
    const res = await t.get(`/api/backoffice/reports/ggr-by-day?${range}`, token)
    expect(res.json().data.rows.find((r: { date: string }) => r.date === TODAY).bets).toBe(75)

    // The command line (npm run reports:roll-up) rolls up every closed day and hour at once, under the same lock.
    t.clock.set(at(addDays(TODAY, 23), '12:00:00'))
    const rolled = { day: addDays(TODAY, 22), hour: at(addDays(TODAY, 23), '10:00:00').toISOString() }
    expect(await t.services.daySums.rollUpAll()).toEqual({ days: 3, hours: 11, rolled })
    expect(await t.services.daySums.rollUpAll()).toEqual({ days: 0, hours: 0, rolled })
  })

  // PostgreSQL's JIT compiled a day's rollup for 2.1 s to run it in 0.1 s (2 million transfers): a run that rolls a day
  // or an hour up turns it off for its transaction, and only then.
  it('roll up without JIT compilation', async () => {
    const jitDuring = (days: number, hours: number) =>
      t.db.transaction(async (tx) => {
        const rolled = await t.services.daySums.rollUp(tx, { days, hours })
        return { rolled, jit: rowsOf<{ jit: string }>(await tx.execute(sql`select current_setting('jit') as jit`))[0]!.jit }
      })
    const usual = rowsOf<{ jit: string }>(await t.db.execute(sql`select current_setting('jit') as jit`))[0]!.jit
    expect(await jitDuring(0, 0)).toEqual({ rolled: { days: 0, hours: 0 }, jit: usual })
    // Two closed days not rolled up yet, and two closed hours after them.
    t.clock.set(at(addDays(TODAY, 25), '03:00:00'))
    expect(await jitDuring(1, 0)).toEqual({ rolled: { days: 1, hours: 0 }, jit: 'off' })
    // No hour while a closed day is left: the hours follow the last day rolled up.
    expect(await jitDuring(0, 1)).toEqual({ rolled: { days: 0, hours: 0 }, jit: usual })
    expect(await jitDuring(1, 1)).toEqual({ rolled: { days: 1, hours: 1 }, jit: 'off' })
    expect(await jitDuring(0, 1)).toEqual({ rolled: { days: 0, hours: 1 }, jit: 'off' })
  })
})
