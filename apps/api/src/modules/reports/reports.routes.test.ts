import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatSatang, mayOperator, OPERATOR_PERMISSIONS, REPORT_IDS, REPORTS, satangToBaht, type ReportId } from '@sanam/contract'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import { addDays, bangkokDayRange } from '@sanam/contract/bangkok'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { postTransfer, transferBody } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { earner, member, referralOptions, transfer } from '../../../test/referral.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { reportQueries } from './reports.repository.ts'

// Issue 20 §5: the reports an operator hands to an accountant. A known stretch of play is built through the real
// routes (bank feed, promotion, seamless bets, wins and a rollback, referral accrual and payout, a withdrawal paid by
// finance), and every report's totals are compared with the ledger's own sums over the same range, to the satang.

const t = useTestApp(referralOptions())
let finance: string

/** The day of play, and the range the reports are asked for (the referral accrual lands on the day after). */
const DAY = '2026-11-01'
const NEXT = addDays(DAY, 1)
const range = `from=${DAY}&to=${NEXT}`

const report = (id: ReportId, query = range, token = finance) => t.get(`/api/backoffice/reports/${id}?${query}`, token)
const csv = (id: ReportId, query = range, token = finance) => t.get(`/api/backoffice/reports/${id}/csv?${query}`, token)

/** The ledger's own sums over [DAY, NEXT]: satang and count per transfer kind. */
async function ledgerSums() {
  const { start } = bangkokDayRange(DAY)
  const { end } = bangkokDayRange(NEXT)
  const rows = rowsOf<{ kind: string; total: DbNumber; n: DbNumber }>(
    await t.db.execute(sql`select kind, sum(amount) as total, count(*) as n from transfers where created_at >= ${start} and created_at < ${end} group by kind`),
  )
  const sums = new Map(rows.map((r) => [r.kind, { total: BigInt(r.total), count: Number(r.n) }]))
  return (kind: string) => sums.get(kind) ?? { total: 0n, count: 0 }
}

beforeAll(async () => {
  finance = (await signInOperator(t, 'finance')).token
  // Referral: an upline earns 300.50 baht commission and 0.50 baht rebate from bets at noon on DAY, accrued at its end.
  const upline = await earner(t, 300.5, 0.5, DAY)

  t.clock.set(new Date(`${NEXT}T10:00:00+07:00`))
  // Deposits: one through the feed, one that takes a promotion (100 baht on top) through a draft bill.
  const promotion = await makePromotion(t.db, { title: 'โปรรายงาน', creditGiven: 10_000n, rules: [] })
  const a = await member(t)
  const b = await member(t)
  expect((await postTransfer(t, transferBody(a, { amount: 1_000, occurred_at: t.clock.now().toISOString() }))).json().data.status).toBe('MATCHED')
  expect((await t.post('/api/wallet/deposit/draft_bill', { amount: 500, promotion: promotion.id }, b.token)).statusCode).toBe(200)
  expect((await postTransfer(t, transferBody(b, { amount: 500, occurred_at: t.clock.now().toISOString() }))).json().data.status).toBe('MATCHED')

  // Play: two PG Soft games and one Pragmatic Play game; one bet rolled back.
  const round = async (who: { token: string }, provider: string, game: string, bet: string, win: string | null, rollback = false) => {
    const session = await launch(t, who.token, provider, game)
    const id = `rep-${randomUUID()}`
    const send = (op: string, body: Record<string, unknown>) =>
      callSeamless(t, provider, op, { session_token: session, round_id: id, game_code: game, ...body }).then((r) => expect(r.json().status).toBe('OK'))
    await send('bet', { tx_id: `${id}-b`, amount: bet })
    if (win !== null) await send('win', { tx_id: `${id}-w`, amount: win })
    if (rollback) await send('rollback', { tx_id: `${id}-r`, ref_tx_id: `${id}-b` })
  }
  await round(a, 'pgsoft', 'fortune_ox', '200.00', '50.25')
  await round(a, 'pgsoft', 'fortune_tiger', '100.00', null, true)
  await round(a, 'pragmaticplay', 'sweet_bonanza', '30.10', '0.00')
  await round(b, 'pgsoft', 'fortune_ox', '40.00', '0.00')

  // The upline moves commission and rebate to cash; player a withdraws 400 and finance pays it.
  expect((await transfer(t, upline, 'bonus')).statusCode).toBe(200)
  expect((await transfer(t, upline, 'refund')).statusCode).toBe(200)
  const withdrawal = await t.post('/api/wallet/withdraw', { amount: 400 }, a.token)
  expect(withdrawal.statusCode, withdrawal.body).toBe(200)
  const paid = await t.post(`/api/backoffice/withdrawals/${withdrawal.json().data.id}/approve`, { payout_ref: 'REP-1' }, finance)
  expect(paid.statusCode, paid.body).toBe(200)
})

describe('GET /api/backoffice/reports/:report', () => {
  it('reconciles every report’s totals with the ledger’s sums, to the satang', async () => {
    const ledger = await ledgerSums()
    const baht = (kind: string) => satangToBaht(ledger(kind).total)
    const [bets, rollbacks, wins] = [ledger('game_bet').total, ledger('game_rollback').total, ledger('game_win').total]
    const ggr = { bets: satangToBaht(bets), rollbacks: satangToBaht(rollbacks), wins: satangToBaht(wins), ggr: satangToBaht(bets - rollbacks - wins) }
    // The stretch of play as built: bets 200 + 100 + 30.10 + 40 and the earner's, 100 rolled back, 50.25 won.
    expect(ggr.rollbacks).toBe(100)
    expect(ggr.wins).toBe(50.25)

    const totals = async (id: ReportId) => {
      const res = await report(id)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    }
    for (const id of ['ggr-by-day', 'ggr-by-provider', 'ggr-by-game'] as const) expect((await totals(id)).totals).toMatchObject(ggr)
    expect((await totals('payments-by-day')).totals).toMatchObject({
      deposits: baht('deposit'),
      deposit_count: ledger('deposit').count,
      withdrawals: baht('withdraw_payout'),
      withdrawal_count: ledger('withdraw_payout').count,
      net: satangToBaht(ledger('deposit').total - ledger('withdraw_payout').total),
    })
    expect(baht('withdraw_payout')).toBe(400)
    expect((await totals('deposits-by-account')).totals).toMatchObject({ deposits: baht('deposit'), deposit_count: ledger('deposit').count })
    const bonus = await totals('bonus-by-promotion')
    expect(bonus.totals).toMatchObject({ bonus: baht('promotion_bonus'), forfeited: baht('promotion_forfeit') })
    expect(bonus.rows).toContainEqual(expect.objectContaining({ promotion_title: 'โปรรายงาน', claims: 1, bonus: 100, forfeited: 0, cost: 100 }))
    expect((await totals('referral-by-day')).totals).toEqual({
      date: null,
      commission: baht('referral_commission'),
      rebate: baht('rebate_accrual'),
      commission_to_cash: baht('referral_payout'),
      rebate_to_cash: baht('rebate_payout'),
    })
    // 3 % of the downline's bets to the upline; both moved their rebate, the upline its commission, to cash.
    expect([baht('referral_commission'), baht('referral_payout'), baht('rebate_payout')]).toEqual([300.5, 300.5, 0.5])
  })

  it('breaks GGR down by day, provider and game, and deposits by pay-in account', async () => {
    const byDay = (await report('ggr-by-day')).json().data
    expect(byDay.rows.map((r: { date: string }) => r.date)).toEqual([DAY, NEXT])
    expect(byDay.rows[1]).toEqual({ date: NEXT, bets: 370.1, rollbacks: 100, wins: 50.25, ggr: 219.85 })

    const providers = (await report('ggr-by-provider')).json().data.rows
    expect(providers).toContainEqual({ provider: 'pragmaticplay', provider_title: 'Pragmatic Play', bets: 30.1, rollbacks: 0, wins: 0, ggr: 30.1 })

    const games = (await report('ggr-by-game')).json().data.rows
    expect(games).toContainEqual({ provider: 'pgsoft', game: 'fortune_tiger', game_title: 'Fortune Tiger', bets: 100, rollbacks: 100, wins: 0, ggr: 0 })
    expect(games.find((g: { game: string }) => g.game === 'sweet_bonanza')).toMatchObject({ ggr: 30.1 })

    const accounts = (await report('deposits-by-account')).json().data.rows
    expect(accounts).toContainEqual(expect.objectContaining({ account: '4071234567', bank_code: expect.any(String) }))

    const players = (await report('players-by-day')).json().data
    expect(players.rows[1]).toMatchObject({ date: NEXT, active_players: 2, depositing_players: 2 })
    // Over the range each player counts once: the earner's two players and a, b.
    expect(players.totals).toMatchObject({ active_players: 4 })
  })

  it('shows reports to the roles of reports.read only', async () => {
    for (const role of ['owner', 'finance', 'support'] as const) {
      const { token } = await signInOperator(t, role)
      const allowed = mayOperator(role, 'reports.read')
      expect(OPERATOR_PERMISSIONS['reports.read'].includes(role as never)).toBe(allowed)
      expect((await report('ggr-by-day', range, token)).statusCode).toBe(allowed ? 200 : 403)
      expect((await csv('ggr-by-day', range, token)).statusCode).toBe(allowed ? 200 : 403)
    }
    expect((await t.get(`/api/backoffice/reports/ggr-by-day?${range}`)).statusCode).toBe(401)
  })

  it.each([
    ['a reversed range', 'from=2026-11-02&to=2026-11-01', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น'],
    ['more than a year', 'from=2024-01-01&to=2026-01-01', 'เลือกช่วงวันที่ได้ไม่เกิน 366 วัน'],
    ['a huge year', 'from=2026-01-01&to=999999-01-01', 'วันที่ไม่ถูกต้อง (รูปแบบ ปปปป-ดด-วว)'],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', 'วันที่ไม่ถูกต้อง (รูปแบบ ปปปป-ดด-วว)'],
    ['an instant, not a day', 'from=2026-11-01T00:00:00Z&to=2026-11-02', 'วันที่ไม่ถูกต้อง (รูปแบบ ปปปป-ดด-วว)'],
    ['no end', 'from=2026-11-01', 'วันที่ไม่ถูกต้อง (รูปแบบ ปปปป-ดด-วว)'],
  ])('refuses %s with a Thai message', async (_case, query, message) => {
    for (const res of [await report('ggr-by-day', query), await csv('ggr-by-day', query)]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toBe(message)
    }
  })

  it('refuses an unknown report', async () => {
    const res = await t.get(`/api/backoffice/reports/everything?${range}`, finance)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('ไม่พบรายงานนี้')
  })

  it('takes a whole year, every day present', async () => {
    const res = await report('players-by-day', 'from=2025-11-03&to=2026-11-03')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.rows).toHaveLength(366)
  })
})

describe('GET /api/backoffice/reports/:report/csv', () => {
  const ledgerText = async (kind: string) => formatSatang((await ledgerSums())(kind).total)

  it('is UTF-8 CSV with a BOM and Thai headings, the same rows and a totals row that matches the ledger', async () => {
    const res = await csv('ggr-by-provider')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sanam-ggr-by-provider-${DAY}-${NEXT}.csv"`)
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\n')
    expect(lines[0]).toBe(REPORTS['ggr-by-provider'].columns.map((c) => c.label).join(','))
    expect(lines[0]).toBe('รหัสค่าย,ค่ายเกม,ยอดเดิมพัน,ยอดเดิมพันที่ยกเลิก,ยอดชนะ,GGR (กำไรขั้นต้น)')
    expect(lines).toContain('pragmaticplay,Pragmatic Play,30.10,0.00,0.00,30.10')
    expect(lines.at(-1)).toBe(
      `รวม,,${await ledgerText('game_bet')},${await ledgerText('game_rollback')},${await ledgerText('game_win')},${(await report('ggr-by-provider')).json().data.totals.ggr.toFixed(2)}`,
    )
  })

  it('writes Thai titles and exact amounts for every report', async () => {
    for (const id of REPORT_IDS) {
      const res = await csv(id)
      expect(res.statusCode, id).toBe(200)
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n')
      expect(lines[0]).toBe(REPORTS[id].columns.map((c) => c.label).join(','))
      expect(lines.at(-1)!.startsWith('รวม,')).toBe(true)
    }
    const bonus = (await csv('bonus-by-promotion')).body
    expect(bonus).toContain(',โปรรายงาน,1,100.00,0.00,100.00')
    expect(bonus.trimEnd().split('\n').at(-1)).toContain(`,${await ledgerText('promotion_bonus')},`)
  })

  // That the rows leave before the rest is read is shown in reports.service.test.ts; here, that HTTP carries them so.
  it('streams a year of rows over HTTP without a length', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/api/backoffice/reports/payments-by-day/csv?from=2025-11-03&to=2026-11-03`, {
      headers: { authorization: `Bearer ${finance}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('transfer-encoding')).toBe('chunked')
    const lines = (await res.text()).trimEnd().split('\n')
    // The heading, 366 days, the totals.
    expect(lines).toHaveLength(368)
    expect(lines[1]).toBe('2025-11-03,0.00,0,0.00,0,0.00')
    expect(lines.at(-1)).toMatch(/^รวม,/)
  })
})

describe('the report queries', () => {
  it('read transfers through their (kind, created_at) index and other tables by key, bounded by the range', async () => {
    const { start } = bangkokDayRange(DAY)
    const { end } = bangkokDayRange(NEXT)
    const plans = [
      reportQueries.kindsByDay(['deposit', 'withdraw_payout'], start, end),
      reportQueries.ggrByProvider(start, end, null, 500),
      reportQueries.ggrByGame(start, end, { provider: 'pgsoft', game: '' }, 500),
      reportQueries.depositsByAccount(start, end, null, 500),
      reportQueries.bonusByPromotion(start, end, null, 500),
      reportQueries.playersWith('game_bet', 'debit', start, end, true),
    ]
    // A test database is tiny, so the planner would rather scan; forbidding that shows an index serves each query.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      for (const query of plans) {
        const plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n')
        expect(plan).toContain('transfers_kind_created_idx')
        expect(plan).not.toMatch(/Seq Scan on (transfers|deposits|game_rounds|player_promotions|accounts)\b/)
      }
      const players = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${reportQueries.newPlayersByDay(start, end)}`))
      expect(players.map((r) => r['QUERY PLAN']).join('\n')).toContain('players_created_idx')
      // With the day before rolled up and two hours of the range in the hourly sums: those by their key's leading hour,
      // the transfers after them by the index still.
      const rolled = { day: addDays(DAY, -1), hour: new Date(start.getTime() + 3_600_000).toISOString() }
      const withHours = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${reportQueries.ggrByGame(start, end, null, 500, rolled)}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n')
      expect(withHours).toMatch(/Index (Only )?Scan .*on report_hour_sums/)
      expect(withHours).toMatch(/Index Cond: \(\(hour >= /)
      expect(withHours).toContain('transfers_kind_created_idx')
    })
  })

  // Issue 40 §4: today's transfers are read by every report of a range that holds today, so each report looks up only
  // what it groups by. On PGlite a year's GGR by provider looked every one of the day's bets' rounds up as well: about
  // 100 ms more for 10,000 bets (ADR 097, fourth amendment).
  it('look up, for the days not rolled up, only the tables each report groups by', async () => {
    const { start } = bangkokDayRange(DAY)
    const { end } = bangkokDayRange(NEXT)
    const lookedUp = async (query: SQL) => {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.db.execute(sql`explain ${query}`)).map((r) => r['QUERY PLAN'])
      return [...new Set(plan.flatMap((line) => [...line.matchAll(/ on (accounts|game_rounds|deposits|player_promotions)\b/g)].map((m) => m[1])))].sort()
    }
    expect(await lookedUp(reportQueries.kindsByDay(['game_bet', 'deposit', 'promotion_bonus'], start, end))).toEqual([])
    expect(await lookedUp(reportQueries.ggrByProvider(start, end, null, 500))).toEqual(['accounts'])
    expect(await lookedUp(reportQueries.ggrByGame(start, end, null, 500))).toEqual(['accounts', 'game_rounds'])
    expect(await lookedUp(reportQueries.depositsByAccount(start, end, null, 500))).toEqual(['deposits'])
    expect(await lookedUp(reportQueries.bonusByPromotion(start, end, null, 500))).toEqual(['accounts', 'player_promotions'])
  })

  // Issue 40 §4: a day's rollup must cost that day's transfers, not the history. With joins the planner hashed every
  // account and every deposit for each day (2.7 s a day at 20 million transfers). Even with nested loops and scans
  // discouraged, each transfer's account, round, deposit and promotion is looked up by its key: no table beside the
  // transfers is read whole.
  it("roll a day up from that day's transfers, looking each one's account, round, deposit and promotion up by key", async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_nestloop = off`)
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${reportQueries.rollUpDay(DAY, new Date())}`)).map((r) => r['QUERY PLAN'])
      const text = plan.join('\n')
      expect(text).toContain('transfers_kind_created_idx')
      expect(text).not.toContain('Seq Scan')
      // Every scan of a table beside the transfers has a condition on its key (the next line).
      const scans = plan.flatMap((line, i) => (/Scan .* on (accounts|deposits|game_rounds|player_promotions)\b/.test(line) ? [`${line}\n${plan[i + 1]}`] : []))
      expect(scans.length).toBeGreaterThanOrEqual(4)
      for (const scan of scans) expect(scan).toMatch(/(Index|Recheck) Cond: \(\(?(id|provider_code|deposit_id) = /)
    })
  })
})
