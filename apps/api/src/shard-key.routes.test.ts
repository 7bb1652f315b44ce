import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { makePlayer } from '../test/factories.ts'
import { bearer, expectLedgerOk, fund, loginPlayer } from '../test/money.ts'
import { signInOperator } from '../test/operators.ts'
import { launch, sendMoney, callSeamless } from '../test/seamless.ts'
import { earner, referralOptions, transfer } from '../test/referral.ts'
import { captureStatements } from '../test/statements.ts'

// Past one primary (issue 40 §6, ADR 093): on Citus every table that holds a player's money is distributed by the
// player, and a statement routes to one shard only when it names the player. The money paths run here with every
// statement captured, and each statement that writes or locks a money table must name `player_id`, except the shapes
// ADR 093 lists as the steps still to take (each with what it needs). A new statement that does not is a failure, and
// so is a listed shape that no longer occurs (the list only shrinks).

// The referral terms' settings: the accrual's day lies weeks before the clock's start (test/referral.ts).
const t = useTestApp(referralOptions())

/** The tables a player's money is in, each with its player key: the column it is distributed by on Citus (ADR 093). */
const PLAYER_KEY = {
  accounts: 'player_id',
  transfers: 'player_id',
  seamless_transactions: 'player_id',
  game_rounds: 'player_id',
  player_day_turnover: 'player_id',
  deposits: 'player_id',
  withdrawals: 'player_id',
  wallet_payouts: 'player_id',
  player_promotions: 'player_id',
  accruals: 'beneficiary_id',
  approvals: 'player_id',
} as const
type MoneyTable = keyof typeof PLAYER_KEY
const MONEY_TABLES = Object.keys(PLAYER_KEY) as MoneyTable[]

/**
 * The shapes that do not name the player yet, each the step of ADR 093 that makes it: `<what> <table>`, where what is
 * `insert into`, `update`, `delete from` or `lock` (a SELECT … FOR UPDATE).
 */
const NOT_YET: Record<string, string> = {
  'insert into accounts': 'the house accounts (no player) become a reference table of their own (step 1)',
  'insert into transfers': 'transfers gets player_id, the player side of the movement (step 1)',
  'update accounts': 'ledger_move: each delta carries its account’s player_id and the update compares it (step 2)',
  'lock accounts': 'ledger_move’s lock of the accounts it moves: the same (step 2)',
  'update seamless_transactions': 'seamless_record: the claims’ update names their player (step 2)',
  'lock seamless_transactions': 'a win’s or rollback’s read of the bets it names, by the session’s player (step 2)',
  'lock game_rounds': 'the rounds read under lock, by the session’s player (step 2)',
  'update game_rounds': 'a rollback’s update of its round, by the player (step 2)',
  'update deposits': 'a deposit credited names the player it credits, or the unmatched stay on a reference table (step 2)',
  'lock withdrawals': 'a withdrawal read for its decision names its player (the desk has it) (step 2)',
  'update withdrawals': 'a withdrawal’s decision names its player (step 2)',
  'lock approvals': 'an approval read for its decision names its player (step 2)',
}

const normalized = (statement: string) => statement.replace(/\s+/g, ' ').replace(/"/g, '').toLowerCase()

/** A comparison that names `table`'s player key: `player_id = …`, `player_id in (…)`, `… = any(…player_id)` and the like. */
const comparesPlayer = (table: MoneyTable, text: string) =>
  new RegExp(`\\b${PLAYER_KEY[table]}\\s*(=|in\\s*\\()|=\\s*(any\\s*\\(\\s*)?[\\w.]*${PLAYER_KEY[table]}\\b`).test(text)

/**
 * What one statement does to the money tables, each shape (`insert into`, `update`, `delete from` or `lock`, a
 * SELECT … FOR UPDATE, and the table) with whether that part of it names the player the way Citus routes by: an insert
 * whose column list has player_id; an update, a delete or a locking read whose conditions compare player_id. Read
 * from the statement's text, part by part (the part runs to its RETURNING, or to the FOR UPDATE it locks with).
 */
function shapes(statement: string): Array<{ shape: string; byPlayer: boolean }> {
  const text = normalized(statement)
  const found: Array<{ shape: string; byPlayer: boolean }> = []
  const upTo = (from: number, end: RegExp) => {
    const rest = text.slice(from)
    const stop = end.exec(rest)
    return stop ? rest.slice(0, stop.index) : rest
  }
  const conditionsOf = (part: string) => (part.includes(' where ') ? part.slice(part.indexOf(' where ')) : '')
  for (const table of MONEY_TABLES) {
    const name = `(?:public\\.)?${table}\\b`
    for (const m of text.matchAll(new RegExp(`insert into ${name}(?: as \\w+)? \\(([^)]*)\\)`, 'g')))
      found.push({ shape: `insert into ${table}`, byPlayer: new RegExp(`\\b${PLAYER_KEY[table]}\\b`).test(m[1]!) })
    for (const what of ['update', 'delete from'])
      for (const m of text.matchAll(new RegExp(`\\b${what} ${name}`, 'g')))
        found.push({ shape: `${what} ${table}`, byPlayer: comparesPlayer(table, conditionsOf(upTo(m.index, /\breturning\b/))) })
  }
  // A locking read locks the money table of the last FROM or JOIN before its FOR UPDATE (the subqueries between read
  // arrays), and names the player when the text between them compares player_id.
  const table = new RegExp(`\\b(?:from|join) (?:public\\.)?(${MONEY_TABLES.join('|')})\\b`, 'g')
  for (const lock of text.matchAll(/\bfor (?:no key )?update\b/g)) {
    const before = [...text.slice(0, lock.index).matchAll(table)].at(-1)
    if (before) found.push({ shape: `lock ${before[1]}`, byPlayer: comparesPlayer(before[1] as MoneyTable, text.slice(before.index, lock.index)) })
  }
  return found
}

/**
 * The statements of the money paths: a deposit, bets, a win, a rollback, a withdrawal paid and one refused, a day's
 * referral commission and rebate accrued, and both wallets moved to cash.
 */
async function moneyPaths() {
  const player = await makePlayer(t.db)
  await fund(t, player, 2_000)
  const token = await loginPlayer(t, player)
  const session = await launch(t, token)
  const round = `shard-${randomUUID()}`
  const bet = randomUUID()
  expect((await sendMoney(t, 'bet', { session, round, tx: bet, amount: '10.00' })).json().status).toBe('OK')
  expect((await sendMoney(t, 'bet', { session, round, tx: randomUUID(), amount: '5.00' })).json().status).toBe('OK')
  expect((await sendMoney(t, 'win', { session, round, tx: randomUUID(), amount: '30.00' })).json().status).toBe('OK')
  const other = `shard-${randomUUID()}`
  const refunded = randomUUID()
  expect((await sendMoney(t, 'bet', { session, round: other, tx: refunded, amount: '7.00' })).json().status).toBe('OK')
  const rollback = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: other, tx_id: randomUUID(), ref_tx_id: refunded })
  expect(rollback.json().status, rollback.body).toBe('OK')
  const finance = await signInOperator(t, 'finance')
  for (const decision of ['approve', 'reject'] as const) {
    const asked = await t.post('/api/wallet/withdraw', { amount: 100 }, token)
    expect(asked.statusCode, asked.body).toBe(200)
    const id = asked.json().data.id as number
    const payload = decision === 'approve' ? { payout_ref: `REF-${id}` } : { reason: 'ชื่อบัญชีไม่ตรง' }
    const decided = await t.app.inject({ method: 'POST', url: `/api/backoffice/withdrawals/${id}/${decision}`, headers: bearer(finance.token), payload })
    expect(decided.statusCode, decided.body).toBe(200)
  }
  // Above the bonus wallet's least payout (300 baht).
  const upline = await earner(t, 300.5, 0.5)
  for (const wallet of ['bonus', 'refund'] as const) expect((await transfer(t, upline, wallet)).statusCode).toBe(200)
}

describe('what a statement does to the money tables, read from its text', () => {
  it.each([
    ['select id, balance from accounts where player_id = any($1::bigint[]) and kind = $2 order by player_id for update', 'lock accounts', true],
    ['select a.id from accounts a where a.id in (select id from v) order by a.id for update', 'lock accounts', false],
    ['select * from game_rounds where (provider_code, round_id) in (select * from unnest($1::text[], $2::text[])) for update', 'lock game_rounds', false],
    ['update accounts a set balance = a.balance + v.delta from v where a.id = v.id returning a.id', 'update accounts', false],
    ['update accounts set balance = 0 where player_id = $1 and kind = $2', 'update accounts', true],
    ['update deposits set status = $1, player_id = $2 where deposits.id = $3', 'update deposits', false],
    ['insert into transfers (idempotency_key, amount) select * from unnest($1::text[], $2::bigint[])', 'insert into transfers', false],
    ['insert into game_rounds as g (provider_code, round_id, player_id) values ($1, $2, $3)', 'insert into game_rounds', true],
    ['delete from withdrawals where id = $1', 'delete from withdrawals', false],
  ])('%s: %s, by player %s', (statement, shape, byPlayer) => {
    expect(shapes(statement)).toEqual([{ shape, byPlayer }])
  })
})

describe('every money statement names the player (the shard key on Citus)', () => {
  it('writes and locks the money tables only by player, but for the shapes ADR 093 still has to route', async () => {
    const { statements } = await captureStatements(t.db, moneyPaths)
    await expectLedgerOk(t)
    const seen = new Map<string, { byPlayer: boolean; text: string }[]>()
    for (const text of statements) for (const { shape, byPlayer } of shapes(text)) seen.set(shape, [...(seen.get(shape) ?? []), { byPlayer, text }])
    // The capture saw the paths: the money moved through the ledger's statements.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['insert into transfers', 'update accounts', 'insert into seamless_transactions']))
    const notByPlayer = (shape: string) => (seen.get(shape) ?? []).filter((part) => !part.byPlayer)
    const unrouted = [...seen.keys()].filter((shape) => !(shape in NOT_YET) && notByPlayer(shape).length > 0)
    expect(
      unrouted.map((shape) => `${shape}: ${normalized(notByPlayer(shape)[0]!.text).slice(0, 300)}`),
      'a statement on a money table that does not name its player key',
    ).toEqual([])
    // Every listed step is still needed by some statement: a shape routed by player leaves the list.
    expect(Object.keys(NOT_YET).filter((shape) => notByPlayer(shape).length > 0)).toEqual(Object.keys(NOT_YET))
  })
})

describe('the bet batch function names the player in every money statement (ADR 096)', () => {
  it('reads seamless_bet_batch from its migration: every write and lock of a money table by player, but for the listed shapes', () => {
    // A batch of bets is one call of the function (the capture above sees only the call): its statements are read
    // from the migration that creates it, comments left out, one statement to each `;`.
    const folder = new URL('./db/migrations/', import.meta.url)
    const sources = readdirSync(folder)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => readFileSync(new URL(file, folder), 'utf8'))
      .filter((text) => text.includes('CREATE FUNCTION seamless_bet_batch('))
    expect(sources).toHaveLength(1)
    const source = sources[0]!
    const body = source.slice(source.indexOf('CREATE FUNCTION seamless_bet_batch(')).replace(/--[^\n]*/g, '')
    const parts = body.split(';').flatMap((statement) => shapes(statement).map((part) => ({ ...part, statement })))
    expect(parts.map((part) => part.shape)).toEqual(
      expect.arrayContaining([
        'lock accounts',
        'update accounts',
        'insert into transfers',
        'insert into seamless_transactions',
        'update seamless_transactions',
        'insert into game_rounds',
        'insert into player_day_turnover',
        'update player_promotions',
      ]),
    )
    expect(
      parts.filter((part) => !part.byPlayer && !(part.shape in NOT_YET)).map((part) => `${part.shape}: ${normalized(part.statement).slice(0, 300)}`),
      'a statement of the bet function on a money table that does not name its player key',
    ).toEqual([])
    // Of the listed shapes, the function keeps only the two of step 1: the house account and the transfer rows.
    expect([...new Set(parts.filter((part) => !part.byPlayer).map((part) => part.shape))].sort()).toEqual(['insert into accounts', 'insert into transfers'])
  })
})
