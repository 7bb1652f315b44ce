import { describe, expect, it } from 'vitest'
import {
  crashPoint,
  LINE_PAYS,
  newSeed,
  PAYLINES,
  playCard,
  playCrash,
  playPick,
  playRound,
  playSlot,
  seedFromNumber,
  sfc32,
  SLOT_WEIGHTS,
  styleOf,
  THEORETICAL_RTP,
  type RoundInput,
} from './demo-engine.ts'

const BET = 10_000n // 100 baht: every win is a whole number of satang

/** Plays `rounds` rounds from one seeded generator and returns total win / total bet. */
function simulate(rounds: number, seed: number, input: RoundInput): { rtp: number; hits: number } {
  const rng = sfc32(seedFromNumber(seed))
  let won = 0n
  let hits = 0
  for (let i = 0; i < rounds; i++) {
    const { win } = playRound(rng, input)
    won += win
    if (win > 0n) hits++
  }
  return { rtp: Number(won) / Number(input.bet * BigInt(rounds)), hits: hits / rounds }
}

describe('sfc32', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = sfc32(seedFromNumber(42))
    const b = sfc32(seedFromNumber(42))
    const c = sfc32(seedFromNumber(43))
    const seqA = Array.from({ length: 8 }, () => a.nextUint32())
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(seqA)
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(seqA)
  })

  it('matches the canonical C implementation', () => {
    // Expected values from the reference C code (t = a + b + counter++; ...) after 12 warm-up outputs.
    const words = (...w: number[]) => {
      const seed = new Uint8Array(16)
      const view = new DataView(seed.buffer)
      w.forEach((v, i) => view.setUint32(i * 4, v, true))
      return seed
    }
    const first = sfc32(words(0, 0, 0, 1))
    expect(Array.from({ length: 3 }, () => first.nextUint32())).toEqual([1_363_572_419, 145_230_303, 808_754_475])
    const second = sfc32(words(0x12345678, 0x9abcdef0, 0xdeadbeef, 0x01020304))
    expect(Array.from({ length: 3 }, () => second.nextUint32())).toEqual([2_560_703_042, 2_783_946_569, 1_467_308_527])
  })

  it('below(n) stays in range and is close to uniform', () => {
    const rng = sfc32(seedFromNumber(7))
    const counts = new Array<number>(10).fill(0)
    let outside = 0
    for (let i = 0; i < 100_000; i++) {
      const v = rng.below(10)
      if (v in counts) counts[v]!++
      else outside++
    }
    expect(outside).toBe(0)
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500) // ≈ 5 standard deviations
    expect(() => rng.below(0)).toThrow(RangeError)
  })

  it('seeds from the OS with 16 fresh bytes each time', () => {
    const a = newSeed()
    const b = newSeed()
    expect(a).toHaveLength(16)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
  })
})

describe('the slot', () => {
  it('has a theoretical RTP of about 96 %', () => {
    expect(THEORETICAL_RTP.slot).toBeCloseTo(0.960735, 6)
  })

  it('pays every 3-of-a-kind line at its paytable value', () => {
    // A generator that always answers 0 draws the commonest symbol everywhere: all 5 lines win.
    const zeros = { nextUint32: () => 0, below: () => 0 }
    const { outcome, win } = playSlot(zeros, BET)
    expect(outcome.grid).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ])
    expect(outcome.lines).toHaveLength(PAYLINES.length)
    expect(win).toBe(BET * BigInt(LINE_PAYS[0]))
  })

  it('replays the same round from the same seed', () => {
    const a = playSlot(sfc32(seedFromNumber(99)), BET)
    const b = playSlot(sfc32(seedFromNumber(99)), BET)
    expect(b).toEqual(a)
  })

  it('returns about 96 % over 1,000,000 simulated spins', () => {
    // The spin's standard deviation is about 6.3 bets, so 1M spins measure RTP to ±0.6 % (1σ); 2.5 % is 4σ.
    const { rtp, hits } = simulate(1_000_000, 20_261_122, { kind: 'slot', bet: BET })
    expect(Math.abs(rtp - THEORETICAL_RTP.slot)).toBeLessThan(0.025)
    expect(hits).toBeGreaterThan(0.2)
    expect(hits).toBeLessThan(0.26)
  })

  it('draws symbols with the documented weights', () => {
    const rng = sfc32(seedFromNumber(5))
    const counts = new Array<number>(SLOT_WEIGHTS.length).fill(0)
    for (let i = 0; i < 20_000; i++) for (const row of playSlot(rng, BET).outcome.grid) for (const s of row) counts[s]!++
    const total = counts.reduce((a, b) => a + b, 0)
    for (const [s, w] of SLOT_WEIGHTS.entries()) expect(counts[s]! / total).toBeCloseTo(w / 100, 2)
  })
})

describe('crash', () => {
  it('turns a 32-bit draw into a crash point with P(crash ≥ T) = 0.96 / T', () => {
    expect(crashPoint(0)).toBe(100) // 0.96 → shown as 1.00: an instant crash
    expect(crashPoint(2 ** 31)).toBe(192) // half way: 0.96 × 2
    expect(crashPoint(2 ** 32 - 1)).toBe(100_000) // capped for display
    // Just at the boundary for a 2.00× target: r ≥ 2^32 − 0.48 × 2^32.
    const boundary = Math.ceil(2 ** 32 - (96 * 2 ** 32) / 200)
    expect(crashPoint(boundary)).toBeGreaterThanOrEqual(200)
    expect(crashPoint(boundary - 1)).toBeLessThan(200)
  })

  it('pays bet × target when the crash comes at or after the target', () => {
    const high = { nextUint32: () => 2 ** 32 - 1, below: () => 0 }
    const low = { nextUint32: () => 0, below: () => 0 }
    expect(playCrash(high, BET, 250)).toEqual({ outcome: { kind: 'crash', target: 250, crash: 100_000, cashedOut: true }, win: 25_000n })
    expect(playCrash(low, BET, 101)).toEqual({ outcome: { kind: 'crash', target: 101, crash: 100, cashedOut: false }, win: 0n })
    expect(() => playCrash(high, BET, 100)).toThrow(RangeError)
    expect(() => playCrash(high, BET, 10_001)).toThrow(RangeError)
  })

  it.each([
    [150, 300_000],
    [200, 300_000],
    [1_000, 400_000],
  ])('returns about 96 percent at target %i (hundredths) over %i rounds', (target, rounds) => {
    const { rtp, hits } = simulate(rounds, target, { kind: 'crash', bet: BET, target })
    const p = 0.96 / (target / 100)
    // σ of the mean = T·sqrt(p(1-p)/n): 0.0013, 0.0018, 0.0049.
    const sigma = (target / 100) * Math.sqrt((p * (1 - p)) / rounds)
    expect(Math.abs(rtp - 0.96)).toBeLessThan(4 * sigma)
    expect(Math.abs(hits - p)).toBeLessThan(0.01)
  })
})

describe('card (Dragon Tiger)', () => {
  it('pays 2× for the right side, half back on a tie, nothing otherwise', () => {
    // below(52) → 12 is the king of spades, → 0 the ace of spades.
    const deal = (...cards: number[]) => ({ nextUint32: () => 0, below: () => cards.shift()! })
    expect(playCard(deal(12, 0), BET, 'dragon').win).toBe(BET * 2n)
    expect(playCard(deal(12, 0), BET, 'tiger').win).toBe(0n)
    const tie = playCard(deal(5, 18), BET, 'tiger') // 6♠ vs 6♥
    expect(tie.outcome.result).toBe('tie')
    expect(tie.win).toBe(BET / 2n)
    expect(tie.outcome.tiger).toEqual({ rank: 6, suit: 'hearts' })
  })

  it('returns 25/26 over 300,000 simulated hands', () => {
    // σ per hand ≈ 0.97 bets → σ of the mean ≈ 0.0018 at 300k hands.
    const { rtp } = simulate(300_000, 8, { kind: 'card', bet: BET, pick: 'tiger' })
    expect(THEORETICAL_RTP.card).toBeCloseTo(0.9615, 4)
    expect(Math.abs(rtp - THEORETICAL_RTP.card)).toBeLessThan(0.008)
  })
})

describe('pick (sport and lottery)', () => {
  it('pays 0.96 × N for the right pick, with a score that fits a sport result', () => {
    const rng = sfc32(seedFromNumber(3))
    for (let i = 0; i < 200; i++) {
      const { outcome, win } = playPick(rng, BET, 'sport', 0)
      expect(win).toBe(outcome.drawn === 0 ? 28_800n : 0n)
      const [home, away] = outcome.score!
      expect(outcome.drawn === 0 ? home > away : outcome.drawn === 1 ? home === away : home < away).toBe(true)
    }
    expect(() => playPick(rng, BET, 'lottery', 10)).toThrow(RangeError)
  })

  it.each([
    ['sport', 1, 300_000],
    ['lottery', 7, 400_000],
  ] as const)('%s returns about 96 percent (pick %i, %i rounds)', (variant, pick, rounds) => {
    const { rtp } = simulate(rounds, rounds, { kind: 'pick', bet: BET, variant, pick })
    expect(Math.abs(rtp - 0.96)).toBeLessThan(variant === 'sport' ? 0.01 : 0.02)
  })
})

describe('catalogue types', () => {
  it('maps every game type to a kind', () => {
    expect(styleOf('SLOT')).toEqual({ kind: 'slot', theme: 'fruit' })
    expect(styleOf('FISHING')).toEqual({ kind: 'slot', theme: 'ocean' })
    expect(styleOf('FUNKY')).toEqual({ kind: 'slot', theme: 'gems' })
    expect(styleOf('CRASH')).toEqual({ kind: 'crash' })
    for (const t of ['CASINO', 'CASINO_LIVE', 'CARD']) expect(styleOf(t)).toEqual({ kind: 'card' })
    expect(styleOf('SPORT')).toEqual({ kind: 'pick', variant: 'sport' })
    expect(styleOf('LOTTERY')).toEqual({ kind: 'pick', variant: 'lottery' })
  })

  it('refuses a non-positive bet', () => {
    expect(() => playRound(sfc32(seedFromNumber(1)), { kind: 'slot', bet: 0n })).toThrow(RangeError)
  })
})
