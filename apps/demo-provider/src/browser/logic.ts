/**
 * The game page's logic, free of the DOM so it is tested on its own (logic.test.ts): what the page reads from its
 * markup, where it sends its calls, what it says about an answer, and the numbers its animations draw. The server
 * decides every outcome; nothing here changes one, it only shows it.
 */
import type { DemoRoundBody, DemoRoundResult } from '@sanam/contract'
import { SCRIPT_TEXTS, type ScriptTexts } from '../demo-texts.ts'
import { PAYLINES } from '../paytable.ts'

export type Kind = 'slot' | 'crash' | 'card' | 'pick'
export type Outcome = DemoRoundResult['outcome']
export type CardOutcome = Extract<Outcome, { kind: 'card' }>
export type CrashOutcome = Extract<Outcome, { kind: 'crash' }>
export type Side = 'dragon' | 'tiger'

const KINDS: readonly string[] = ['slot', 'crash', 'card', 'pick']

/** Thai letters (the baht sign, used in both languages, is not one). */
export const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/

/** What the page says about itself: its body's data-* attributes, its <html lang> and its URL path. */
export interface PageSettings {
  kind: Kind
  /** Slots: the symbols' pictures (fruit, ocean, gems). */
  theme: string
  /** Picks: sport or lottery. */
  variant: string
  /** The bet sizes offered, in baht. */
  bets: number[]
  /** A lobby launch's chosen game, sent with every call; empty otherwise. */
  game: string
  english: boolean
  /** The session token: the second segment of /play/<token>. */
  token: string
}

/** The page's settings, or null on a page without a game (the lobby picker, an error page). */
export function readSettings(attribute: (name: string) => string | null, lang: string, pathname: string): PageSettings | null {
  const kind = attribute('data-kind')
  if (!kind || !KINDS.includes(kind)) return null
  return {
    kind: kind as Kind,
    theme: attribute('data-theme') || 'fruit',
    variant: attribute('data-variant') || '',
    bets: (attribute('data-bets') || '').split(',').map(Number),
    game: attribute('data-game') || '',
    english: lang === 'en',
    token: pathname.split('/')[2] || '',
  }
}

/** The page's words in its language. */
export function textsOf(settings: Pick<PageSettings, 'english'>): ScriptTexts {
  return settings.english ? SCRIPT_TEXTS.en : SCRIPT_TEXTS.th
}

/**
 * The URL of one of the page's JSON calls (/state, /round): the game of a lobby launch goes along, and so does the
 * language, so the provider answers in it (its own messages are keyed by id, demo-texts.ts).
 */
export function callUrl(settings: Pick<PageSettings, 'token' | 'game' | 'english'>, path: '/state' | '/round'): string {
  const params: string[] = []
  if (settings.game) params.push(`game=${encodeURIComponent(settings.game)}`)
  if (settings.english) params.push('lang=en')
  return `/play/${settings.token}${path}${params.length ? `?${params.join('&')}` : ''}`
}

/** An answer's JSON, as far as the page reads it. */
export interface AnswerBody {
  code?: string
  message?: string
  errors?: { path?: string }[]
  data?: unknown
}

/** One answer of a JSON call; status 0 when the network failed. */
export interface Answer {
  status: number
  ok: boolean
  /** Seconds from Retry-After (0 when absent). */
  retryAfter: number
  body: AnswerBody
}

/**
 * The answer's message in the page's language. The provider's own messages come in it already; a Thai text it did
 * not write (a field check, a code's default) is translated by the field that failed or by the code.
 */
export function say(body: AnswerBody | undefined, fallback: string, english: boolean): string {
  const message = body?.message
  if (!english || !message || !THAI.test(message)) return message || fallback
  const field = body.errors?.[0]?.path
  const byField = field ? SCRIPT_TEXTS.enFields[field] : undefined
  const byCode = body.code ? SCRIPT_TEXTS.enCodes[body.code as keyof typeof SCRIPT_TEXTS.enCodes] : undefined
  return byField || byCode || fallback
}

/** What the page shows for a refused call: a sheet that ends the game, or a line under the stage and play on. */
export type Refusal =
  | { show: 'overlay'; title: string; message: string }
  | { show: 'result'; message: string; cls: 'lose' | 'info'; hint?: string; toast: boolean; coolDownSeconds?: number }

export function refusal(res: Answer, english: boolean): Refusal {
  const T = textsOf({ english })
  const message = say(res.body, T.error, english)
  if (res.status === 401) return { show: 'overlay', title: T.expired, message }
  if (res.status === 403) return { show: 'overlay', title: T.blocked, message }
  if (res.status === 404) return { show: 'overlay', title: T.notFound, message }
  if (res.body.code === 'INSUFFICIENT_FUNDS') return { show: 'result', message, cls: 'lose', hint: T.deposit, toast: false }
  // Not an alarm: the round was not played and nothing was taken; a moment's wait is all it needs.
  if (res.status === 429) return { show: 'result', message, cls: 'info', hint: T.slowDown, toast: false, coolDownSeconds: Math.max(1, res.retryAfter) }
  return { show: 'result', message, cls: 'info', toast: true }
}

/** The crash auto cash-out the page accepts: 1.01 to 100.00 in hundredths, 2 for anything unreadable. */
export function clampTarget(value: number): number {
  if (!Number.isFinite(value)) return 2
  return Math.min(100, Math.max(1.01, Math.round(value * 100) / 100))
}

/** The − and + buttons: finer steps at low targets, where they matter. */
export function stepTarget(value: number, direction: 1 | -1): number {
  const step = value < 3 ? 0.1 : value < 10 ? 0.5 : 1
  return clampTarget(value + direction * step)
}

/** The crash graph's size (its SVG viewBox). */
export const GRAPH = { width: 320, height: 150 } as const

/** Where multiplier `m` sits on the graph's log scale, whose top is `top`. */
export function yOf(m: number, top: number): number {
  return GRAPH.height - 16 - (Math.log(m) / Math.log(top)) * (GRAPH.height - 30)
}

/**
 * How a crash round is drawn: the curve climbs to `peak` (past the target a little when cashed out, to the crash
 * point otherwise) on a scale whose top leaves room above it, over a time that grows with the height.
 */
export function crashPlan(outcome: CrashOutcome, reduceMotion: boolean): { peak: number; top: number; durationMs: number } {
  const peak = outcome.cashed_out ? Math.min(outcome.crash, Math.max(outcome.target * 1.5, outcome.target + 1), 120) : outcome.crash
  const top = Math.max(2, Math.max(peak, outcome.target) * 1.2)
  const durationMs = reduceMotion ? 60 : Math.min(6000, 1300 + Math.log(peak) * 1500)
  return { peak, top, durationMs }
}

/** The multiplier `t` (0..1) of the way through the climb to `peak`: exponential, as a crash game rises. */
export function multiplierAt(t: number, peak: number): number {
  return Math.exp(Math.log(peak) * t)
}

/** The SVG points of payline `line` over the 3 × 3 grid drawn 300 × 300 (cell centres). */
export function paylinePoints(line: number): string {
  const rows = PAYLINES[line] ?? []
  return rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')
}

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
const SUITS: Record<CardOutcome['dragon']['suit'], string> = { spades: '\u2660', hearts: '\u2665', diamonds: '\u2666', clubs: '\u2663' }

/** A playing card's face: red for hearts and diamonds, the rank and suit in two corners and the suit in the middle. */
export function cardFace(card: CardOutcome['dragon']): { red: boolean; html: string } {
  const corner = `${RANKS[card.rank] ?? ''}<br>${SUITS[card.suit]}`
  return {
    red: card.suit === 'hearts' || card.suit === 'diamonds',
    html: `<span class="corner">${corner}</span><span class="pip">${SUITS[card.suit]}</span><span class="corner br">${corner}</span>`,
  }
}

/** The round's body: the bet, and the target or the pick the game needs. */
export function roundBody(kind: Kind, choice: { bet: number; target: number; pick: Side | number }): DemoRoundBody {
  if (kind === 'crash') return { bet: choice.bet, target: choice.target }
  if (kind === 'card' || kind === 'pick') return { bet: choice.bet, pick: choice.pick }
  return { bet: choice.bet }
}

/** The balance shown while the animation runs: the bet is taken first, the win lands when the animation ends. */
export function balanceDuringRound(data: Pick<DemoRoundResult, 'settled' | 'balance' | 'win' | 'bet'>, before: number): number {
  return data.settled && data.balance !== null ? data.balance - data.win : before - data.bet
}

/** The line under the stage once the animation ends. */
export function roundMessage(
  data: Pick<DemoRoundResult, 'win' | 'outcome'>,
  english: boolean,
  money: (n: number) => string,
): { text: string; cls: 'win' | 'lose' | 'info' } {
  const T = textsOf({ english })
  if (data.win > 0 && data.outcome.kind === 'card' && data.outcome.result === 'tie') return { text: T.tie + money(data.win), cls: 'info' }
  if (data.win > 0) return { text: T.won + money(data.win), cls: 'win' }
  return { text: T.lose[data.outcome.kind], cls: 'lose' }
}

/** Baht as the page shows it: ฿ and two decimals in the page's locale. */
export function moneyFormat(english: boolean): (n: number) => string {
  const format = new Intl.NumberFormat(textsOf({ english }).locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (n) => `\u0e3f${format.format(n)}`
}

/** The balance counter's easing: fast, then settling on the value. */
export function easeOutCubic(t: number): number {
  return 1 - Math.pow(1 - t, 3)
}
