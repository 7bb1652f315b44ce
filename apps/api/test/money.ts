import { randomUUID } from 'node:crypto'
import type { BankTransferBody } from '@sanam/contract'
import { DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'
import type { TestApp } from './app.ts'
import { nextOperatorCode, OPERATOR_TOTP_SECRET } from './operators.ts'

/** The operator account seeded for tests (apps/api/src/db/seed.ts). */
export const OPERATOR_ACCOUNT = '4071234567'
export const OPERATOR_PASSWORD = 'operator-password-1'

/** Headers of a bank-feed request signed as the feed documents it (ADR 015), at the test clock's time unless `at`. */
export function bankSignature(t: TestApp, raw: string, options: { secret?: string; at?: Date; path?: string } = {}): Record<string, string> {
  return signatureHeaders(options.secret ?? DEMO_BANK_WEBHOOK_SECRET, {
    method: 'POST',
    path: options.path ?? '/api/bank/transfers',
    body: raw,
    now: options.at ?? t.clock.now(),
  })
}

/** A bank transfer from a player's registered account; override what the test is about. */
export function transferBody(from: { bankCode: string; bankAccount: string }, overrides: Partial<Record<keyof BankTransferBody, unknown>> = {}) {
  const base = {
    external_id: `tx-${randomUUID()}`,
    to_account: OPERATOR_ACCOUNT,
    from_bank_code: from.bankCode,
    from_account: from.bankAccount,
    amount: 500,
    occurred_at: '2026-11-22T02:59:00Z',
  }
  return { ...base, ...overrides } as typeof base & Record<string, unknown>
}

/**
 * Posts a bank-feed body exactly as given, signed correctly unless `signature` says otherwise: null sends no
 * signature, a string replaces the X-Signature header, an object replaces every signature header.
 */
export function postTransfer(t: TestApp, body: unknown, signature?: string | null | Record<string, string>) {
  const raw = JSON.stringify(body)
  let signed: Record<string, string> = {}
  if (typeof signature === 'string') signed = { ...bankSignature(t, raw), 'x-signature': signature }
  else if (signature === undefined) signed = bankSignature(t, raw)
  else if (signature !== null) signed = signature
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signed }
  return t.app.inject({ method: 'POST', url: '/api/bank/transfers', headers, payload: raw })
}

/**
 * Signs in through the API. `from` sets the client address and the player app's device id: players who share either
 * are linked accounts, and linked uplines earn no commission (issue 10).
 */
export async function loginPlayer(
  t: TestApp,
  player: { mobile: string; password: string },
  from: { address?: string; deviceId?: string } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { mobile: player.mobile, password: player.password },
    ...(from.address ? { remoteAddress: from.address } : {}),
    ...(from.deviceId ? { headers: { 'x-device-id': from.deviceId } } : {}),
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`)
  return res.json().data.token
}

/** The temporary password of the newest reset SMS (issue 18 §4) in the console outbox for `mobile`. */
export function temporaryPasswordSent(t: TestApp, mobile: string): string {
  const text = t.outbox.outbox(mobile)[0]?.text ?? ''
  const match = /รหัสผ่านชั่วคราวของคุณคือ (\S{10}) /.exec(text)
  if (!match?.[1]) throw new Error(`no reset SMS to ${mobile}: ${JSON.stringify(text)}`)
  return match[1]
}

/** Creates the first operator (an owner enrolled in TOTP, as BACKOFFICE_TOTP_SECRET does) and signs in with a code. */
export async function loginOperator(t: TestApp): Promise<string> {
  await t.services.backofficeAuth.ensureFirstOperator('admin', OPERATOR_PASSWORD, OPERATOR_TOTP_SECRET)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { username: 'admin', password: OPERATOR_PASSWORD, otp: nextOperatorCode(t) },
  })
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`)
  return res.json().data.token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The player's cash balance in baht, through the API. */
export async function balanceOf(t: TestApp, token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallet/v2/balance', headers: bearer(token) })
  return res.json().data.balance
}

/** Credits `amount` baht through the bank feed. */
export async function fund(t: TestApp, player: { bankCode: string; bankAccount: string }, amount: number) {
  const res = await postTransfer(t, transferBody(player, { amount }))
  if (res.json().data?.status !== 'MATCHED') throw new Error(`funding failed: ${res.body}`)
  return res.json().data.deposit_id as number
}

/** Asserts every ledger invariant (DESIGN §3) holds. */
export async function expectLedgerOk(t: TestApp) {
  const result = await t.services.ledger.verify(t.db)
  if (!result.ok) throw new Error(`ledger invariants broken: ${JSON.stringify(result.failures)}`)
  return result
}
