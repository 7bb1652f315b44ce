/**
 * The slot's paytable and paylines: read by the engine to pay a spin and by the page's script to draw the paytable
 * and the winning lines, so the two cannot disagree. Plain numbers, so the browser bundle can take them.
 */

/** What three of a symbol on one line pay, in line bets (symbols 0, the commonest, to 5, the rarest). */
export const LINE_PAYS = [8, 12, 30, 45, 250, 1600] as const

/** Paylines as [row of reel 0, row of reel 1, row of reel 2]: the three rows, then the two diagonals. */
export const PAYLINES = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
] as const
