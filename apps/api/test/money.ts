import { randomUUID } from 'node:crypto'
import type { BankTransferBody } from '@sanam/contract'
import type { SQL } from 'drizzle-orm'
import { DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'
import { transfers } from '../src/db/schema.ts'
import type { PlayerRow } from '../src/modules/users/users.repository.ts'
import type { TestApp } from './app.ts'
import { makePlayer } from './factories.ts'

// Players and their money through the real app: sign-in, the signed bank feed, balances and the ledger check.

/** The operator account seeded for tests (apps/api/src/seed.ts). */
export const OPERATOR_ACCOUNT = '4071234567'

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
  return t.request('POST', '/api/bank/transfers', { headers: { 'content-type': 'application/json', ...signed }, payload: raw })
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
  const res = await t.request('POST', '/api/auth/login', {
    payload: { mobile: player.mobile, password: player.password },
    ...(from.address ? { address: from.address } : {}),
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

export type SignedInPlayer = PlayerRow & { password: string; token: string }

/**
 * A player made with `overrides` (factories.ts's makePlayer), given `cash` baht through the bank feed when asked, and
 * signed in through the API (from `from`, as loginPlayer takes it). The one way a test gets a player with a session.
 */
export async function signedInPlayer(
  t: TestApp,
  overrides: Parameters<typeof makePlayer>[1] = {},
  options: { cash?: number; address?: string; deviceId?: string } = {},
): Promise<SignedInPlayer> {
  const { cash = 0, ...from } = options
  const player = await makePlayer(t.db, overrides)
  if (cash > 0) await fund(t, player, cash)
  return { ...player, token: await loginPlayer(t, player, from) }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The player's cash balance in baht, through the API. */
export async function balanceOf(t: TestApp, token: string): Promise<number> {
  return (await t.get('/api/wallet/v2/balance', token)).json().data.balance
}

/** Credits `amount` baht through the bank feed. */
export async function fund(t: TestApp, player: { bankCode: string; bankAccount: string }, amount: number) {
  const res = await postTransfer(t, transferBody(player, { amount }))
  if (res.json().data?.status !== 'MATCHED') throw new Error(`funding failed: ${res.body}`)
  return res.json().data.deposit_id as number
}

/** Takes a promotion as a player does: a draft bill with it, then the matching bank transfer arrives (MATCHED). */
export async function takePromotion(t: TestApp, who: { bankCode: string; bankAccount: string; token: string }, promotionId: number, amount: number) {
  const bill = await t.post('/api/wallet/deposit/draft_bill', { amount, promotion: promotionId }, who.token)
  if (bill.statusCode !== 200) throw new Error(`draft bill refused: ${bill.body}`)
  const res = await postTransfer(t, transferBody(who, { amount }))
  if (res.json().data?.status !== 'MATCHED') throw new Error(`transfer not matched: ${res.body}`)
}

/** The ledger's transfers that `where` picks (e.g. by reference or idempotency key): what a money action wrote. */
export const transfersWhere = (t: TestApp, where: SQL | undefined) => t.db.select().from(transfers).where(where)

/** Asserts every ledger invariant (DESIGN §3) holds. */
export async function expectLedgerOk(t: TestApp) {
  const result = await t.services.ledger.verify(t.db)
  // The reports' daily sums too (ADR 097): a test that rolls days up and then writes into one would show here.
  const sums = await t.services.daySums.verify(t.db)
  if (!result.ok || sums.failures.length > 0) throw new Error(`ledger invariants broken: ${JSON.stringify([...result.failures, ...sums.failures])}`)
  return result
}
