/**
 * The demo provider's game maths: pure functions over a seeded generator, money in integer satang (bigint).
 *
 * ## Random numbers
 * sfc32 (Chris Doty-Humphrey's "small fast chaotic" generator, 128-bit state, passes PractRand to 2^40+ bytes).
 * Every round gets its own generator seeded from 16 bytes of `crypto.randomBytes` and warmed up with 12 draws, so
 * rounds are independent and unpredictable, and a round can be replayed exactly from its seed in tests. Uniform
 * integers use rejection sampling (`below(n)`), so there is no modulo bias.
 *
 * ## Kinds and their return to player (RTP, the expected win per baht bet)
 * - `slot` (SLOT, FUNKY, FISHING; only the symbols' pictures differ): 3 reels × 3 rows, 5 paylines (the 3 rows and
 *   the 2 diagonals); each of the 9 cells is an independent weighted draw of 6 symbols with weights
 *   30, 25, 18, 15, 8, 4 (of 100). A line of 3 equal symbols pays `LINE_PAYS` × the line bet (bet / 5):
 *   8, 12, 30, 45, 250, 1600. Each line is a 3-of-a-kind with probability p³, so whatever the overlap of lines,
 *   RTP = 5 × Σ p_s³ × pay_s / 5 = Σ p_s³ × pay_s
 *       = .027×8 + .015625×12 + .005832×30 + .003375×45 + .000512×250 + .000064×1600 = 0.960735 (96.07 %).
 *   Some line wins on about 23 % of spins; the top prize (9 sevens) is 1600 × the bet.
 * - `crash` ('Cash Or Crash'): before the round the player sets an auto cash-out target T (1.01..100.00). The
 *   server draws r uniform in [0, 2^32) and a crash point C = ⌊96 · 2^32 / (2^32 − r)⌋ / 100 (at least 1.00,
 *   shown capped at 1000.00), so P(C ≥ T) = 0.96 / T (to within 2^-32) and the win is bet × T when C ≥ T, else 0.
 *   RTP = T × 0.96 / T = 0.96 for every target; about 5 % of rounds crash at 1.00, before any target.
 * - `card` (CASINO, CASINO_LIVE, CARD): Dragon Tiger. One card each for Dragon and Tiger from an endless shoe
 *   (every card an independent uniform draw of 52, like a many-deck shoe); the player picks a side before the deal.
 *   Higher rank (A low … K high) wins and pays 1:1 (2 × the bet back); a tie returns half the bet.
 *   RTP = P(win) × 2 + P(tie) × ½ = (6/13) × 2 + (1/13) × ½ = 25/26 = 0.9615 (96.15 %).
 * - `pick` (SPORT: home/draw/away, LOTTERY: one digit 0-9): one of N equally likely results is drawn; a right pick
 *   pays 0.96 × N × the bet (2.88× for sport, 9.6× for lottery). RTP = (1/N) × 0.96 × N = 0.96.
 *
 * Wins are rounded down to whole satang; with the demo's whole-baht bets no rounding ever happens.
 */
import { randomBytes } from 'node:crypto'
import { LINE_PAYS, PAYLINES } from './paytable.ts'

export { LINE_PAYS, PAYLINES }

/** A source of uniform 32-bit integers. */
export interface Rng {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number
  /** A uniform integer in [0, n), without modulo bias (1 ≤ n ≤ 2^32). */
  below(n: number): number
}

const TWO_32 = 4_294_967_296

/** sfc32 seeded from 16 bytes (four little-endian 32-bit words), warmed up with 12 outputs. */
export function sfc32(seed: Uint8Array): Rng {
  if (seed.length !== 16) throw new RangeError('sfc32 needs a 16-byte seed')
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength)
  let a = view.getUint32(0, true)
  let b = view.getUint32(4, true)
  let c = view.getUint32(8, true)
  let d = view.getUint32(12, true)
  const nextUint32 = (): number => {
    // The canonical C: t = a + b + counter++; a = b ^ (b >> 9); b = c + (c << 3); c = rotl(c, 21) + t.
    const t = (a + b + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (((c << 21) | (c >>> 11)) + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) nextUint32()
  return {
    nextUint32,
    below(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`below(${n})`)
      // The largest multiple of n that fits: draws at or above it are thrown away, so every residue is equally likely.
      const limit = TWO_32 - (TWO_32 % n)
      for (;;) {
        const r = nextUint32()
        if (r < limit) return r % n
      }
    },
  }
}

/** A fresh 16-byte seed from the operating system's CSPRNG. */
export function newSeed(): Uint8Array {
  return new Uint8Array(randomBytes(16))
}

/** A seed for tests and simulations: the same number gives the same seed. */
export function seedFromNumber(n: number): Uint8Array {
  const seed = new Uint8Array(16)
  const view = new DataView(seed.buffer)
  view.setUint32(0, n >>> 0, true)
  view.setUint32(4, 0x9e3779b9, true)
  view.setUint32(8, Math.floor(n / TWO_32) >>> 0, true)
  view.setUint32(12, 0x85ebca6b, true)
  return seed
}

// ---------------------------------------------------------------------------------------------------------------
// Slot

/** Symbol weights (of SLOT_WEIGHT_TOTAL), from the commonest (0) to the rarest (5). */
export const SLOT_WEIGHTS = [30, 25, 18, 15, 8, 4] as const
const SLOT_WEIGHT_TOTAL = SLOT_WEIGHTS.reduce((sum, w) => sum + w, 0)

export interface SlotOutcome {
  kind: 'slot'
  /** grid[row][reel]: symbol indexes 0..5. */
  grid: number[][]
  lines: { line: number; symbol: number; win: bigint }[]
}

function drawSymbol(rng: Rng): number {
  let r = rng.below(SLOT_WEIGHT_TOTAL)
  for (const [symbol, weight] of SLOT_WEIGHTS.entries()) {
    if (r < weight) return symbol
    r -= weight
  }
  throw new Error('unreachable: weights exhausted')
}

export function playSlot(rng: Rng, bet: bigint): { outcome: SlotOutcome; win: bigint } {
  const grid = [0, 1, 2].map(() => [0, 0, 0])
  // Reel by reel, top to bottom, so a replayed seed fills the grid the same way.
  for (let reel = 0; reel < 3; reel++) for (let row = 0; row < 3; row++) grid[row]![reel] = drawSymbol(rng)
  const lines: SlotOutcome['lines'] = []
  for (const [index, rows] of PAYLINES.entries()) {
    const [first, second, third] = rows.map((row, reel) => grid[row]![reel]!)
    if (first !== undefined && first === second && second === third) {
      lines.push({ line: index, symbol: first, win: (bet * BigInt(LINE_PAYS[first]!)) / BigInt(PAYLINES.length) })
    }
  }
  return { outcome: { kind: 'slot', grid, lines }, win: lines.reduce((sum, l) => sum + l.win, 0n) }
}

// ---------------------------------------------------------------------------------------------------------------
// Crash

/** Targets and crash points are integers in hundredths: 150 = 1.50×. */
export const CRASH_TARGET_MIN = 101
export const CRASH_TARGET_MAX = 10_000
/** 96 % of 100 (hundredths): the crash point's scale. */
const CRASH_SCALE = 96n
const CRASH_SHOWN_MAX = 100_000

export interface CrashOutcome {
  kind: 'crash'
  /** The player's auto cash-out target, in hundredths. */
  target: number
  /** Where the multiplier crashed, in hundredths (≥ 100, capped at 1000.00× for display). */
  crash: number
  cashedOut: boolean
}

/** The crash point in hundredths for one 32-bit draw: ⌊96 · 2^32 / (2^32 − r)⌋, exact in bigint, at least 100. */
export function crashPoint(r: number): number {
  const point = Number((CRASH_SCALE * BigInt(TWO_32)) / BigInt(TWO_32 - r))
  return Math.min(Math.max(point, 100), CRASH_SHOWN_MAX)
}

export function playCrash(rng: Rng, bet: bigint, target: number): { outcome: CrashOutcome; win: bigint } {
  if (!Number.isInteger(target) || target < CRASH_TARGET_MIN || target > CRASH_TARGET_MAX) throw new RangeError(`crash target ${target}`)
  const crash = crashPoint(rng.nextUint32())
  const cashedOut = crash >= target
  return { outcome: { kind: 'crash', target, crash, cashedOut }, win: cashedOut ? (bet * BigInt(target)) / 100n : 0n }
}

// ---------------------------------------------------------------------------------------------------------------
// Card: Dragon Tiger

export const CARD_SIDES = ['dragon', 'tiger'] as const
export type CardSide = (typeof CARD_SIDES)[number]
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const

export interface Card {
  /** 1 (A) .. 13 (K). */
  rank: number
  suit: (typeof SUITS)[number]
}

export interface CardOutcome {
  kind: 'card'
  pick: CardSide
  dragon: Card
  tiger: Card
  result: CardSide | 'tie'
}

function drawCard(rng: Rng): Card {
  const n = rng.below(52)
  return { rank: (n % 13) + 1, suit: SUITS[Math.floor(n / 13)]! }
}

export function playCard(rng: Rng, bet: bigint, pick: CardSide): { outcome: CardOutcome; win: bigint } {
  const dragon = drawCard(rng)
  const tiger = drawCard(rng)
  const result: CardOutcome['result'] = dragon.rank === tiger.rank ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger'
  const win = result === 'tie' ? bet / 2n : result === pick ? bet * 2n : 0n
  return { outcome: { kind: 'card', pick, dragon, tiger, result }, win }
}

// ---------------------------------------------------------------------------------------------------------------
// Pick: sport (home / draw / away) and lottery (one digit)

export const PICK_OPTIONS = { sport: 3, lottery: 10 } as const
export type PickVariant = keyof typeof PICK_OPTIONS

export interface PickOutcome {
  kind: 'pick'
  variant: PickVariant
  pick: number
  drawn: number
  /** Sport only: a final score that fits the result (cosmetic, drawn after the result). */
  score?: [home: number, away: number]
}

export function playPick(rng: Rng, bet: bigint, variant: PickVariant, pick: number): { outcome: PickOutcome; win: bigint } {
  const options = PICK_OPTIONS[variant]
  if (!Number.isInteger(pick) || pick < 0 || pick >= options) throw new RangeError(`pick ${pick} of ${options}`)
  const drawn = rng.below(options)
  const outcome: PickOutcome = { kind: 'pick', variant, pick, drawn }
  if (variant === 'sport') {
    if (drawn === 1) {
      const goals = rng.below(4)
      outcome.score = [goals, goals]
    } else {
      const winner = 1 + rng.below(3)
      const loser = rng.below(winner)
      outcome.score = drawn === 0 ? [winner, loser] : [loser, winner]
    }
  }
  return { outcome, win: pick === drawn ? (bet * 96n * BigInt(options)) / 100n : 0n }
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue type → game

/** How a catalogue game plays: the maths (`kind`) and the pictures (`theme`). */
export type GameStyle = { kind: 'slot'; theme: 'fruit' | 'ocean' | 'gems' } | { kind: 'crash' } | { kind: 'card' } | { kind: 'pick'; variant: PickVariant }

/** SLOT/FUNKY/FISHING spin, CRASH crashes, casino and card games deal Dragon Tiger, SPORT and LOTTERY are picks. */
export function styleOf(gameType: string): GameStyle {
  switch (gameType) {
    case 'CRASH':
      return { kind: 'crash' }
    case 'CASINO':
    case 'CASINO_LIVE':
    case 'CARD':
      return { kind: 'card' }
    case 'SPORT':
      return { kind: 'pick', variant: 'sport' }
    case 'LOTTERY':
      return { kind: 'pick', variant: 'lottery' }
    case 'FISHING':
      return { kind: 'slot', theme: 'ocean' }
    case 'FUNKY':
      return { kind: 'slot', theme: 'gems' }
    default:
      return { kind: 'slot', theme: 'fruit' }
  }
}

export type RoundInput =
  | { kind: 'slot'; bet: bigint }
  | { kind: 'crash'; bet: bigint; target: number }
  | { kind: 'card'; bet: bigint; pick: CardSide }
  | { kind: 'pick'; bet: bigint; variant: PickVariant; pick: number }

export type Outcome = SlotOutcome | CrashOutcome | CardOutcome | PickOutcome

/** Plays one round: the outcome and the win in satang (0n for a loss). The bet must be positive. */
export function playRound(rng: Rng, input: RoundInput): { outcome: Outcome; win: bigint } {
  if (input.bet <= 0n) throw new RangeError('bet must be positive')
  switch (input.kind) {
    case 'slot':
      return playSlot(rng, input.bet)
    case 'crash':
      return playCrash(rng, input.bet, input.target)
    case 'card':
      return playCard(rng, input.bet, input.pick)
    case 'pick':
      return playPick(rng, input.bet, input.variant, input.pick)
  }
}

/** The exact theoretical RTP of each kind, as derived at the top of this file. */
export const THEORETICAL_RTP = {
  slot: SLOT_WEIGHTS.reduce((sum, w, s) => sum + (w / SLOT_WEIGHT_TOTAL) ** 3 * LINE_PAYS[s]!, 0),
  crash: 0.96,
  card: 25 / 26,
  pick: 0.96,
} as const
