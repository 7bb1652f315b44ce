import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { call, postBankTransfer } from './http.ts'

/** Players and money for the player-app journeys, made through the public API as a person or the bank would. */

export const DEMO = { mobile: '0812345678', password: 'sanam1234' }

/** What a registration must confirm besides the player's details (issue 21 §3): 20 or older, the terms accepted. */
export const CONSENTS = { adult: true, accept_terms: true } as const

export interface TestPlayer {
  mobile: string
  password: string
  firstname: string
  surname: string
  bank_account: string
  bank_code: string
}

const digits = (n: number) => Array.from(randomBytes(n), (byte) => String(byte % 10)).join('')

/**
 * Registers a new player, optionally invited by `inviteCode`. Where the server asks for an SMS code (OTP_REQUIRED), the
 * code is read from the console outbox and confirmed, as the player would type it.
 */
export async function registerPlayer(baseUrl: string, options: { inviteCode?: string; firstname?: string; bankCode?: string } = {}): Promise<TestPlayer> {
  const player: TestPlayer = {
    mobile: `09${digits(8)}`,
    password: 'e2e-pass-1',
    firstname: options.firstname ?? 'ทดสอบ',
    surname: 'ระบบ',
    bank_account: `55${digits(8)}`,
    bank_code: options.bankCode ?? '002',
  }
  const answer = await call<{ sms: boolean; token?: string }>(baseUrl, 'POST', '/api/auth/register', {
    body: { ...player, ...CONSENTS, ...(options.inviteCode ? { invite_code: options.inviteCode } : {}) },
  })
  if (answer.status !== 200) throw new Error(`register ${answer.status}: ${JSON.stringify(answer.body)}`)
  if (answer.body.data.sms) {
    const outbox = await call<{ messages: { otp: string | null }[] }>(baseUrl, 'GET', `/api/dev/sms?mobile=${player.mobile}`)
    const otp_code = outbox.body.data.messages[0]?.otp ?? ''
    const confirmed = await call(baseUrl, 'POST', '/api/auth/confirm', { body: { mobile: player.mobile, token: answer.body.data.token, otp_code } })
    if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}: ${JSON.stringify(confirmed.body)}`)
  }
  return player
}

export async function loginToken(baseUrl: string, player: { mobile: string; password: string }): Promise<string> {
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', { body: { mobile: player.mobile, password: player.password } })
  if (answer.status !== 200) throw new Error(`login ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body.data.token
}

/**
 * A signed bank-feed transfer of `amount` from the player's registered account, reported and signed at `occurredAt`
 * (the server's own time, for a server whose clock runs elsewhere); it must be matched and credited.
 */
export async function deposit(baseUrl: string, mobile: string, amount: number, occurredAt = new Date()): Promise<void> {
  const account = await call<{ bank_code: string; bank_account: string; to_account: string }>(baseUrl, 'GET', `/api/dev/bank-account?mobile=${mobile}`)
  if (account.status !== 200) throw new Error(`dev/bank-account ${account.status}`)
  const raw = JSON.stringify({
    external_id: `e2e-${randomBytes(8).toString('hex')}`,
    to_account: account.body.data.to_account,
    from_bank_code: account.body.data.bank_code,
    from_account: account.body.data.bank_account,
    amount,
    occurred_at: occurredAt.toISOString(),
  })
  const transfer = await postBankTransfer(baseUrl, raw, occurredAt)
  if (transfer.body.data?.status !== 'MATCHED') throw new Error(`bank transfer not matched: ${JSON.stringify(transfer.body)}`)
}

/** Plays `rounds` settled rounds of `bet` baht of the demo provider's game as the player (their valid turnover). */
export async function playDemoRounds(baseUrl: string, token: string, rounds: number, bet: number): Promise<void> {
  const launched = await call<{ url: string }>(baseUrl, 'POST', '/api/portal/launch', {
    token,
    body: { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' },
  })
  if (launched.status !== 200) throw new Error(`launch ${launched.status}: ${JSON.stringify(launched.body)}`)
  const url = new URL(launched.body.data.url, baseUrl)
  for (let n = 0; n < rounds; n++) {
    const round = await call<{ settled: boolean }>(baseUrl, 'POST', `${url.pathname}/round${url.search}`, { body: { bet, target: 1.5 } })
    if (round.status !== 200 || !round.body.data.settled) throw new Error(`round ${round.status}: ${JSON.stringify(round.body)}`)
  }
}

/** On a phone page: the register form with its bank picker open; answers the sheet of banks. */
export async function openRegisterBankSheet(page: Page): Promise<Locator> {
  await page.goto('/register')
  await page
    .getByRole('button', { name: /ธนาคาร/ })
    .first()
    .tap()
  const sheet = page.getByRole('dialog', { name: 'เลือกธนาคาร' })
  await sheet.waitFor()
  return sheet
}
