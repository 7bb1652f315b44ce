// Game session tokens are stored only as hashes, in the seamless log too (issue 10, point 3). Named *.routes.test.ts
// so it also runs on PostgreSQL.
import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { fund, loginPlayer } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { seamlessLog } from '../../db/schema.ts'
import { sha256 } from '../../lib/crypto.ts'
import { rowsOf } from '../../db/rows.ts'
import { redactSessionToken } from './seamless.service.ts'

const t = useTestApp({ verifyLedger: 'end' })

const uid = () => crypto.randomUUID()

/** Every row of every table in the public schema, as text. */
async function everyStoredRow(): Promise<string[]> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  )
  const out: string[] = []
  for (const { table_name } of tables) {
    const rows = rowsOf<{ row: string }>(await t.db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`))
    out.push(...rows.map((r) => `${table_name}: ${r.row}`))
  }
  return out
}

describe('game session tokens at rest', () => {
  it('no stored row holds the raw token after a launch, bets, a win, a rollback and refused calls; the log keeps its hash', async () => {
    const player = await makePlayer(t.db)
    await fund(t, player, 100)
    const session = await launch(t, await loginPlayer(t, player))
    const round = uid()
    const bet = uid()
    const calls = [
      ['bet', { session_token: session, round_id: round, tx_id: bet, amount: '10.00', game_code: 'fortune_ox' }],
      ['bet', { session_token: session, round_id: round, tx_id: uid(), amount: '1000.00', game_code: 'fortune_ox' }],
      ['win', { session_token: session, round_id: round, tx_id: uid(), amount: '5.00', game_code: 'fortune_ox' }],
      ['rollback', { session_token: session, round_id: round, tx_id: uid(), ref_tx_id: bet }],
      ['balance', { session_token: session }],
      // A bad body is logged too (BAD_REQUEST), and a token of another provider (INVALID_SESSION).
      ['bet', { session_token: session, round_id: round, tx_id: uid(), amount: 'ten' }],
    ] as const
    for (const [op, body] of calls) expect((await callSeamless(t, 'pgsoft', op, body)).statusCode).toBeLessThan(500)
    await callSeamless(t, 'jili', 'bet', { session_token: session, round_id: uid(), tx_id: uid(), amount: '1.00' })

    const rows = await everyStoredRow()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.filter((row) => row.includes(session))).toEqual([])

    const hashed = `sha256:${sha256(session).toString('hex')}`
    const logged = await t.db
      .select()
      .from(seamlessLog)
      .where(sql`${seamlessLog.request} like ${`%${hashed}%`}`)
    expect(logged).toHaveLength(calls.length + 1)
    // Still the provider's bytes otherwise: the dispute record keeps every other field as sent.
    const first = logged.find((l) => l.txId === bet)!
    expect(JSON.parse(first.request)).toMatchObject({ session_token: hashed, round_id: round, tx_id: bet, amount: '10.00', game_code: 'fortune_ox' })
  })

  it('redacts the token whatever way the provider escaped it', () => {
    const token = 'abc-DEF_123'
    const hashed = `sha256:${sha256(token).toString('hex')}`
    const plain = `{"request_id":"r1", "session_token":"${token}","tx_id":"t"}`
    expect(redactSessionToken(plain, JSON.parse(plain))).toBe(`{"request_id":"r1", "session_token":"${hashed}","tx_id":"t"}`)
    const escaped = `{"session_token":"\\u0061bc-DEF_123","tx_id":"t"}`
    const stored = redactSessionToken(escaped, JSON.parse(escaped))
    expect(stored).not.toContain('bc-DEF_123')
    expect(JSON.parse(stored)).toEqual({ session_token: hashed, tx_id: 't' })
    expect(redactSessionToken('{"tx_id":"t"}', { tx_id: 't' })).toBe('{"tx_id":"t"}')
  })

  it('the migration gives rows logged before it the same redaction, and cannot be stopped by an unreadable row', async () => {
    const token = `old-${uid()}`
    const readable = await t.db
      .insert(seamlessLog)
      .values({
        providerCode: 'pgsoft',
        op: 'bet',
        requestId: 'old-1',
        txId: `old-${uid()}`,
        request: `{"session_token":"${token}","tx_id":"x"}`,
        response: '{}',
        httpStatus: 200,
      })
      .returning()
    // JSON.parse accepts \u0000; PostgreSQL's jsonb does not.
    const unreadable = await t.db
      .insert(seamlessLog)
      .values({
        providerCode: 'pgsoft',
        op: 'bet',
        requestId: 'old-2',
        txId: `old-${uid()}`,
        request: `{"session_token":"${token}","note":"\\u0000"}`,
        response: '{}',
        httpStatus: 200,
      })
      .returning()
    const migration = await readFile(new URL('../../db/migrations/0007_redact_game_session_tokens.sql', import.meta.url), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))

    const [a] = await t.db.select().from(seamlessLog).where(eq(seamlessLog.id, readable[0]!.id))
    expect(JSON.parse(a!.request)).toEqual({ session_token: `sha256:${sha256(token).toString('hex')}`, tx_id: 'x' })
    const [b] = await t.db.select().from(seamlessLog).where(eq(seamlessLog.id, unreadable[0]!.id))
    expect(b!.request).not.toContain(token)
    expect(b!.request).toContain('"session_token":"[redacted]"')
    // Still append-only afterwards.
    await expect(t.db.delete(seamlessLog).where(eq(seamlessLog.id, a!.id))).rejects.toThrow()
  })
})
