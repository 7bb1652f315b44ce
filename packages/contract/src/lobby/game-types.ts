/**
 * Thai names of the numeric game types (spec §3 "Game type numbers", copy deck "Game types").
 * Promotion rules such as PROHIBITED_GAMES_TYPE carry these numbers.
 */
export const gameTypeNames: Readonly<Record<number, string>> = Object.freeze({
  1: 'สล็อต',
  2: 'เกมไพ่',
  3: 'เกมเสมือนจริง',
  4: 'ยิงปลา',
  5: 'คาสิโน',
  6: 'กีฬา',
  7: 'เทรดหุ้น',
  8: 'หวย',
  9: 'บิงโก',
  10: 'ฟังกี้เกม',
  11: 'คาสิโนเสมือน',
})

/** The Thai name of game type `n` (spec §3); a number not on the list reads 'ประเภท N'. */
export function gameTypeName(n: number): string {
  return gameTypeNames[n] ?? `ประเภท ${n}`
}
