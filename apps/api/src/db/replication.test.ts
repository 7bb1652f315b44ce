import { describe, expect, it } from 'vitest'
import { openPostgres } from './client.ts'
import { replicationState, synchronousStandbyProblems, type ReplicationState } from './replication.ts'

/** pg_auto_failover's primary with its standby streaming: `ANY 1 (pgautofailover_standby_2)`, quorum. */
const HEALTHY: ReplicationState = { names: 'ANY 1 (pgautofailover_standby_2)', commit: 'on', standbys: 1, synchronous: 1, hidden: 0 }

describe('synchronousStandbyProblems', () => {
  it('finds none while a synchronous standby is connected, also when this role may not see its state', () => {
    expect(synchronousStandbyProblems(HEALTHY)).toEqual([])
    expect(synchronousStandbyProblems({ ...HEALTHY, synchronous: 0, hidden: 1 })).toEqual([])
  })

  it('names each way a commit can be acknowledged, or wait, without a standby', () => {
    // A lone server, or pg_auto_failover's wait_primary (its standby lost): nothing is waited for.
    expect(synchronousStandbyProblems({ ...HEALTHY, names: '', standbys: 0, synchronous: 0 })).toEqual([
      'synchronous_standby_names is empty: no standby is waited for, so a commit is acknowledged once the primary alone has it',
    ])
    expect(synchronousStandbyProblems({ ...HEALTHY, standbys: 0, synchronous: 0 })).toEqual([
      'no standby is connected (synchronous_standby_names is ANY 1 (pgautofailover_standby_2)): every commit waits until one is',
    ])
    expect(synchronousStandbyProblems({ ...HEALTHY, synchronous: 0 })).toEqual([
      'no connected standby is synchronous (synchronous_standby_names is ANY 1 (pgautofailover_standby_2)): commits wait until one is',
    ])
    expect(synchronousStandbyProblems({ ...HEALTHY, commit: 'local' })).toEqual([
      'synchronous_commit is local: a commit is acknowledged before any standby has it (use on)',
    ])
  })
})

describe('replicationState', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'reads it on PostgreSQL (the e2e failover spec starts a server on a primary with and without its standby)',
    async () => {
      const database = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
      try {
        const state = await replicationState(database.db)
        expect(state).toMatchObject({ names: expect.any(String) as unknown, commit: expect.any(String) as unknown })
        expect(state.synchronous + state.hidden).toBeLessThanOrEqual(state.standbys)
      } finally {
        await database.close()
      }
    },
  )
})
