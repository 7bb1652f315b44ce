// The prohibited-games rule of a promotion (spec §3) lives twice: in TypeScript, `isProhibited` (the launch guard and
// the lobby), and in SQL, `seamless_prohibited` (migration 0045), which the bet function `seamless_bet_batch` applies
// to a bet's turnover (ADR 096). This runs one table of cases through both and fails when they answer differently, so
// a change to one side that is not made to the other is caught. The rules go in as the JSON text the database keeps
// (jsonb), read on the TypeScript side as node-postgres reads it (JSON.parse). Named *.routes.test.ts so that it also
// runs on PostgreSQL.
import { gameTypeNumbers } from '@sanam/contract'
import { isProhibited } from '@sanam/contract/promotions/rules'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { rowsOf } from '../../db/rows.ts'

const t = useTestApp()

const providers = (value: string) => `[{"type":"PROHIBITED_GAMES_PROVIDER","value":${value}}]`
const types = (value: string) => `[{"type":"PROHIBITED_GAMES_TYPE","value":${value}}]`

/** [what it shows, the rules as jsonb text, the game's provider, the game's catalogue type (null: not in the catalogue), the answer]. */
const cases: Array<[string, string, string, string | null, boolean]> = [
  ['no rules', '[]', 'pgsoft', 'SLOT', false],
  ['rules that are no list', '{"type":"PROHIBITED_GAMES_PROVIDER","value":"pgsoft"}', 'pgsoft', 'SLOT', false],
  ['another rule type', '[{"type":"MIN_DEPOSIT","value":"pgsoft"}]', 'pgsoft', 'SLOT', false],
  ['a rule type in lower case', '[{"type":"prohibited_games_provider","value":"pgsoft"}]', 'pgsoft', 'SLOT', false],
  ['the provider, one value', providers('"pgsoft"'), 'pgsoft', 'SLOT', true],
  ['the provider in a list', providers('["joker","pgsoft"]'), 'pgsoft', null, true],
  ['the provider in capitals and spaces', providers('[" PGSoft "]'), 'pgsoft', 'SLOT', true],
  ['the provider named in capitals by the call', providers('"pgsoft"'), 'PGSOFT', 'SLOT', true],
  ['another provider', providers('["joker"]'), 'pgsoft', 'SLOT', false],
  ['the provider as a number', providers('[7]'), '7', 'SLOT', true],
  ['the type by name', types('"slot"'), 'pgsoft', 'SLOT', true],
  ['the type by name in capitals', types('["CARD","SLOT"]'), 'pgsoft', 'SLOT', true],
  ['the type by number', types('[1]'), 'pgsoft', 'SLOT', true],
  ['the type by number as text', types('[" 1 "]'), 'pgsoft', 'SLOT', true],
  ['the type by number written 1.0', types('[1.0]'), 'pgsoft', 'SLOT', true],
  ['the type by number written 1e0', types('[1e0]'), 'pgsoft', 'SLOT', true],
  ['a type sharing its number (CASINO_LIVE is 5)', types('[5]'), 'pgsoft', 'CASINO_LIVE', true],
  ['another type number', types('[2]'), 'pgsoft', 'SLOT', false],
  ['a fraction is no type number', types('[1.5]'), 'pgsoft', 'SLOT', false],
  ['a type with no number, by name', types('["newtype"]'), 'pgsoft', 'NEWTYPE', true],
  ['a type with no number, by a number', types('[1]'), 'pgsoft', 'NEWTYPE', false],
  ['a game not in the catalogue and a type rule', types('["slot",1]'), 'pgsoft', null, false],
  ['a game not in the catalogue and a provider rule', providers('"pgsoft"'), 'pgsoft', null, true],
  ['values neither text nor number are skipped', types('[true,null,{"a":"slot"},["slot"]]'), 'pgsoft', 'SLOT', false],
  ['a value that is a boolean', providers('true'), 'true', 'SLOT', false],
  ['a rule with no value', '[{"type":"PROHIBITED_GAMES_TYPE"}]', 'pgsoft', 'SLOT', false],
  ['two rules of a type, the second naming it', `[${types('"card"').slice(1, -1)},${types('"slot"').slice(1, -1)}]`, 'pgsoft', 'SLOT', true],
  ['both kinds, the type matching', `[${providers('"joker"').slice(1, -1)},${types('[1]').slice(1, -1)}]`, 'pgsoft', 'SLOT', true],
  ['tab, newline and return around', types('["\\tslot\\r\\n"]'), 'pgsoft', 'SLOT', true],
  ['a vertical tab and a form feed around', types('["\\u000bslot\\f"]'), 'pgsoft', 'SLOT', true],
  ['a no-break space before', types('["\\u00a0slot"]'), 'pgsoft', 'SLOT', true],
  ['an ideographic space and a byte-order mark around', types('["\\u3000slot\\ufeff"]'), 'pgsoft', 'SLOT', true],
  ['a line separator after the number', types('["1\\u2028"]'), 'pgsoft', 'SLOT', true],
  ['a space inside is kept', types('["sl ot"]'), 'pgsoft', 'SLOT', false],
  ['a zero-width space is no white space', types('["\\u200bslot"]'), 'pgsoft', 'SLOT', false],
]

it('answers every case of the prohibited-games rule alike in TypeScript (isProhibited) and in SQL (seamless_prohibited)', async () => {
  const typeNumbers = JSON.stringify(gameTypeNumbers)
  const got = []
  for (const [what, rules, provider, type, expected] of cases) {
    const [row] = rowsOf<{ prohibited: boolean }>(
      await t.db.execute(sql`select seamless_prohibited(${rules}::jsonb, ${provider}::text, ${type}::text, ${typeNumbers}::jsonb) as prohibited`),
    )
    const parsed: unknown = JSON.parse(rules)
    const typescript = isProhibited(Array.isArray(parsed) ? parsed : [], { provider, type })
    got.push({ what, typescript, sql: row?.prohibited, expected })
  }
  // Both sides against each other first (the parity), then against the answer each case is there to show.
  expect(got.filter((c) => c.typescript !== c.sql)).toEqual([])
  expect(got.filter((c) => c.typescript !== c.expected)).toEqual([])
})
