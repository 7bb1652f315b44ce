import { describe, expect, it } from 'vitest'
import { gameTypeName } from './game-types.ts'

describe('gameTypeName', () => {
  it.each([
    [1, 'สล็อต'],
    [2, 'เกมไพ่'],
    [3, 'เกมเสมือนจริง'],
    [4, 'ยิงปลา'],
    [5, 'คาสิโน'],
    [6, 'กีฬา'],
    [7, 'เทรดหุ้น'],
    [8, 'หวย'],
    [9, 'บิงโก'],
    [10, 'ฟังกี้เกม'],
    [11, 'คาสิโนเสมือน'],
  ])('names type %i as in the copy deck', (n, name) => {
    expect(gameTypeName(n)).toBe(name)
  })

  it.each([0, 12, -1, 99, 1.5])('reads an unknown type %s as ประเภท N', (n) => {
    expect(gameTypeName(n)).toBe(`ประเภท ${n}`)
  })
})
