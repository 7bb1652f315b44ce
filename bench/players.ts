// What npm run bench sets up through the public API before it measures: registered players, funded through the signed
// bank feed and in a game, and the back-office owner signed in with a TOTP code. Also the signed calls the load sends.
import { randomUUID } from 'node:crypto'
import { DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { moneyBody, seamlessCall, type SeamlessCall } from '@sanam/contract/seamless-calls'
import { call, postBankTransfer, type Answer } from '../e2e/support/http.ts'
import { codeOfUnusedStep, stepsTakenBefore } from '../e2e/support/totp-steps.ts'

export interface Player {
  mobile: string
  password: string
  bankAccount: string
  token: string
  /** The game session the demo provider calls back with (POST /api/portal/launch). */
  session: string
}

/** The owner the bench's servers start with (BACKOFFICE_*), enrolled in TOTP with this secret. */
const OPERATOR = { username: 'admin', password: 'bench-operator-password-9', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }

/** The server settings the set-up needs: demo mode, no SMS step, the owner, and no sign-in or sign-up limit in the way. */
export const LOAD_ENV = {
  SANAM_MODE: 'demo',
  OTP_REQUIRED: 'false',
  RATE_LOGIN_PER_IP_PER_MINUTE: '1000000',
  RATE_REGISTER_PER_IP_PER_HOUR: '1000000',
  BACKOFFICE_USERNAME: OPERATOR.username,
  BACKOFFICE_PASSWORD: OPERATOR.password,
  BACKOFFICE_TOTP_SECRET: OPERATOR.totpSecret,
}

/** The answer's data, or an error naming the call: the set-up stops at the first refusal. */
async function expectOk<T>(what: string, answer: Promise<Answer<T>>): Promise<T> {
  const { status, body } = await answer
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`)
  return body.data
}

export const login = (base: string, p: Pick<Player, 'mobile' | 'password'>) =>
  call<{ token: string }>(base, 'POST', '/api/auth/login', { body: { mobile: p.mobile, password: p.password } })

export const launch = (base: string, token: string) =>
  call<{ url: string }>(base, 'POST', '/api/portal/launch', { token, body: { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' } })

/** The game session in a launch URL (…/play/<session>?…). */
export const sessionOf = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop()!)

/** A transfer of `baht` from `player`'s registered account to the pay-in account `toAccount`, signed as the bank feed is. */
export function deposit(base: string, player: Player, toAccount: string, baht: number) {
  const raw = JSON.stringify({
    external_id: `bench-${randomUUID()}`,
    to_account: toAccount,
    from_bank_code: '002',
    from_account: player.bankAccount,
    amount: baht,
    occurred_at: new Date().toISOString(),
  })
  return expectOk('bank transfer', postBankTransfer(base, raw))
}

/**
 * Registers `count` players (mobiles 0988…, accounts 7880…), signs each in, pays each `baht` in through the bank feed
 * and launches a game for each. Answers them and the pay-in account.
 */
export async function preparePlayers(base: string, count: number, baht: number): Promise<{ players: Player[]; toAccount: string }> {
  const players: Player[] = []
  let toAccount = ''
  for (let i = 0; i < count; i++) {
    const digits = String(i).padStart(4, '0')
    const player = { mobile: `098800${digits}`, password: `bench-pass-${i}`, bankAccount: `788000${digits}`, token: '', session: '' }
    await expectOk(
      'register',
      call(base, 'POST', '/api/auth/register', {
        body: {
          mobile: player.mobile,
          password: player.password,
          firstname: 'ทดสอบ',
          surname: `โหลด${i}`,
          bank_account: player.bankAccount,
          bank_code: '002',
          adult: true,
          accept_terms: true,
        },
      }),
    )
    player.token = (await expectOk('login', login(base, player))).token
    toAccount ||= (await expectOk('pay-in account', call<{ to_account: string }>(base, 'GET', `/api/dev/bank-account?mobile=${player.mobile}`))).to_account
    await deposit(base, player, toAccount, baht)
    player.session = sessionOf((await expectOk('launch', launch(base, player.token))).url)
    players.push(player)
  }
  return { players, toAccount }
}

/**
 * The TOTP steps this process signed in with, by operator (one): a server refuses a step once used (or older), also
 * after a restart on the same database (the year's reports in `bench:growth` restart the server after a roll-up of
 * seconds), so each sign-in takes a later step (`codeOfUnusedStep`, as the e2e specs do).
 */
const usedSteps = new Map<string, number>()

/** An earlier process may have signed the owner in on this data (a kept folder): its steps up to now are not used again. */
export const afterEarlierSignIns = () => stepsTakenBefore(usedSteps, OPERATOR.username)

/** The bench's owner signed in with password and a TOTP code of a step not used before. */
export async function operatorToken(base: string): Promise<string> {
  const body = { username: OPERATOR.username, password: OPERATOR.password, otp: await codeOfUnusedStep(OPERATOR.totpSecret, usedSteps, OPERATOR.username) }
  return (await expectOk('operator sign-in', call<{ token: string }>(base, 'POST', '/api/backoffice/auth/login', { body }))).token
}

/** Sends a signed seamless call as the provider does; the answer is the provider API's `{ status, balance, tx_id }`, no envelope. */
export async function postSigned(base: string, signed: SeamlessCall): Promise<{ status: number; body: { status?: string } }> {
  const answer = await call(base, 'POST', signed.path, { raw: signed.raw, headers: signed.headers })
  return { status: answer.status, body: answer.body as unknown as { status?: string } }
}

/** A signed seamless `bet` or `win` of `amount` baht in game session `session`, each its own round unless `round` is given. */
export function seamless(op: 'bet' | 'win', session: string, amount: string, round = `bench-${randomUUID()}`) {
  const body = moneyBody({ session, round, tx: `${round}-${op}`, amount })
  return seamlessCall('pgsoft', op, body, { secret: DEMO_SEAMLESS_SECRET, now: new Date() })
}
