import { describe, expect, it } from 'vitest'
import { sameGroup, type OperatorEdge } from './operator-relations.ts'

// The groups of ADR 070: a person is every account it made, reset, promoted or re-phoned, and every account those did.

const edge = (by: number | null, operator: number): OperatorEdge => ({ by, operator })

describe('sameGroup', () => {
  it('joins an operator with the one that created it, and two operators one owner created', () => {
    const edges = [edge(null, 1), edge(null, 2), edge(1, 10), edge(1, 11), edge(2, 20)]
    expect(sameGroup(edges, 10, 1)).toBe(true)
    expect(sameGroup(edges, 10, 11)).toBe(true)
    expect(sameGroup(edges, 10, 20)).toBe(false)
    expect(sameGroup(edges, 1, 2)).toBe(false)
  })

  it('follows every account an account made, however deep', () => {
    // Owner 1 created 10, promoted later to owner; 10 created 30; 30 created 40: all one person's reach.
    const edges = [edge(null, 1), edge(1, 10), edge(10, 30), edge(30, 40), edge(null, 2), edge(2, 50)]
    expect(sameGroup(edges, 40, 1)).toBe(true)
    expect(sameGroup(edges, 40, 50)).toBe(false)
  })

  it('joins through either end: an operator two owners both changed ties the two owners', () => {
    const edges = [edge(1, 10), edge(2, 10), edge(2, 20)]
    expect(sameGroup(edges, 1, 20)).toBe(true)
  })

  it('never joins through set-up, and an operator is its own group', () => {
    const edges = [edge(null, 1), edge(null, 2)]
    expect(sameGroup(edges, 1, 2)).toBe(false)
    expect(sameGroup(edges, 3, 3)).toBe(true)
    expect(sameGroup([], 3, 4)).toBe(false)
  })
})
