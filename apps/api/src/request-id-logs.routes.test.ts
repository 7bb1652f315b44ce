import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { seamlessCall } from '@sanam/contract/seamless-calls'
import { DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { afterEach, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { bankSignature, signedInPlayer, transferBody } from '../test/money.ts'
import { betBody } from '../test/seamless-batches.ts'
import { playing } from '../test/seamless.ts'
import { loggerOptions } from './app.ts'
import { testConfig } from './config.ts'
import type { TransferRequest } from './modules/ledger/ledger.service.ts'

// The request id end to end (issue 22 §6, ADR 051): the reqId Fastify gives a request (its X-Request-Id when the
// caller sent a well-formed one) is on the request's own log lines, on the lines the bank feed and the seamless wallet
// write about it, and in the answer's X-Request-Id; a seamless batch that fails whole names the requests in it. The
// server's own logger settings (loggerOptions) writing to a captured stream.

interface Line {
  reqId?: string
  reqIds?: string[]
  msg: string
  [field: string]: unknown
}
const lines: Line[] = []
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line)
    done()
  },
})
/** Set by a test to fail the ledger once in a seamless batch (the batch then runs callback by callback). */
let fault: ((request: TransferRequest) => void) | undefined
const t = useTestApp({
  deps: { logger: { ...loggerOptions(testConfig()), level: 'info', stream: capture }, ledgerFaults: { afterDebit: (request) => fault?.(request) } },
  verifyLedger: 'end',
})
afterEach(() => {
  fault = undefined
})

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId).map((line) => line.msg)

function postFeed(body: unknown, headers: Record<string, string> = {}) {
  const raw = JSON.stringify(body)
  return t.request('POST', '/api/bank/transfers', { headers: { 'content-type': 'application/json', ...bankSignature(t, raw), ...headers }, payload: raw })
}

function postSeamless(op: 'bet' | 'win', body: Record<string, unknown>, requestId: string) {
  const call = seamlessCall('pgsoft', op, body, { secret: DEMO_SEAMLESS_SECRET, now: t.clock.now() })
  return t.request('POST', call.path, { headers: { ...call.headers, 'x-request-id': requestId }, payload: call.raw })
}

describe('the request id in the logs', () => {
  it('is on the bank feed’s line about a transfer, beside its reference and outcome, and on the request’s own lines', async () => {
    const player = await signedInPlayer(t)
    const reqId = `feed-${randomUUID()}`
    const body = transferBody(player, { amount: 400 })
    const res = await postFeed(body, { 'x-request-id': reqId })
    expect(res.json().data.status, res.body).toBe('MATCHED')
    expect(res.headers['x-request-id']).toBe(reqId)
    expect(linesOf(reqId)).toEqual(['bank feed transfer received', 'request completed'])
    const line = lines.find((l) => l.reqId === reqId && l.msg === 'bank feed transfer received')!
    expect(line).toMatchObject({ bank_ref: body.external_id, status: 'MATCHED', deposit_id: res.json().data.deposit_id })
    // What the line says of a transfer is its reference and outcome: never whose account it came from.
    expect(JSON.stringify(line)).not.toContain(player.bankAccount)
  })

  it('is the one Fastify made up when the caller sent none (or one it will not take), the same in the answer', async () => {
    const player = await signedInPlayer(t)
    const sent: Array<Record<string, string>> = [{}, { 'x-request-id': 'not a request id: spaces and "quotes"' }]
    for (const headers of sent) {
      const res = await postFeed(transferBody(player, { amount: 100 }), headers)
      const reqId = res.headers['x-request-id'] as string
      expect(reqId).toMatch(/^[0-9a-f-]{36}$/)
      expect(linesOf(reqId)).toContain('bank feed transfer received')
    }
  })

  it('is on the seamless wallet’s line about each bet and win, beside the provider’s tx_id (the verbatim log’s key)', async () => {
    const { session } = await playing(t, 100)
    const round = randomUUID()
    for (const op of ['bet', 'win'] as const) {
      const reqId = `${op}-${randomUUID()}`
      const tx = randomUUID()
      const res = await postSeamless(op, { ...betBody(session, tx, '5.00', round) }, reqId)
      expect(res.json().status).toBe('OK')
      expect(linesOf(reqId)).toEqual(['seamless callback answered', 'request completed'])
      expect(lines.find((l) => l.reqId === reqId && l.msg === 'seamless callback answered')).toMatchObject({
        provider: 'pgsoft',
        op,
        tx_id: tx,
        round_id: round,
        status: 'OK',
      })
    }
  })

  it('names the requests of a seamless batch that failed whole, each of which still gets its own line', async () => {
    const { session } = await playing(t, 100)
    let failures = 0
    fault = (request) => {
      if (request.kind === 'game_bet' && failures++ === 0) throw new Error('injected in the whole batch')
    }
    const reqId = `bet-${randomUUID()}`
    expect((await postSeamless('bet', betBody(session, randomUUID(), '3.00'), reqId)).json().status).toBe('OK')
    const warning = lines.find((l) => l.msg === 'seamless batch failed whole: its callbacks run one at a time' && l.reqIds?.includes(reqId))
    expect(warning).toMatchObject({ level: 40, size: 1, err: { message: 'injected in the whole batch' } })
    expect(linesOf(reqId)).toContain('seamless callback answered')
  })
})
