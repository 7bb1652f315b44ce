// The masked-account index (ADR 063) against the SQL that builds it: the key a statement's mask is looked up by
// (`windowKey`) must be one the database filed every matching account under, or the matcher would miss the sender.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { maskedAccount } from '../../../test/masked-account.ts'
import { rowsOf } from '../../db/rows.ts'
import { likePattern, parseSenderAccount, windowKey } from './account-match.ts'
import { depositsRepository } from './deposits.repository.ts'

const t = useTestApp()

describe('the masked-account index', () => {
  it('files every account under the key of each mask that matches it', async () => {
    await fc.assert(
      fc.asyncProperty(maskedAccount, async ({ account, chars, render }) => {
        const parsed = parseSenderAccount(render(chars))
        if (!parsed) throw new Error(`unreadable mask ${render(chars)}`)
        const key = windowKey('014', parsed)
        if (key === null) return
        const [row] = rowsOf<{ filed: boolean }>(await t.db.execute(sql`select bank_account_windows('014', ${account}) @> array[${key}]::text[] as filed`))
        expect(row?.filed).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('finds the players a mask shows through the index, and only them', async () => {
    const sender = await makePlayer(t.db, { bankCode: '025', bankAccount: '3019928475' })
    const sameTail = await makePlayer(t.db, { bankCode: '025', bankAccount: '9999928475' })
    await makePlayer(t.db, { bankCode: '025', bankAccount: '3019938476' })
    await makePlayer(t.db, { bankCode: '030', bankAccount: '3019928475' })
    const find = async (raw: string) => {
      const parsed = parseSenderAccount(raw)!
      const rows = await depositsRepository.candidates(t.db, { bankCode: '025', accountLike: likePattern(parsed), window: windowKey('025', parsed) }, 10)
      return rows.map((r) => r.id).sort((a, b) => a - b)
    }
    expect(await find('xxx-x-x2847-x')).toEqual([sender.id, sameTail.id].sort((a, b) => a - b))
    expect(await find('xx1-9-92847-x')).toEqual([sender.id])
    expect(await find('******8475')).toEqual([sender.id, sameTail.id].sort((a, b) => a - b))
  })
})
