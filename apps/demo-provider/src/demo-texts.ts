/**
 * Every word the demo pages, their script and their JSON answers show, in Thai (the default) and English (a launch
 * with `lang=en`). The launch only carries the language in the URL (`/play/<token>?lang=en`, portal's game-provider.ts);
 * the session row does not store it, so the page reads it from its own query and its script passes it on to the JSON
 * calls. The demo provider plays a game provider's part, and a provider speaks the launch's language: its own
 * messages are keyed by id and answered in that language. A Thai text it did not write (a field check of the round
 * body, the catalogue's default for a code such as RATE_LIMITED) is translated by the script, by field or by code.
 */
import type { ErrorCode } from '@sanam/contract'

export type DemoLang = 'th' | 'en'

/** The launch URL's `lang`: English only when asked for, Thai for anything else (the site's language). */
export function demoLang(query: unknown): DemoLang {
  return typeof query === 'object' && query !== null && (query as { lang?: unknown }).lang === 'en' ? 'en' : 'th'
}

const thPage = {
  /** Thai names of the catalogue types (copy deck, "Game types"). */
  types: {
    SLOT: 'สล็อต',
    FUNKY: 'ฟังกี้เกม',
    FISHING: 'ยิงปลา',
    CASINO: 'คาสิโน',
    CASINO_LIVE: 'คาสิโน',
    CARD: 'เกมไพ่',
    CRASH: 'เกมแครช',
    SPORT: 'กีฬา',
    LOTTERY: 'หวย',
  } as Record<string, string>,
  play: { fruit: 'หมุน', ocean: 'ยิงปลา', gems: 'หมุน', crash: 'เริ่มรอบ', card: 'แจกไพ่', sport: 'ยืนยันการทาย', lottery: 'ออกรางวัล' },
  backLabel: 'ปิดเกม กลับสู่ล็อบบี้',
  back: 'ล็อบบี้',
  paytable: 'อัตราจ่ายต่อไลน์ (3 สัญลักษณ์เรียงกัน)',
  crashHint: 'ตั้งจุดถอนอัตโนมัติ แล้วกดเริ่มรอบ',
  autoCashOutAt: 'ถอนอัตโนมัติที่',
  targetDown: 'ลดจุดถอน',
  target: 'จุดถอนอัตโนมัติ (เท่า)',
  targetUp: 'เพิ่มจุดถอน',
  dragon: 'มังกร',
  tiger: 'เสือ',
  chooseSide: 'เลือกฝั่ง',
  cardOdds: 'ชนะจ่าย 1:1 · เสมอคืนครึ่งหนึ่ง',
  pays2: 'จ่าย x2',
  home: 'เจ้าบ้าน',
  draw: 'เสมอ',
  away: 'ทีมเยือน',
  predict: 'ทายผลการแข่งขัน',
  sportOdds: 'ทายถูกจ่าย x2.88',
  lotteryOdds: 'ทายเลขท้าย 1 ตัว ถูกจ่าย x9.6',
  pickNumber: 'เลือกเลข',
  balance: 'เครดิตคงเหลือ',
  loading: 'กำลังโหลด...',
  /** Before "“<play label>”". */
  prompt: 'เลือกยอดเดิมพัน แล้วกด',
  betting: 'การเดิมพัน',
  bet: 'ยอดเดิมพัน',
  footGame: 'เกมสาธิตของระบบ · อัตราจ่ายคืนผู้เล่นประมาณ 96% · โปรดเล่นอย่างมีสติ',
  footLobby: 'เกมสาธิตของระบบ · โปรดเล่นอย่างมีสติ',
  expired: 'เซสชันหมดอายุ',
  notFound: 'ไม่พบเกมนี้',
  backToLobby: 'กลับสู่ล็อบบี้',
  chooseGame: 'เลือกเกมที่ต้องการเล่น',
  noGames: 'ไม่มีข้อมูล',
}
export type PageTexts = typeof thPage

const enPage: PageTexts = {
  types: {
    SLOT: 'Slots',
    FUNKY: 'Funky games',
    FISHING: 'Fishing',
    CASINO: 'Casino',
    CASINO_LIVE: 'Casino',
    CARD: 'Cards',
    CRASH: 'Crash',
    SPORT: 'Sports',
    LOTTERY: 'Lottery',
  },
  play: { fruit: 'Spin', ocean: 'Shoot', gems: 'Spin', crash: 'Start round', card: 'Deal', sport: 'Confirm pick', lottery: 'Draw' },
  backLabel: 'Close the game and go back to the lobby',
  back: 'Lobby',
  paytable: 'Pays per line (3 matching symbols in a row)',
  crashHint: 'Set an auto cash-out, then press Start round',
  autoCashOutAt: 'Auto cash-out at',
  targetDown: 'Lower the cash-out',
  target: 'Auto cash-out (×)',
  targetUp: 'Raise the cash-out',
  dragon: 'Dragon',
  tiger: 'Tiger',
  chooseSide: 'Pick a side',
  cardOdds: 'Win pays 1:1 · Tie returns half',
  pays2: 'Pays x2',
  home: 'Home',
  draw: 'Draw',
  away: 'Away',
  predict: 'Predict the result',
  sportOdds: 'Correct pick pays x2.88',
  lotteryOdds: 'Guess the last digit, correct pays x9.6',
  pickNumber: 'Pick a number',
  balance: 'Balance',
  loading: 'Loading...',
  prompt: 'Choose your bet, then press',
  betting: 'Betting',
  bet: 'Bet',
  footGame: 'Demo game · Returns about 96% to players · Please play responsibly',
  footLobby: 'Demo game · Please play responsibly',
  expired: 'Session expired',
  notFound: 'Game not found',
  backToLobby: 'Back to the lobby',
  chooseGame: 'Choose a game to play',
  noGames: 'No games available',
}

/** The HTML pages' words. */
export const PAGE_TEXTS: Record<DemoLang, PageTexts> = { th: thPage, en: enPage }

const thScript = {
  locale: 'th-TH',
  connection: 'เกิดข้อผิดพลาดในการเชื่อมต่อ',
  error: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง',
  expired: 'เซสชันหมดอายุ',
  blocked: 'บัญชีถูกระงับ',
  notFound: 'ไม่พบเกมนี้',
  deposit: 'กรุณาฝากเงินหรือลดยอดเดิมพัน',
  slowDown: 'รอสักครู่แล้วกดเล่นอีกครั้ง',
  cashOutAt: 'ถอนที่ ',
  rising: 'กำลังพุ่งขึ้น...',
  cashedAt: 'ถอนแล้วที่ ',
  crashedAt: 'แตกที่ ',
  playing: 'กำลังเล่น...',
  tie: 'เสมอ! คืนเงินครึ่งหนึ่ง ',
  won: 'ยินดีด้วย! ได้รับ ',
  winPending: 'กำลังบันทึกเงินรางวัลเข้ากระเป๋า',
  lose: {
    slot: 'ไม่ได้รางวัล ลองอีกครั้ง',
    crash: 'แตกก่อนถึงจุดถอน รอบหน้าลุ้นใหม่',
    card: 'ฝั่งที่เลือกแพ้ ลองใหม่อีกครั้ง',
    pick: 'ทายไม่ถูก ลองใหม่อีกครั้ง',
  },
}
export type ScriptTexts = typeof thScript

const enScript: ScriptTexts = {
  locale: 'en-US',
  connection: 'Could not connect. Please check your connection and try again.',
  error: 'Something went wrong. Please try again.',
  expired: 'Session expired',
  blocked: 'Account suspended',
  notFound: 'Game not found',
  deposit: 'Please deposit or lower your bet.',
  slowDown: 'Wait a moment, then play again.',
  cashOutAt: 'Cash out at ',
  rising: 'Rising...',
  cashedAt: 'Cashed out at ',
  crashedAt: 'Crashed at ',
  playing: 'Playing...',
  tie: 'Tie! Half your bet back: ',
  won: 'Congratulations! You won ',
  winPending: 'Adding your win to your wallet',
  lose: {
    slot: 'No win this time. Try again!',
    crash: 'Crashed before your cash-out. Next round!',
    card: 'Your side lost. Try again!',
    pick: 'Not this time. Try again!',
  },
}

/** The demo provider's own messages, by id, in both languages. */
export const DEMO_MESSAGES = {
  notFound: { th: 'ไม่พบเกมนี้ กรุณาเข้าเกมใหม่จากหน้าล็อบบี้', en: 'Game not found. Please open the game again from the lobby.' },
  expired: { th: 'เซสชันหมดอายุ กรุณาเข้าเกมใหม่', en: 'Your session has expired. Please open the game again.' },
  blocked: { th: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อเจ้าหน้าที่', en: 'This account is suspended. Please contact support.' },
  // The copy deck's wallet.insufficient, exactly; the page adds what to do about it.
  insufficient: { th: 'ยอดเงินไม่เพียงพอ', en: 'Insufficient balance' },
  lossLimit: {
    th: 'เดิมพันนี้เกินวงเงินเสียรายวันที่คุณตั้งไว้ เล่นต่อได้ในวันถัดไป หรือเลือกเดิมพันที่น้อยลง',
    en: 'This bet is past the daily loss limit you set. Play again tomorrow, or choose a smaller bet.',
  },
  maintenance: { th: 'เกมนี้ปิดปรับปรุงชั่วคราว', en: 'This game is under maintenance for a while.' },
  chooseGame: { th: 'กรุณาเลือกเกม', en: 'Please choose a game.' },
  walletDown: { th: 'ระบบกระเป๋าเงินไม่ตอบสนอง กรุณาลองใหม่อีกครั้ง', en: 'The wallet is not responding. Please try again.' },
  walletDownRolledBack: {
    th: 'ระบบกระเป๋าเงินไม่ตอบสนอง รอบนี้ถูกยกเลิกแล้วและไม่มีการตัดเงิน กรุณาลองใหม่',
    en: 'The wallet is not responding. This round was cancelled and nothing was taken. Please try again.',
  },
  walletDownChecking: {
    th: 'ระบบกระเป๋าเงินไม่ตอบสนอง กำลังตรวจสอบรายการนี้ให้ กรุณาลองใหม่ภายหลัง',
    en: 'The wallet is not responding. We are checking this round for you. Please try again later.',
  },
  winPending: { th: 'กำลังบันทึกเงินรางวัลเข้ากระเป๋า ยอดเงินจะอัปเดตในไม่ช้า', en: 'Adding your win to your wallet. Your balance will update shortly.' },
  needTarget: { th: 'กรุณาเลือกจุดถอนอัตโนมัติ 1.01 - 100.00 เท่า', en: 'Please choose an auto cash-out between 1.01 and 100.00×.' },
  needSide: { th: 'กรุณาเลือกฝั่ง มังกร หรือ เสือ', en: 'Please pick a side: Dragon or Tiger.' },
  needPick: { th: 'กรุณาเลือกผลที่ต้องการทาย', en: 'Please choose your pick.' },
} as const satisfies Record<string, Record<DemoLang, string>>
export type DemoMessageId = keyof typeof DEMO_MESSAGES

/** A demo message in a language. */
export function demoText(id: DemoMessageId, lang: DemoLang): string {
  return DEMO_MESSAGES[id][lang]
}

/**
 * English for the round body's and the query's field checks (contract demo-play.ts), by the field that failed: the
 * contract's texts are Thai like the rest of the API, and the error body names the field.
 */
const enFields: Record<string, string> = {
  bet: 'Please choose a bet from the list.',
  target: 'The auto cash-out must be between 1.01 and 100.00×, with at most 2 decimals.',
  pick: 'That choice is not valid.',
  game: 'Invalid game code.',
}

/** English by error code, for any other Thai message (the catalogue's defaults, e.g. RATE_LIMITED). */
const enCodes: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Please check your choice and try again.',
  MALFORMED_JSON: 'The request was not understood. Please try again.',
  UNAUTHORIZED: DEMO_MESSAGES.expired.en,
  ACCOUNT_LOCKED: DEMO_MESSAGES.blocked.en,
  NOT_FOUND: DEMO_MESSAGES.notFound.en,
  INSUFFICIENT_FUNDS: DEMO_MESSAGES.insufficient.en,
  LIMIT_EXCEEDED: DEMO_MESSAGES.lossLimit.en,
  RULE_REFUSED: 'This round cannot be played right now.',
  RATE_LIMITED: 'Too many rounds too quickly.',
  DEPENDENCY_DOWN: 'The service is temporarily unavailable. Please try again later.',
  INTERNAL: enScript.error,
}

/** What the script needs: its words in both languages, and English for the Thai texts the provider did not write. */
export const SCRIPT_TEXTS = {
  th: thScript,
  en: enScript,
  enFields,
  enCodes,
}
