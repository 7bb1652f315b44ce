import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkSignature } from '@sanam/contract/signing'
import { fromDecimal, httpSeamlessClient, SeamlessRejectedError, SeamlessUnavailableError, toDecimal, type SeamlessTx } from './seamless-client.ts'

/** The real time: the fake wallet checks signatures against its own clock. */
const clock = { now: () => new Date() }
const SECRET = 'test-seamless-secret-0123456789'

interface Seen {
  path: string
  raw: string
  body: Record<string, string>
  signatureOk: boolean
}

type Behaviour = 'hang' | 500 | 503 | 401 | 'garbage' | { status?: number; answer: Record<string, unknown> }

/** A fake wallet on a real local port: answers each request with the next scripted behaviour, or OK when none is left. */
async function fakeWallet() {
  const seen: Seen[] = []
  const script: Behaviour[] = []
  const hanging: ServerResponse[] = []
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, string>
      seen.push({
        path: req.url ?? '',
        raw,
        body,
        signatureOk:
          checkSignature(SECRET, 'timestamped', { method: req.method ?? '', path: req.url ?? '', body: raw, headers: req.headers, now: new Date() }) === 'ok',
      })
      const next = script.shift() ?? { answer: { status: 'OK', balance: '100.00', tx_id: body.tx_id ?? null } }
      if (next === 'hang') return void hanging.push(res)
      if (next === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>')
      if (typeof next === 'number') return void res.writeHead(next, { 'content-type': 'application/json' }).end('{"success":false}')
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(next.answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api/seamless`,
    seen,
    script,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const tx: SeamlessTx = { sessionToken: 'session-token-abcdefghijklmnop', roundId: 'demo-r1', txId: 'demo-r1-bet', amount: 1250n, gameCode: 'roma_legend' }

describe('httpSeamlessClient', () => {
  let wallet: Awaited<ReturnType<typeof fakeWallet>>
  beforeEach(async () => {
    wallet = await fakeWallet()
  })
  afterEach(async () => {
    await wallet.close()
  })
  const client = (options: { timeoutMs?: number; retries?: number } = {}) =>
    httpSeamlessClient({
      baseUrl: wallet.baseUrl,
      secretFor: () => SECRET,
      clock,
      timeoutMs: options.timeoutMs ?? 200,
      retries: options.retries ?? 2,
    })

  it('posts a signed body in the contract shape to <base>/<provider>/<op>', async () => {
    const reply = await client().bet('joker', tx)
    expect(reply).toEqual({ status: 'OK', balance: 10_000n, txId: 'demo-r1-bet' })
    const [call] = wallet.seen
    expect(call!.path).toBe('/api/seamless/joker/bet')
    expect(call!.signatureOk).toBe(true)
    expect(call!.body).toEqual({
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      session_token: tx.sessionToken,
      round_id: 'demo-r1',
      tx_id: 'demo-r1-bet',
      amount: '12.50',
      game_code: 'roma_legend',
    })
  })

  it('asks for a balance with only request_id and session_token', async () => {
    wallet.script.push({ answer: { status: 'OK', balance: '1234.05', tx_id: null } })
    expect(await client().balance('joker', tx.sessionToken)).toEqual({ status: 'OK', balance: 123_405n, txId: null })
    expect(Object.keys(wallet.seen[0]!.body).sort()).toEqual(['request_id', 'session_token'])
  })

  it('retries a timed-out call with the very same bytes (same request_id and tx_id)', async () => {
    wallet.script.push('hang', 'hang')
    const reply = await client({ timeoutMs: 150, retries: 2 }).bet('joker', tx)
    expect(reply.status).toBe('OK')
    expect(wallet.seen).toHaveLength(3)
    expect(new Set(wallet.seen.map((s) => s.raw)).size).toBe(1)
    expect(wallet.seen.every((s) => s.body.tx_id === 'demo-r1-bet')).toBe(true)
  })

  it('retries on 5xx and on an answer that is not the API JSON', async () => {
    wallet.script.push(503, 'garbage')
    expect((await client().win('joker', { ...tx, txId: 'demo-r1-win', amount: 0n })).status).toBe('OK')
    expect(wallet.seen.map((s) => s.body.amount)).toEqual(['0.00', '0.00', '0.00'])
  })

  it('returns a refusal answer as it is, without retrying', async () => {
    wallet.script.push({ answer: { status: 'INSUFFICIENT_FUNDS', balance: '3.00', tx_id: 'demo-r1-bet', message: 'ยอดเงินไม่เพียงพอ' } })
    expect(await client().bet('joker', tx)).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 300n, txId: 'demo-r1-bet', message: 'ยอดเงินไม่เพียงพอ' })
    wallet.script.push({ status: 400, answer: { status: 'BAD_REQUEST', balance: null, tx_id: null } })
    expect((await client().bet('joker', tx)).status).toBe('BAD_REQUEST')
    expect(wallet.seen).toHaveLength(2)
  })

  it('does not retry a 401 (bad signature: nothing was stored)', async () => {
    wallet.script.push(401)
    await expect(client().bet('joker', tx)).rejects.toBeInstanceOf(SeamlessRejectedError)
    expect(wallet.seen).toHaveLength(1)
  })

  it('rolls a bet back when its outcome stays unknown after the retries', async () => {
    wallet.script.push('hang', 503, 'hang')
    const error = await client({ timeoutMs: 150, retries: 2 })
      .bet('joker', tx)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SeamlessUnavailableError)
    expect(error).toMatchObject({ op: 'bet', txId: 'demo-r1-bet', attempts: 3, rolledBack: true })
    const bets = wallet.seen.filter((s) => s.path.endsWith('/bet'))
    const rollbacks = wallet.seen.filter((s) => s.path.endsWith('/rollback'))
    expect(bets).toHaveLength(3)
    expect(rollbacks).toHaveLength(1)
    expect(rollbacks[0]!.signatureOk).toBe(true)
    expect(rollbacks[0]!.body).toMatchObject({ tx_id: 'demo-r1-bet-rollback', ref_tx_id: 'demo-r1-bet', round_id: 'demo-r1', session_token: tx.sessionToken })
  })

  it('retries the rollback too, and says so when it could not be delivered either', async () => {
    wallet.script.push(503, 503, 503, 503)
    const error = await client({ retries: 1 })
      .bet('joker', tx)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ op: 'bet', rolledBack: false })
    expect(wallet.seen.map((s) => s.path.split('/').pop())).toEqual(['bet', 'bet', 'rollback', 'rollback'])
    const rollbackBodies = wallet.seen.filter((s) => s.path.endsWith('/rollback')).map((s) => s.raw)
    expect(rollbackBodies[0]).toBe(rollbackBodies[1])
  })

  it('never rolls back a win: an unknown win is reported to the caller, who sends it again later', async () => {
    wallet.script.push(500, 500, 500)
    const error = await client()
      .win('joker', { ...tx, txId: 'demo-r1-win' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ op: 'win', txId: 'demo-r1-win', rolledBack: undefined })
    expect(wallet.seen.every((s) => s.path.endsWith('/win'))).toBe(true)
  })

  it('treats a refused connection as unknown and retries it', async () => {
    const url = wallet.baseUrl
    await wallet.close()
    const started = Date.now()
    const error = await httpSeamlessClient({ baseUrl: url, secretFor: () => SECRET, clock, timeoutMs: 200, retries: 2 })
      .balance('joker', 'x'.repeat(20))
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SeamlessUnavailableError', attempts: 3 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(200) // 50 + 200 ms of back-off
    wallet = await fakeWallet()
  })
})

describe('decimal amounts', () => {
  it('converts satang to the wire format and back exactly', () => {
    expect(toDecimal(0n)).toBe('0.00')
    expect(toDecimal(5n)).toBe('0.05')
    expect(toDecimal(123_456_789n)).toBe('1234567.89')
    expect(fromDecimal('12.5')).toBe(1250n)
    expect(fromDecimal('0.07')).toBe(7n)
    expect(fromDecimal('12.345')).toBeNull()
    expect(fromDecimal('-1.00')).toBeNull()
    expect(fromDecimal(null)).toBeNull()
    expect(() => toDecimal(-1n)).toThrow(RangeError)
  })
})
