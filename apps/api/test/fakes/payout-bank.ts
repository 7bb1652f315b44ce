import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PayoutBank } from '../../src/modules/payouts/payout-bank.ts'

/** The steps of a payout a fault can hit. */
export type PayoutStep = 'inquire' | 'initiate' | 'confirm' | 'find'
/**
 * What goes wrong at a step: `error` a 503; `timeout` an answer after the caller gave up; `hang` no answer ever;
 * `lost` the bank does the step (moves the money at confirm) and the answer is lost; `reject` an explicit refusal;
 * `garbled` a body that does not parse; `mismatch` (inquire) another holder's name.
 */
export type PayoutFault = 'ok' | 'error' | 'timeout' | 'hang' | 'lost' | 'reject' | 'garbled' | 'mismatch'

/**
 * A bank's payout side, in memory: the accounts and their holders, every transfer it set up, and every time it moved
 * money (by Sanam's reference), which is what a test compares with Sanam's SUCCESS rows. Faults are taken from
 * `faults` (by step, first in first out) or from `faultFor`.
 */
export function fakePayoutBankCore() {
  const holders = new Map<string, string>()
  const initiated = new Map<string, { reference: string; amount: bigint; confirmed: boolean }>()
  /** Every money movement, in order: a reference twice here is a double payout. */
  const moved: Array<{ reference: string; amount: bigint; bankReference: string }> = []
  /** Explicitly refused references (at initiate or confirm): the bank's own record of "not paid". */
  const refused = new Set<string>()
  const queued: Array<{ step: PayoutStep; fault: PayoutFault }> = []
  let seq = 0
  const core = {
    holders,
    initiated,
    moved,
    refused,
    calls: { inquire: 0, initiate: 0, confirm: 0, find: 0 } as Record<PayoutStep, number>,
    /** Decides the fault of a step when none is queued (default: none). */
    faultFor: (_step: PayoutStep, _reference: string): PayoutFault => 'ok',
    /** The next `step` meets `fault`. */
    fail(step: PayoutStep, fault: PayoutFault) {
      queued.push({ step, fault })
    },
    reset() {
      queued.length = 0
      core.faultFor = () => 'ok'
    },
    addAccount(bankCode: string, account: string, holder: string) {
      holders.set(`${bankCode}:${account}`, holder)
    },
    paidFor: (reference: string) => moved.filter((m) => m.reference === reference),
    faultAt(step: PayoutStep, reference: string): PayoutFault {
      core.calls[step] += 1
      const i = queued.findIndex((q) => q.step === step)
      if (i >= 0) return queued.splice(i, 1)[0]!.fault
      return core.faultFor(step, reference)
    },
    /** The bank's side of each step, done whatever happens to the answer afterwards. */
    inquire(bankCode: string, account: string, mismatch: boolean) {
      const holder = holders.get(`${bankCode}:${account}`)
      if (!holder) return { found: false as const }
      return { found: true as const, name: mismatch ? 'นาย ผู้อื่น ไม่ใช่สมาชิก' : holder, inquiryId: `INQ${++seq}` }
    },
    initiate(reference: string, amount: bigint) {
      const id = `TXN${++seq}`
      initiated.set(id, { reference, amount, confirmed: false })
      return id
    },
    /** Moves the money of an initiated transfer; a transfer is confirmed once, as a bank does. */
    confirm(transactionId: string, reference: string): { ok: true; bankReference: string } | { ok: false; code: string } {
      const t = initiated.get(transactionId)
      if (!t || t.reference !== reference) return { ok: false, code: 'TRANSACTION_NOT_FOUND' }
      if (!t.confirmed) {
        t.confirmed = true
        moved.push({ reference, amount: t.amount, bankReference: `BANK${transactionId}` })
      }
      return { ok: true, bankReference: `BANK${transactionId}` }
    },
    find(reference: string): { status: 'SUCCESS'; bankReference: string } | { status: 'REJECTED' } | { status: 'PENDING' } | { status: 'NOT_FOUND' } {
      const paid = moved.find((m) => m.reference === reference)
      if (paid) return { status: 'SUCCESS', bankReference: paid.bankReference }
      if (refused.has(reference)) return { status: 'REJECTED' }
      if ([...initiated.values()].some((t) => t.reference === reference)) return { status: 'PENDING' }
      return { status: 'NOT_FOUND' }
    },
  }
  return core
}
export type FakePayoutBankCore = ReturnType<typeof fakePayoutBankCore>

/**
 * The core as a PayoutBank in this process (the fault-injection runs: no sockets). A transport fault (`error`,
 * `timeout`, `hang`, `garbled`) is the UNAVAILABLE the HTTP adapter makes of it (its own test proves that mapping);
 * `lost` does the step and answers UNAVAILABLE.
 */
export function inProcessPayoutBank(core: FakePayoutBankCore): PayoutBank {
  const unavailable = (fault: PayoutFault) => ({ outcome: 'UNAVAILABLE' as const, code: fault.toUpperCase() })
  const transport = (fault: PayoutFault) => fault === 'error' || fault === 'timeout' || fault === 'hang' || fault === 'garbled'
  /** A step that moves money: a transport fault or a refusal (remembered) before it is done; `lost` once it is done. */
  function moneyStep<Done>(step: 'initiate' | 'confirm', reference: string, refusal: string, act: () => Done) {
    const fault = core.faultAt(step, reference)
    if (transport(fault)) return unavailable(fault)
    if (fault === 'reject') {
      core.refused.add(reference)
      return { outcome: 'REJECTED' as const, code: refusal }
    }
    const done = act()
    return fault === 'lost' ? unavailable(fault) : done
  }
  return {
    name: 'fake',
    async inquire(order) {
      const fault = core.faultAt('inquire', order.reference)
      if (transport(fault)) return unavailable(fault)
      if (fault === 'reject') return { outcome: 'REJECTED', code: 'ACCOUNT_CLOSED' }
      const found = core.inquire(order.bankCode, order.account, fault === 'mismatch')
      if (fault === 'lost') return unavailable(fault)
      if (!found.found) return { outcome: 'REJECTED', code: 'ACCOUNT_NOT_FOUND' }
      return { outcome: 'FOUND', accountName: found.name, inquiryId: found.inquiryId }
    },
    initiate: async (order) =>
      moneyStep('initiate', order.reference, 'INSUFFICIENT_FUNDS', () => ({
        outcome: 'INITIATED' as const,
        bankTransactionId: core.initiate(order.reference, order.amount),
      })),
    confirm: async (order) =>
      moneyStep('confirm', order.reference, 'RECEIVER_REFUSED', () => {
        const done = core.confirm(order.bankTransactionId, order.reference)
        return done.ok ? { outcome: 'PAID' as const, bankReference: done.bankReference } : { outcome: 'REJECTED' as const, code: done.code }
      }),
    async findByReference(reference) {
      const fault = core.faultAt('find', reference)
      if (fault !== 'ok' && fault !== 'reject' && fault !== 'mismatch') return unavailable(fault)
      const found = core.find(reference)
      if (found.status === 'SUCCESS') return { outcome: 'PAID', bankReference: found.bankReference }
      if (found.status === 'REJECTED') return { outcome: 'REJECTED', code: 'REFUSED' }
      return { outcome: found.status }
    },
  }
}

/**
 * The core behind HTTP on 127.0.0.1, in the generic shape the HTTP adapter speaks (ADR 081): OAuth2 client
 * credentials at /oauth/token, inquiry, initiate, confirm, and the look-up by reference. `timeout` answers after
 * `slowMs`; `hang` never answers (until `close`); `lost` does the step and drops the connection.
 */
export async function fakePayoutBankServer(
  core: FakePayoutBankCore,
  options: {
    clientId: string
    clientSecret: string
    slowMs?: number
    /** Each answer this much later (a bank's own latency; the benchmark). */ delayMs?: number
  },
) {
  const tokens = new Set<string>()
  const hanging = new Set<ServerResponse>()
  const requests: Array<{ method: string; path: string; body: unknown; authorization: string | undefined }> = []
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    let text = ''
    for await (const chunk of req) text += chunk
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  /** Answers a step under its fault; `work` is the bank's side, done unless the fault stops it first. */
  async function step(res: ServerResponse, fault: PayoutFault, work: () => { status: number; body: unknown }) {
    if (fault === 'error') return json(res, 503, { error_code: 'SERVICE_UNAVAILABLE' })
    if (fault === 'garbled') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end('<html>maintenance</html>')
    }
    if (fault === 'hang') {
      hanging.add(res)
      return
    }
    const answer = work()
    if (fault === 'lost') {
      res.socket?.destroy()
      return
    }
    if (fault === 'timeout') {
      hanging.add(res)
      setTimeout(() => {
        hanging.delete(res)
        if (!res.writableEnded && !res.destroyed) json(res, answer.status, answer.body)
      }, options.slowMs ?? 2_000).unref()
      return
    }
    json(res, answer.status, answer.body)
  }
  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const body = req.method === 'POST' ? await readBody(req) : {}
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, body, authorization: req.headers.authorization })
    if (url.pathname === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== expected) return json(res, 401, { error_code: 'INVALID_CLIENT' })
      const token = `tok${tokens.size + 1}`
      tokens.add(token)
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 })
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return json(res, 401, { error_code: 'INVALID_TOKEN' })
    const reference = String(body.reference ?? url.searchParams.get('reference') ?? '')
    const receiver = (body.receiver ?? {}) as { bank_code?: string; account_no?: string }
    if (req.method === 'POST' && url.pathname === '/v1/payouts/inquiry') {
      const fault = core.faultAt('inquire', reference)
      if (fault === 'reject') return step(res, 'ok', () => ({ status: 422, body: { status: 'REJECTED', reference, error_code: 'ACCOUNT_CLOSED' } }))
      return step(res, fault, () => {
        const found = core.inquire(receiver.bank_code ?? '', receiver.account_no ?? '', fault === 'mismatch')
        return found.found
          ? { status: 200, body: { status: 'SUCCESS', reference, inquiry_id: found.inquiryId, account_name: found.name } }
          : { status: 422, body: { status: 'REJECTED', reference, error_code: 'ACCOUNT_NOT_FOUND' } }
      })
    }
    if (req.method === 'POST' && url.pathname === '/v1/payouts') {
      const fault = core.faultAt('initiate', reference)
      if (fault === 'reject') {
        core.refused.add(reference)
        return step(res, 'ok', () => ({ status: 422, body: { status: 'REJECTED', reference, error_code: 'INSUFFICIENT_FUNDS' } }))
      }
      return step(res, fault, () => {
        const amount = BigInt(Math.round(Number(body.amount) * 100))
        return { status: 200, body: { status: 'INITIATED', reference, transaction_id: core.initiate(reference, amount) } }
      })
    }
    const confirm = /^\/v1\/payouts\/([^/]+)\/confirm$/.exec(url.pathname)
    if (req.method === 'POST' && confirm) {
      const fault = core.faultAt('confirm', reference)
      if (fault === 'reject') {
        core.refused.add(reference)
        return step(res, 'ok', () => ({ status: 422, body: { status: 'REJECTED', reference, error_code: 'RECEIVER_REFUSED' } }))
      }
      return step(res, fault, () => {
        const done = core.confirm(decodeURIComponent(confirm[1]!), reference)
        return done.ok
          ? { status: 200, body: { status: 'SUCCESS', reference, bank_reference: done.bankReference } }
          : { status: 422, body: { status: 'REJECTED', reference, error_code: done.code } }
      })
    }
    if (req.method === 'GET' && url.pathname === '/v1/payouts') {
      const fault = core.faultAt('find', reference)
      return step(res, fault === 'reject' || fault === 'mismatch' ? 'ok' : fault, () => {
        const found = core.find(reference)
        if (found.status === 'NOT_FOUND') return { status: 404, body: { error_code: 'NOT_FOUND' } }
        if (found.status === 'REJECTED') return { status: 200, body: { status: 'REJECTED', reference, error_code: 'REFUSED' } }
        return { status: 200, body: { status: found.status, reference, ...(found.status === 'SUCCESS' ? { bank_reference: found.bankReference } : {}) } }
      })
    }
    json(res, 404, { error_code: 'NO_SUCH_ROUTE' })
  }
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.socket?.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Revokes every token the bank gave (the next call is refused 401). */
    revokeTokens: () => tokens.clear(),
    async close() {
      for (const res of hanging) res.socket?.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
