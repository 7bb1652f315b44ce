import { describe, expect, it } from 'vitest'
import { openPostgres } from './client.ts'
import { connectionBudgetProblem, connectionsAccepted } from './connection-budget.ts'

describe('connectionBudgetProblem', () => {
  const accepted = { max: 100, reserved: 3 }

  it('finds none while every process can open its whole pool and its listener', () => {
    expect(connectionBudgetProblem({ processes: 1, poolMax: 20 }, accepted)).toBeUndefined()
    // 4 × 21 = 84, and 97 accepted.
    expect(connectionBudgetProblem({ processes: 4, poolMax: 20 }, accepted)).toBeUndefined()
    expect(connectionBudgetProblem({ processes: 1, poolMax: 96 }, accepted)).toBeUndefined()
  })

  it('names the sum and what PostgreSQL accepts when the processes could open more', () => {
    expect(connectionBudgetProblem({ processes: 5, poolMax: 20 }, accepted)).toBe(
      'API_PROCESSES × (DB_POOL_MAX + 1) = 5 × (20 + 1) = 105 connections, but PostgreSQL accepts 97 (max_connections 100 less 3 ' +
        'reserved): under load the last are refused. Lower DB_POOL_MAX or API_PROCESSES, or raise max_connections',
    )
    expect(connectionBudgetProblem({ processes: 1, poolMax: 97 }, accepted)).toMatch(/^API_PROCESSES × \(DB_POOL_MAX \+ 1\) = 1 × \(97 \+ 1\) = 98 /)
  })
})

describe('connectionsAccepted', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('reads max_connections and the superusers’ reserve on PostgreSQL', async () => {
    const database = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
    try {
      const accepted = await connectionsAccepted(database.db)
      expect(accepted.max).toBeGreaterThan(accepted.reserved)
      expect(accepted.reserved).toBeGreaterThanOrEqual(0)
    } finally {
      await database.close()
    }
  })
})
