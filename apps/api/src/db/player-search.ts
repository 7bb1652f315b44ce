import { eq, ilike, like, or, sql, type SQL } from 'drizzle-orm'
import { players } from './schema.ts'

/** `text` as a LIKE pattern that matches it literally (`%`, `_` and `\` escaped). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * How an operator finds a player by one search text (issue 12 §4, §5), shared by every back-office search that names a
 * player: the phone starts with it, the bank account contains it, the name contains it (any case), or it is the
 * invite code. The trigram indexes on the phone, the account and this same name expression (ADR 056) serve the
 * contains-searches: no search reads every player.
 */
export function playerMatches(q: string): SQL {
  const text = literal(q.trim())
  return or(
    like(players.mobile, `${text}%`),
    like(players.bankAccount, `%${text}%`),
    ilike(sql`${players.firstname} || ' ' || ${players.surname}`, `%${text}%`),
    eq(players.inviteCode, q.trim().toUpperCase()),
  )!
}
