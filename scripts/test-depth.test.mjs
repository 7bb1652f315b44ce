import { describe, expect, it } from 'vitest'
import { atDepth, testDepth } from './test-depth.mjs'

describe('the tests’ depth (ADR 103)', () => {
  it('is the sample when SANAM_TEST_DEPTH is unset or empty, and full when it says so', () => {
    expect(testDepth({})).toBe('sample')
    expect(testDepth({ SANAM_TEST_DEPTH: '' })).toBe('sample')
    expect(testDepth({ SANAM_TEST_DEPTH: 'full' })).toBe('full')
    expect(atDepth({ sample: 150, full: 1_000 }, {})).toBe(150)
    expect(atDepth({ sample: 150, full: 1_000 }, { SANAM_TEST_DEPTH: 'full' })).toBe(1_000)
  })

  it('stops the run on a value it does not know, rather than choosing a depth for it', () => {
    expect(() => testDepth({ SANAM_TEST_DEPTH: 'ful' })).toThrow('SANAM_TEST_DEPTH=ful is not a depth: use sample or full')
    expect(() => atDepth({ sample: 1, full: 2 }, { SANAM_TEST_DEPTH: 'FULL' })).toThrow(/not a depth/)
  })
})
