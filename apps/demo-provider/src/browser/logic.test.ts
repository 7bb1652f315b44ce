import { describe, expect, it } from 'vitest'
import { LINE_PAYS, PAYLINES } from '../paytable.ts'
import * as logic from './logic.ts'
import { cell, symbolsOf } from './symbols.ts'

const page = (attributes: Record<string, string>) => (name: string) => attributes[name] ?? null
const answer = (status: number, body: logic.Answer['body'], retryAfter = 0): logic.Answer => ({ status, ok: status < 400, retryAfter, body })
const baht = (n: number) => `฿${n.toFixed(2)}`

describe('the page settings', () => {
  it('reads the game from the page and the token from /play/<token>', () => {
    const settings = logic.readSettings(page({ 'data-kind': 'slot', 'data-bets': '1,5,10,50,100', 'data-game': 'fortune_ox' }), 'en', '/play/tok_EN-123')
    expect(settings).toEqual({ kind: 'slot', theme: 'fruit', variant: '', bets: [1, 5, 10, 50, 100], game: 'fortune_ox', english: true, token: 'tok_EN-123' })
  })

  it('has no game on a page without a known kind (the lobby picker, an error page)', () => {
    expect(logic.readSettings(page({}), 'th', '/play/x')).toBeNull()
    expect(logic.readSettings(page({ 'data-kind': 'roulette' }), 'th', '/play/x')).toBeNull()
  })

  it('sends the lobby game and the language with every call, and nothing else', () => {
    expect(logic.callUrl({ token: 'abc', game: '', english: false }, '/state')).toBe('/play/abc/state')
    expect(logic.callUrl({ token: 'abc', game: 'cash or crash', english: true }, '/round')).toBe('/play/abc/round?game=cash%20or%20crash&lang=en')
  })
})

describe('what the page says about an answer', () => {
  it('shows the provider’s own message as it comes, in either language', () => {
    expect(logic.say({ message: 'ยอดเงินไม่เพียงพอ' }, 'fallback', false)).toBe('ยอดเงินไม่เพียงพอ')
    expect(logic.say({ message: 'Insufficient balance' }, 'fallback', true)).toBe('Insufficient balance')
    expect(logic.say({}, 'fallback', true)).toBe('fallback')
  })

  it('puts a Thai text into English on an English page: by the field that failed, else by the code, else the fallback', () => {
    expect(logic.say({ code: 'VALIDATION_FAILED', message: 'กรุณาเลือกยอดเดิมพันจากรายการ', errors: [{ path: 'bet' }] }, 'x', true)).toBe(
      'Please choose a bet from the list.',
    )
    expect(logic.say({ code: 'RATE_LIMITED', message: 'ส่งคำขอบ่อยเกินไป' }, 'x', true)).toBe('Too many rounds too quickly.')
    expect(logic.say({ code: 'SOMETHING_NEW', message: 'ข้อความ' }, 'Something went wrong.', true)).toBe('Something went wrong.')
  })

  it('ends the game with a sheet for an expired session, a blocked player and an unknown game', () => {
    expect(logic.refusal(answer(401, { message: 'Your session has expired.' }), true)).toEqual({
      show: 'overlay',
      title: 'Session expired',
      message: 'Your session has expired.',
    })
    expect(logic.refusal(answer(403, { message: 'บัญชีนี้ถูกระงับ' }), false)).toMatchObject({ show: 'overlay', title: 'บัญชีถูกระงับ' })
    expect(logic.refusal(answer(404, {}), false)).toMatchObject({ show: 'overlay', title: 'ไม่พบเกมนี้', message: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง' })
  })

  it('plays on after too small a balance (with what to do) and after too many rounds (resting the button at least a second)', () => {
    expect(logic.refusal(answer(400, { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' }), true)).toEqual({
      show: 'result',
      message: 'Insufficient balance',
      cls: 'lose',
      hint: 'Please deposit or lower your bet.',
      toast: false,
    })
    expect(logic.refusal(answer(429, { code: 'RATE_LIMITED', message: 'ช้าลงหน่อย' }, 3), false)).toMatchObject({
      show: 'result',
      cls: 'info',
      coolDownSeconds: 3,
      toast: false,
    })
    expect(logic.refusal(answer(429, { code: 'RATE_LIMITED' }), false)).toMatchObject({ coolDownSeconds: 1 })
  })

  it('raises any other refusal as a toast too, a network failure included', () => {
    expect(logic.refusal(answer(0, { message: 'Could not connect.' }), true)).toEqual({
      show: 'result',
      message: 'Could not connect.',
      cls: 'info',
      toast: true,
    })
  })
})

describe('the crash controls and graph', () => {
  it('keeps the auto cash-out within 1.01..100 in hundredths, 2 for anything unreadable', () => {
    expect(logic.clampTarget(1)).toBe(1.01)
    expect(logic.clampTarget(250)).toBe(100)
    expect(logic.clampTarget(2.555)).toBe(2.56)
    expect(logic.clampTarget(Number.NaN)).toBe(2)
  })

  it('steps finely at low targets and coarsely at high ones, never past the limits', () => {
    expect(logic.stepTarget(2, 1)).toBe(2.1)
    expect(logic.stepTarget(5, -1)).toBe(4.5)
    expect(logic.stepTarget(20, 1)).toBe(21)
    expect(logic.stepTarget(1.05, -1)).toBe(1.01)
    expect(logic.stepTarget(100, 1)).toBe(100)
  })

  it('draws 1× at the bottom and the top of the scale at the top, on a log scale', () => {
    expect(logic.yOf(1, 10)).toBe(logic.GRAPH.height - 16)
    expect(logic.yOf(10, 10)).toBeCloseTo(14)
    expect(logic.yOf(Math.sqrt(10), 10)).toBeCloseTo((logic.GRAPH.height - 16 + 14) / 2)
  })

  it('climbs to the crash point when busted, a little past the target when cashed out, and fast with reduced motion', () => {
    const busted = logic.crashPlan({ kind: 'crash', target: 2, crash: 1.5, cashed_out: false }, false)
    expect(busted.peak).toBe(1.5)
    expect(busted.top).toBe(2.4)
    const cashed = logic.crashPlan({ kind: 'crash', target: 2, crash: 50, cashed_out: true }, false)
    expect(cashed.peak).toBe(3)
    expect(cashed.durationMs).toBeCloseTo(1300 + Math.log(3) * 1500)
    expect(logic.crashPlan({ kind: 'crash', target: 1.01, crash: 1, cashed_out: false }, false).top).toBe(2)
    expect(logic.crashPlan({ kind: 'crash', target: 50, crash: 1000, cashed_out: true }, false).durationMs).toBe(6000)
    expect(logic.crashPlan({ kind: 'crash', target: 2, crash: 50, cashed_out: true }, true).durationMs).toBe(60)
    expect(logic.multiplierAt(0, 3)).toBe(1)
    expect(logic.multiplierAt(1, 3)).toBeCloseTo(3)
  })
})

describe('the slot and card pictures', () => {
  it('draws each payline through its cells’ centres', () => {
    expect(logic.paylinePoints(0)).toBe('50,50 150,50 250,50')
    expect(logic.paylinePoints(3)).toBe('50,50 150,150 250,250')
    expect(logic.paylinePoints(4)).toBe('50,250 150,150 250,50')
    expect(PAYLINES).toHaveLength(5)
  })

  it('has a picture for every symbol the paytable pays, in every theme, and fruit for an unknown theme', () => {
    for (const theme of ['fruit', 'ocean', 'gems']) expect(symbolsOf(theme)).toHaveLength(LINE_PAYS.length)
    expect(cell('disco', 5)).toBe(cell('fruit', 5))
    expect(cell('ocean', 0)).toMatch(/^<div class="cell"><svg viewBox="0 0 64 64" aria-hidden="true">.+<\/svg><\/div>$/)
  })

  it('shows hearts and diamonds in red, with the rank in letters for aces and faces', () => {
    expect(logic.cardFace({ rank: 1, suit: 'hearts' })).toEqual({
      red: true,
      html: '<span class="corner">A<br>\u2665</span><span class="pip">\u2665</span><span class="corner br">A<br>\u2665</span>',
    })
    expect(logic.cardFace({ rank: 13, suit: 'spades' }).red).toBe(false)
    expect(logic.cardFace({ rank: 13, suit: 'spades' }).html).toContain('K<br>\u2660')
  })
})

describe('a round', () => {
  it('sends the bet and only the choice its game takes', () => {
    const choice = { bet: 5, target: 1.5, pick: 'tiger' as const }
    expect(logic.roundBody('slot', choice)).toEqual({ bet: 5 })
    expect(logic.roundBody('crash', choice)).toEqual({ bet: 5, target: 1.5 })
    expect(logic.roundBody('card', choice)).toEqual({ bet: 5, pick: 'tiger' })
    expect(logic.roundBody('pick', { ...choice, pick: 7 })).toEqual({ bet: 5, pick: 7 })
  })

  it('takes the bet off first and lands the win when the animation ends; an unsettled win waits', () => {
    expect(logic.balanceDuringRound({ settled: true, balance: 110, win: 15, bet: 5 }, 100)).toBe(95)
    expect(logic.balanceDuringRound({ settled: false, balance: null, win: 15, bet: 5 }, 100)).toBe(95)
  })

  it('names a win, a tie’s half back and a loss of each kind, in the page’s language', () => {
    const slot = { kind: 'slot' as const, grid: [], lines: [] }
    expect(logic.roundMessage({ win: 12, outcome: slot }, true, baht)).toEqual({ text: 'Congratulations! You won ฿12.00', cls: 'win' })
    expect(logic.roundMessage({ win: 0, outcome: slot }, false, baht)).toEqual({ text: 'ไม่ได้รางวัล ลองอีกครั้ง', cls: 'lose' })
    const tie = {
      kind: 'card' as const,
      pick: 'dragon' as const,
      dragon: { rank: 3, suit: 'clubs' as const },
      tiger: { rank: 3, suit: 'hearts' as const },
      result: 'tie' as const,
    }
    expect(logic.roundMessage({ win: 2.5, outcome: tie }, true, baht)).toEqual({ text: 'Tie! Half your bet back: ฿2.50', cls: 'info' })
    for (const kind of ['crash', 'card', 'pick'] as const) {
      const outcome =
        kind === 'crash'
          ? { kind, target: 2, crash: 1.2, cashed_out: false }
          : kind === 'card'
            ? { ...tie, result: 'tiger' as const }
            : { kind, variant: 'lottery' as const, pick: 1, drawn: 2 }
      const english = logic.roundMessage({ win: 0, outcome }, true, baht)
      expect(english.cls).toBe('lose')
      expect(english.text).not.toMatch(logic.THAI)
      expect(logic.roundMessage({ win: 0, outcome }, false, baht).text).toMatch(logic.THAI)
    }
  })
})
