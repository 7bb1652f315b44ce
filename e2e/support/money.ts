// What the money fault tests share: players with a registered bank account, signed bank-feed deposits, the operator,
// and the ledger check.
import { expect } from 'vitest'
import { call, postBankTransfer } from './http.ts'
import { operatorEnv } from './operator.ts'
import { CONSENTS } from './player.ts'

/** The environment every fault test's server runs with (demo mode asked for explicitly: the tests use the demo feed helper). */
export function faultEnv(databaseUrl?: string): Record<string, string> {
  return {
    SANAM_MODE: 'demo',
    OTP_REQUIRED: 'false',
    ...operatorEnv(),
    WITHDRAW_ONE_PENDING: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

export interface Player {
  mobile: string
  password: string
  bankAccount: string
  token: string
}

/** Registers and signs in `count` players whose mobiles and accounts start with `prefix` (2 digits). */
export async function registerPlayers(baseUrl: string, count: number, prefix: string): Promise<Player[]> {
  const players: Player[] = Array.from({ length: count }, (_, i) => ({
    mobile: `09${prefix}0000${String(i).padStart(2, '0')}`,
    password: `fault-pass-${i}`,
    bankAccount: `7${prefix}00000${String(i).padStart(2, '0')}`,
    token: '',
  }))
  for (const [i, p] of players.entries()) {
    const body = { mobile: p.mobile, password: p.password, firstname: 'ทดสอบ', surname: `ล่ม${i}`, bank_account: p.bankAccount, bank_code: '002', ...CONSENTS }
    const registered = await call(baseUrl, 'POST', '/api/auth/register', { body })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    const login = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', { body: { mobile: p.mobile, password: p.password } })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    p.token = login.body.data.token
  }
  return players
}

/** The demo pay-in account the bank feed credits. */
export async function payInAccount(baseUrl: string, player: Player): Promise<string> {
  const answer = await call<{ to_account: string }>(baseUrl, 'GET', `/api/dev/bank-account?mobile=${player.mobile}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.to_account
}

/** One bank transfer, serialised once: every send, and every retry, is the same bytes. */
export function transferBody(externalId: string, toAccount: string, player: Player, satang: number): string {
  return JSON.stringify({
    external_id: externalId,
    to_account: toAccount,
    from_bank_code: '002',
    from_account: player.bankAccount,
    amount: satang / 100,
    occurred_at: new Date().toISOString(),
  })
}

/** Pays `satang` to each player through the signed bank feed (one transfer each, `fund-<tag>-<i>`); answers the pay-in account. */
export async function fundPlayers(baseUrl: string, players: Player[], satang: number, tag: string): Promise<string> {
  const toAccount = await payInAccount(baseUrl, players[0]!)
  for (const [i, p] of players.entries()) {
    const answer = await postBankTransfer(baseUrl, transferBody(`fund-${tag}-${i}`, toAccount, p, satang))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }
  return toAccount
}

export { operatorToken } from './operator.ts'

/** The back-office ledger check (the same checks as `npm run ledger:verify`); fails the test on any failure. */
export async function expectLedgerVerifies(baseUrl: string, token: string, context = ''): Promise<number> {
  const answer = await call<{ ok: boolean; checked: number; failures: unknown[] }>(baseUrl, 'GET', '/api/backoffice/ledger/verify', { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.data.failures, context).toEqual([])
  expect(answer.body.data.ok, context).toBe(true)
  return answer.body.data.checked
}

export const toSatang = (baht: number) => Math.round(baht * 100)

export async function balanceSatang(baseUrl: string, token: string): Promise<number> {
  const answer = await call<{ balance: number }>(baseUrl, 'GET', '/api/wallet/v2/balance', { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return toSatang(answer.body.data.balance)
}

export interface HistoryItem {
  id: string
  txtype: 'DEPOSIT' | 'WITHDRAW'
  txamount: number
  txstatus: 'PENDING' | 'SUCCESS' | 'FAIL' | 'CANCEL'
}

export async function fullHistory(baseUrl: string, token: string): Promise<HistoryItem[]> {
  const items: HistoryItem[] = []
  for (let page = 0; page < 100; page++) {
    const answer = await call<{ list: HistoryItem[]; total: number }>(baseUrl, 'GET', `/api/wallet/histories?page=${page}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    items.push(...answer.body.data.list)
    if (answer.body.data.list.length === 0 || items.length >= answer.body.data.total) return items
  }
  throw new Error('history longer than 100 pages')
}

/** Launches the demo game for the player and returns the game session token the provider calls back with. */
export async function gameSession(baseUrl: string, player: Player, provider = 'pgsoft', game = 'fortune_ox'): Promise<string> {
  const answer = await call<{ url: string }>(baseUrl, 'POST', '/api/portal/launch', {
    token: player.token,
    body: { provider_id: provider, lang: 'th', game_code: game },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return decodeURIComponent(answer.body.data.url.split('?')[0]!.split('/').pop()!)
}
