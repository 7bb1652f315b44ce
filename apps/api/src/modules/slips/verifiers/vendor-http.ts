// What every slip verifier adapter shares (ADR 084): one guarded HTTP call that never throws, and the readings of a
// vendor's answer into the port's terms (satang from decimal text, Bangkok times, masked accounts without dashes).
// A vendor failure of any kind becomes an UNAVAILABLE verdict with a short code; no code or message carries a key,
// a token or a secret, because verdict codes are stored and logged.
import { parseSatang } from '@sanam/contract'
import { bangkokDay } from '@sanam/contract/bangkok'
import { z } from 'zod'
import { agentFetch, type HttpFetch } from '../../../lib/agent-fetch.ts'
import type { SlipPayload } from '../slip-payload.ts'
import type { SlipParty, SlipVerdict, SlipVerifier, VerifiedSlip } from '../slip-verifier.ts'

/** The fetch an adapter is given: a keep-alive one (lib/agent-fetch.ts) by default, a test's, or (KBank) one over a mutual-TLS agent. */
export type VendorFetch = HttpFetch

/** A clock in milliseconds (tests give a fake one); token expiry and request timestamps read it. */
export type Clock = () => number

export interface AdapterDeps {
  fetch?: VendorFetch
  clock?: Clock
}

export const unavailable = (code: string): SlipVerdict => ({ outcome: 'UNAVAILABLE', code })
export const notFound = (code: string): SlipVerdict => ({ outcome: 'NOT_FOUND', code })
export const notYet = (code: string): SlipVerdict => ({ outcome: 'NOT_YET', code })

/** A vendor's answer that arrived: its status and its body read as JSON (null when there was no body). */
export type VendorAnswer = { ok: true; status: number; json: unknown } | { ok: false; verdict: SlipVerdict }

/**
 * One request to a vendor, bounded by `timeoutMs` and by the caller's signal, body included. Never throws: a timeout,
 * a refused connection, a reset, a 5xx, a redirect or a body that is not JSON come back as an UNAVAILABLE verdict (`prefix` names the
 * step, e.g. `TOKEN_` for an OAuth token request). The status is the caller's to read: some vendors answer their
 * documented refusals with a 4xx and a JSON body that says which.
 */
export async function callVendor(
  fetchFn: VendorFetch,
  url: string,
  init: RequestInit & { timeoutMs: number; signal?: AbortSignal },
  prefix = '',
): Promise<VendorAnswer> {
  const timeout = AbortSignal.timeout(init.timeoutMs)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  let text: string
  let status: number
  try {
    // A redirect is never followed: the key or token would travel with it to wherever it points.
    const response = await fetchFn(url, { ...init, signal, redirect: 'manual' })
    status = response.status
    text = await response.text()
  } catch {
    // Which failure it was matters to the desk, not its message (which may quote the URL and so a branch id).
    const code = timeout.aborted ? 'TIMEOUT' : init.signal?.aborted ? 'ABORTED' : 'NETWORK'
    return { ok: false, verdict: unavailable(`${prefix}${code}`) }
  }
  if (status >= 500 || (status >= 300 && status < 400)) return { ok: false, verdict: unavailable(`${prefix}HTTP_${status}`) }
  if (text.trim() === '') return { ok: true, status, json: null }
  try {
    return { ok: true, status, json: JSON.parse(text) as unknown }
  } catch {
    // A refusal page from a gateway says no more than its status; a 2xx that is not JSON is a broken answer.
    return { ok: false, verdict: unavailable(status >= 200 && status < 300 ? `${prefix}BAD_JSON` : `${prefix}HTTP_${status}`) }
  }
}

/** A JSON POST to a vendor (`body` is serialised here), with `headers` for its credential: callVendor's guarantees. */
export function postJson(
  fetchFn: VendorFetch,
  url: string,
  call: { headers: Record<string, string>; body: unknown; timeoutMs: number; signal?: AbortSignal | undefined },
  prefix = '',
): Promise<VendorAnswer> {
  return callVendor(
    fetchFn,
    url,
    {
      method: 'POST',
      headers: { ...call.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(call.body),
      timeoutMs: call.timeoutMs,
      ...(call.signal ? { signal: call.signal } : {}),
    },
    prefix,
  )
}

/** Where a vendor is reached and how long Sanam waits for its answer (the configuration of every adapter). */
export interface VendorEndpoint {
  /** The API base URL, as the vendor documents it (a trailing slash or none: joinUrl). */
  url: string
  timeoutMs: number
}

/**
 * An adapter whose vendor checks a bank slip by its QR text with one JSON POST (EasySlip, SlipOK, Slip2Go): a TrueMoney
 * slip is not asked about; the call is postJson's (bounded, never throws); `read` maps an answer that arrived.
 */
export function qrPostVerifier(spec: {
  name: string
  deps: AdapterDeps
  url: string
  headers: Record<string, string>
  timeoutMs: number
  body(payload: string): unknown
  read(answer: { status: number; json: unknown }, slip: SlipPayload): SlipVerdict
}): SlipVerifier {
  const fetchFn = spec.deps.fetch ?? agentFetch()
  return {
    name: spec.name,
    async verify({ payload, slip }, signal) {
      if (!bankSlipOf(slip)) return LAYOUT_NOT_SUPPORTED
      const answer = await postJson(fetchFn, spec.url, { headers: spec.headers, body: spec.body(payload), timeoutMs: spec.timeoutMs, signal })
      return answer.ok ? spec.read(answer, slip) : answer.verdict
    },
  }
}

/** 401 and 403 are a refused credential (a wrong or revoked key, an IP not on the vendor's list): never the slip's fault. */
export const isCredentialRefusal = (status: number) => status === 401 || status === 403

/** `schema.safeParse` as a value or null: a body of the wrong shape is an unknown, never a guess. */
export function shaped<T>(schema: z.ZodType<T>, json: unknown): T | null {
  const parsed = schema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/**
 * An amount of baht as the vendor wrote it → satang, exactly. Text goes straight to the contract's decimal parser;
 * a JSON number is first written back as the shortest decimal that reads as the same double (`String(1500.5)` is
 * "1500.5", `String(0.07)` is "0.07"), which is the text the vendor sent for any amount of baht and satang, so no
 * floating point arithmetic touches it. More than 2 decimals, a sign, an exponent or zero: null (the answer is then
 * treated as malformed, never rounded).
 */
export function satangOf(amount: number | string): bigint | null {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim()
  const satang = parseSatang(text)
  return satang !== null && satang > 0n ? satang : null
}

/** A masked account as the port keeps it: dashes and spaces removed, digits and `x`/`X`/`*` only; anything else null. */
export function maskedAccount(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/[-\s]/g, '')
  return /^[0-9xX*]+$/.test(compact) ? compact : null
}

const orNull = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim()
  return trimmed === '' ? null : trimmed
}

/** One side of a transfer in the port's terms. `bankCode` is kept only when it is a 3-digit Bank of Thailand code. */
export function party(fields: {
  bankCode?: string | null
  account?: string | null
  name?: string | null
  proxyType?: string | null
  proxyValue?: string | null
}): SlipParty {
  const bankCode = orNull(fields.bankCode)
  const proxyType = orNull(fields.proxyType)
  const proxyValue = orNull(fields.proxyValue)
  return {
    bankCode: bankCode && /^\d{3}$/.test(bankCode) ? bankCode : null,
    account: maskedAccount(fields.account),
    name: orNull(fields.name),
    proxy: proxyType && proxyValue ? { type: proxyType, value: proxyValue.replace(/[-\s]/g, '') } : null,
  }
}

/** An ISO 8601 time with its offset (or Z) → Date; a time without an offset is refused (null): its zone would be a guess. */
export function instantOf(iso: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(iso)) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * A slip's date (`yyyyMMdd`, or `yyyy-MM-dd`) and time `HH:mm:ss`, which Thai banks give in Bangkok time (UTC+7, no
 * daylight saving).
 */
export function bangkokInstantOf(yyyymmdd: string, hhmmss: string): Date | null {
  const day = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(yyyymmdd)
  if (!day || !/^\d{2}:\d{2}:\d{2}$/.test(hhmmss)) return null
  const iso = `${day[1]}-${day[2]}-${day[3]}T${hhmmss}+07:00`
  const date = instantOf(iso)
  // A calendar day that does not exist (20260231) rolls over in Date: refuse it instead.
  return date && bangkokDay(date) === iso.slice(0, 10) ? date : null
}

/**
 * The VERIFIED verdict, once the answer is known to be about the transfer the slip names: the vendor's reference must
 * be the QR's (letters compared without case) and its sending bank, when it gives one, the QR's. An answer about
 * another transfer is an unknown (`REFERENCE_MISMATCH`): crediting it under the slip's key could credit one transfer
 * twice, under two keys.
 */
export function verified(
  slip: SlipPayload,
  answer: {
    reference: string
    sendingBank: string | null
    amount: bigint | null
    occurredAt: Date | null
    sender: SlipParty
    receiver: SlipParty
    seenBefore: boolean
  },
): SlipVerdict {
  if (answer.amount === null || answer.occurredAt === null) return unavailable('BAD_SCHEMA')
  if (answer.reference.toUpperCase() !== slip.reference.toUpperCase()) return unavailable('REFERENCE_MISMATCH')
  const sendingBank = slip.layout === 'bank' ? slip.sendingBank : null
  if (sendingBank && answer.sendingBank && answer.sendingBank !== sendingBank) return unavailable('REFERENCE_MISMATCH')
  const result: VerifiedSlip = {
    sendingBank: sendingBank ?? answer.sendingBank ?? '',
    reference: slip.reference,
    amount: answer.amount,
    occurredAt: answer.occurredAt,
    sender: answer.sender,
    receiver: answer.receiver,
    seenBefore: answer.seenBefore,
  }
  return { outcome: 'VERIFIED', slip: result }
}

/** A slip's sender or receiver as the QR vendors (EasySlip, Slip2Go) write it: the bank's id, then account and proxy. */
interface QrVendorSide {
  bank?: { id?: string | null } | null
  account: { bank?: { account?: string | null } | null; proxy?: { type?: string | null; account?: string | null } | null }
}

/**
 * The VERIFIED verdict from a QR vendor's slip (EasySlip's `rawSlip`, Slip2Go's `data`): both write the transfer the
 * same way but for the time's and the amount's field names and how a name is given (`nameOf`).
 */
export function verifiedQrVendorSlip<Side extends QrVendorSide>(
  slip: SlipPayload,
  answer: { transRef: string; time: string; amount: number | string; sender: Side; receiver: Side; seenBefore: boolean },
  nameOf: (side: Side) => string | null | undefined,
): SlipVerdict {
  const partyOf = (side: Side) =>
    party({
      bankCode: side.bank?.id,
      account: side.account.bank?.account,
      name: nameOf(side),
      proxyType: side.account.proxy?.type,
      proxyValue: side.account.proxy?.account,
    })
  return verified(slip, {
    reference: answer.transRef,
    sendingBank: answer.sender.bank?.id ?? null,
    amount: satangOf(answer.amount),
    occurredAt: instantOf(answer.time),
    sender: partyOf(answer.sender),
    receiver: partyOf(answer.receiver),
    seenBefore: answer.seenBefore,
  })
}

/** The bank slip a query names, or null for a TrueMoney slip, which none of the bank verifiers here can check. */
export function bankSlipOf(slip: SlipPayload): Extract<SlipPayload, { layout: 'bank' }> | null {
  return slip.layout === 'bank' ? slip : null
}

/** The verdict for a slip layout an adapter does not verify: asked again later it would be no different, so the desk decides. */
export const LAYOUT_NOT_SUPPORTED = unavailable('LAYOUT_NOT_SUPPORTED')

/** A base URL and a path joined with one slash, whatever the operator wrote at the end of the URL. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`

/** A text field a vendor may leave out or send as null: read as what it says, never required. */
export const vendorText = z.string().nullish()
const text = vendorText
/**
 * One side of a transfer as the banks' own slip APIs write it (KBank's and SCB's, and SlipOK, which relays them): a
 * display name, a PromptPay proxy and an account, each optional.
 */
const bankApiSide = z.object({
  displayName: text,
  name: text,
  proxy: z.object({ type: text, value: text }).nullish(),
  account: z.object({ type: text, value: text }).nullish(),
})

/** A slip as the banks' own slip APIs write it; SlipOK extends it with its timestamp. */
export const BankApiSlip = z.object({
  transRef: z.string().min(1),
  sendingBank: text,
  receivingBank: text,
  transDate: z.string(),
  transTime: z.string(),
  sender: bankApiSide,
  receiver: bankApiSide,
  amount: z.union([z.number(), z.string()]),
})

const bankApiParty = (s: z.infer<typeof bankApiSide>, bankCode: string | null | undefined) =>
  party({ bankCode, account: s.account?.value, name: s.displayName || s.name, proxyType: s.proxy?.type, proxyValue: s.proxy?.value })

/** A bank API's slip in the port's terms (`verified`): by default at its Bangkok date and time, not seen before. */
export function verifiedBankApiSlip(
  slip: SlipPayload,
  data: Omit<z.infer<typeof BankApiSlip>, 'transDate' | 'transTime'> & { transDate?: string | null; transTime?: string | null },
  read: { occurredAt?: Date | null; seenBefore?: boolean } = {},
): SlipVerdict {
  return verified(slip, {
    reference: data.transRef,
    sendingBank: data.sendingBank ?? null,
    amount: satangOf(data.amount),
    occurredAt: read.occurredAt ?? bangkokInstantOf(data.transDate ?? '', data.transTime ?? ''),
    sender: bankApiParty(data.sender, data.sendingBank),
    receiver: bankApiParty(data.receiver, data.receivingBank),
    seenBefore: read.seenBefore ?? false,
  })
}

/** The VERIFIED verdict from the slip a bank's own API answers with (KBank's and SCB's `data`); BAD_SCHEMA if it is none. */
export function verifiedBankApiData(slip: SlipPayload, data: unknown): SlipVerdict {
  const parsed = shaped(BankApiSlip, data)
  return parsed ? verifiedBankApiSlip(slip, parsed) : unavailable('BAD_SCHEMA')
}
