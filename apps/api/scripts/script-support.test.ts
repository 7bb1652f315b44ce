// The command-line tools on the multi-host DATABASE_URL the high-availability docs prescribe (ADR 054, issue 35):
// `npm run ledger:verify` and `npm run jobs:accrue` open the database through openConfiguredDatabase.
import { describe, expect, it } from 'vitest'
import { testConfig } from '../src/config.ts'
import { openConfiguredDatabase, postgresLabel, Problem } from './script-support.ts'

/** Ports nothing listens on: the connection is refused at once. */
const DEAD = ['127.0.0.1:1', '127.0.0.1:2']

describe('the tools on a DATABASE_URL of several servers', () => {
  it('names every server and the database, never the password', () => {
    // secretlint-disable-next-line -- a made-up password: the test shows it is never printed
    const url = 'postgres://sanam_app:s3cret@db1.internal:5432,db2.internal:5433,[::1]/sanam?target_session_attrs=read-write&sslmode=require'
    expect(postgresLabel(url)).toBe('PostgreSQL db1.internal:5432,db2.internal:5433,[::1]:5432/sanam')
    expect(postgresLabel('postgres://app:pw@db/sanam')).toBe('PostgreSQL db:5432/sanam')
  })

  it('says which servers it could not reach (not "Invalid URL")', async () => {
    // secretlint-disable-next-line -- a made-up password: the test shows it is never printed
    const url = `postgres://sanam_app:s3cret@${DEAD.join(',')}/sanam?target_session_attrs=read-write`
    const opening = openConfiguredDatabase(testConfig({ DATABASE_URL: url }), { tables: [], online: 'the server' })
    await expect(opening).rejects.toThrow(Problem)
    await expect(opening).rejects.toThrow(`Cannot reach PostgreSQL ${DEAD.join(',')}/sanam`)
  })

  it.runIf(process.env.TEST_DATABASE_URL)('opens the writable server of the list when the first is down', async () => {
    const live = new URL(process.env.TEST_DATABASE_URL!)
    const server = `${live.hostname}:${live.port || 5432}`
    const credentials = live.username ? `${live.username}${live.password ? `:${live.password}` : ''}@` : ''
    const url = `postgres://${credentials}${DEAD[0]},${server}/postgres?target_session_attrs=read-write`
    const { database, where } = await openConfiguredDatabase(testConfig({ DATABASE_URL: url }), { tables: [], online: 'the server' })
    try {
      expect(where).toBe(`PostgreSQL ${DEAD[0]},${server}/postgres`)
      expect(await database.ping()).toBe(true)
    } finally {
      await database.close()
    }
  })
})
