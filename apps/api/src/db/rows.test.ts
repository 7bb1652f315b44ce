import { describe, expect, it } from 'vitest'
import { insertedOrThrow, oneRow, updatedOrThrow } from './rows.ts'

/** A select as the helpers see it: awaited for its rows, or locked first; it records whether it was locked. */
function select<Row>(rows: Row[]) {
  const seen = { locked: false }
  const query = Object.assign(Promise.resolve(rows), {
    for(strength: 'update') {
      seen.locked = strength === 'update'
      return Promise.resolve(rows)
    },
  })
  return { query, seen }
}

describe('the row-access helpers', () => {
  it('oneRow reads the first row, and locks it only when asked', async () => {
    const plain = select([{ id: 1 }, { id: 2 }])
    expect(await oneRow(plain.query)).toEqual({ id: 1 })
    expect(plain.seen.locked).toBe(false)
    const locked = select([{ id: 7 }])
    expect(await oneRow(locked.query, true)).toEqual({ id: 7 })
    expect(locked.seen.locked).toBe(true)
    expect(await oneRow(select<{ id: number }>([]).query, true)).toBeUndefined()
  })

  it('an insert or update that returned no row is an error, not undefined', async () => {
    expect(await insertedOrThrow(Promise.resolve([{ id: 3 }]))).toEqual({ id: 3 })
    await expect(insertedOrThrow(Promise.resolve([]))).rejects.toThrow('insert returned no row')
    await expect(updatedOrThrow(Promise.resolve([]))).rejects.toThrow('update returned no row')
  })
})
