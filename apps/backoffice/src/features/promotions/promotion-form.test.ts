import { describe, expect, it } from 'vitest'
import { bangkokInput, emptyForm, formOf, fromBangkokInput, termsOf } from './promotion-form.ts'

describe('the promotion editor form', () => {
  it('gives every rule type its typed shape, and reads the same terms back', () => {
    const form = {
      ...emptyForm(),
      title: ' ฝากแรก ',
      image: '/media/uploads/a.png',
      creditType: 'PERCENT' as const,
      credit: '12.5',
      member: 'NEW_MEMBER' as const,
      turnover: 'TURNOVER_BY_MUTIPLE' as const,
      turnoverValue: '5',
      amounts: { MIN_DEPOSIT: '100', MAX_DEPOSIT: '5,000', MAX_BONUS: '500', MIN_WITHDRAW: '', MAX_WITHDRAW: '3000' },
      gameTypes: [10, 4],
      providers: ['sbo', 'evo'],
      startsAt: '2026-12-01T09:00',
      endsAt: '',
    }
    const terms = termsOf(form)
    expect(terms).toEqual({
      title: 'ฝากแรก',
      image: '/media/uploads/a.png',
      credit_given_type: 'PERCENT',
      credit_given: 12.5,
      rules: [
        { type: 'NEW_MEMBER', value: 1 },
        { type: 'MIN_DEPOSIT', value: 100 },
        { type: 'MAX_DEPOSIT', value: 5000 },
        { type: 'MAX_BONUS', value: 500 },
        { type: 'MAX_WITHDRAW', value: 3000 },
        { type: 'TURNOVER_BY_MUTIPLE', value: 5 },
        { type: 'PROHIBITED_GAMES_TYPE', value: [4, 10] },
        { type: 'PROHIBITED_GAMES_PROVIDER', value: ['evo', 'sbo'] },
      ],
      starts_at: '2026-12-01T02:00:00.000Z',
      ends_at: null,
    })
    expect(termsOf(formOf(terms))).toEqual(terms)
  })

  it('reads the schedule as Bangkok wall time both ways', () => {
    expect(fromBangkokInput('2026-12-31T23:30')).toBe('2026-12-31T16:30:00.000Z')
    expect(bangkokInput('2026-12-31T16:30:00.000Z')).toBe('2026-12-31T23:30')
    expect(bangkokInput(null)).toBe('')
  })
})
