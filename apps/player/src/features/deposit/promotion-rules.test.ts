import { describe, expect, it } from 'vitest'
import { describeRule } from './promotion-rules.ts'

describe('promotion rules in Thai (spec §3)', () => {
  it.each([
    [{ type: 'TURNOVER_BY_MUTIPLE', value: 5 }, 'ทำยอดเทิร์นโอเวอร์ 5 เท่าของยอดฝาก'],
    [{ type: 'TURNOVER_BY_CREDIT', value: 1000 }, 'ถอนได้เมื่อมียอดเครดิตถึง 1,000 บาท'],
    [{ type: 'MIN_DEPOSIT', value: 300 }, 'ฝากขั้นต่ำ 300 บาท'],
    [{ type: 'MAX_DEPOSIT', value: '5000' }, 'ฝากได้สูงสุด 5,000 บาท'],
    [{ type: 'MIN_WITHDRAW', value: 300 }, 'ถอนขั้นต่ำ 300 บาท'],
    [{ type: 'MAX_WITHDRAW', value: 3000 }, 'ถอนได้สูงสุด 3,000 บาท'],
    [{ type: 'MAX_BONUS', value: 500.5 }, 'โบนัสสูงสุด 500.5 บาท'],
    [{ type: 'OLD_MEMBER', value: 1 }, 'สำหรับสมาชิกเก่าเท่านั้น'],
    [{ type: 'NEW_MEMBER', value: 1 }, 'สำหรับสมาชิกใหม่เท่านั้น'],
    [{ type: 'PROHIBITED_GAMES_TYPE', value: [4, 10, 12] }, 'ห้ามเล่นเกมประเภท: ยิงปลา, ฟังกี้เกม, ประเภท 12'],
    [{ type: 'PROHIBITED_GAMES_TYPE', value: '1' }, 'ห้ามเล่นเกมประเภท: สล็อต'],
    [{ type: 'PROHIBITED_GAMES_PROVIDER', value: ['sbo', 'saba'] }, 'ห้ามเล่นเกมค่าย: sbo, saba'],
    [{ type: 'PROHIBITED_GAMES_PROVIDER', value: 'evo' }, 'ห้ามเล่นเกมค่าย: evo'],
  ])('%j → %s', (rule, text) => {
    expect(describeRule(rule)).toBe(text)
  })

  it('names prohibited providers by their catalogue title, and a code it does not know as it is', () => {
    const titles: Record<string, string> = { evo: 'Evolution Gaming', sbo: 'SBOBET' }
    const title = (code: string) => titles[code] ?? code
    expect(describeRule({ type: 'PROHIBITED_GAMES_PROVIDER', value: ['evo', 'sbo', 'gone'] }, title)).toBe('ห้ามเล่นเกมค่าย: Evolution Gaming, SBOBET, gone')
  })

  it('shows an unknown type, or a value it cannot read, as type and value', () => {
    expect(describeRule({ type: 'LUCKY_DAY', value: ['fri', 'sat'] })).toBe('LUCKY_DAY: fri, sat')
    expect(describeRule({ type: 'MIN_DEPOSIT', value: 'abc' })).toBe('MIN_DEPOSIT: abc')
    expect(describeRule({ type: 'NEW_MEMBER', value: 0 })).toBe('NEW_MEMBER: 0')
    expect(describeRule({ type: 'WEIRD', value: { a: 1 } })).toBe('WEIRD: {"a":1}')
  })
})
