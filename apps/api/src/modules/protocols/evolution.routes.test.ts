// Evolution's routes at their edges (ADR 082): the token and the address allow-list (refused: 401, nothing written),
// amounts read from the JSON text (a digit past the satang, a negative, an exponent, a foreign currency: refused,
// nothing moved), a cancel and a credit of one bet at once (settled once), the API document, no credential in logs.
import { count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp, type TestApp } from '../../../test/app.ts'
import {
  EVOLUTION_GAME,
  EVOLUTION_PROVIDER,
  EVOLUTION_TOKEN,
  addEvolutionProvider,
  amount,
  evolutionConfig,
  expectTransfersMapToSeamless,
  postEvolution,
} from '../../../test/evolution-vendor.ts'
import { expectLedgerOk, signedInPlayer } from '../../../test/money.ts'
import { launch } from '../../../test/seamless.ts'
import { seamlessLog, seamlessTransactions } from '../../db/schema.ts'
import { hideAuthToken } from './evolution.routes.ts'

const t = useTestApp(() => ({ config: evolutionConfig, verifyLedger: 'end' }))
const uid = () => crypto.randomUUID()
/** The wallet's transactions whose id ends in `ref`: none when a request was refused before it moved money. */
const movesUnder = (ref: string) =>
  t.db
    .select()
    .from(seamlessTransactions)
    .where(like(seamlessTransactions.txId, `%${ref}`))

/** A player with `cash` baht and a renewed sid, as after Evolution's check. */
async function evolutionPlayer(app: TestApp, cash = 100, address?: string) {
  await addEvolutionProvider(app)
  const player = await signedInPlayer(app, {}, { cash })
  const launched = await launch(app, player.token, EVOLUTION_PROVIDER, EVOLUTION_GAME)
  const checked = await postEvolution(app, 'check', { sid: launched, userId: String(player.id), uuid: uid() }, address ? { address } : {})
  expect(checked.status).toBe('OK')
  return { userId: String(player.id), sid: checked.sid! }
}
const money = (who: { sid: string; userId: string }, round: string, tx: string, ref: string, value: string, currency = 'THB') => ({
  sid: who.sid,
  userId: who.userId,
  uuid: uid(),
  currency,
  game: { id: round, type: 'baccarat', details: { table: { id: 'table-9' } } },
  transaction: { id: tx, refId: ref, amount: amount(value) },
})
async function logRows(app: TestApp) {
  const [row] = await app.db.select({ n: count() }).from(seamlessLog).where(eq(seamlessLog.providerCode, EVOLUTION_PROVIDER))
  return row!.n
}

describe('Evolution: who may call', () => {
  it('a wrong or missing token is 401 INVALID_TOKEN_ID and writes nothing', async () => {
    const who = await evolutionPlayer(t)
    const before = await logRows(t)
    const ref = uid()
    for (const token of [`${EVOLUTION_TOKEN}x`, EVOLUTION_TOKEN.slice(0, -1), '', 'x'.repeat(200)]) {
      const refused = await postEvolution(t, 'debit', money(who, uid(), ref, ref, '10'), { token })
      expect(refused).toEqual({ httpStatus: 401, status: 'INVALID_TOKEN_ID' })
    }
    const noToken = await t.request('POST', '/api/protocols/evolution/balance', {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sid: who.sid, userId: who.userId, currency: 'THB' }),
    })
    expect(noToken.statusCode).toBe(401)
    expect(await logRows(t)).toBe(before)
    expect(await movesUnder(ref)).toEqual([])
    expect((await postEvolution(t, 'balance', { sid: who.sid, userId: who.userId, currency: 'THB' })).balance).toBe('100.00')
  })

  it('the token is never in a log line: the URL is logged with it hidden', () => {
    expect(hideAuthToken(`/api/protocols/evolution/debit?authToken=${EVOLUTION_TOKEN}&x=1`)).toBe('/api/protocols/evolution/debit?authToken=[hidden]&x=1')
  })

  describe('with no EVOLUTION_AUTH_TOKEN set', () => {
    let bare: TestApp
    beforeAll(async () => {
      bare = await buildTestApp()
    })
    afterAll(async () => {
      await bare.close()
    })
    it('every call is refused (fail closed), whatever token is sent', async () => {
      for (const token of [EVOLUTION_TOKEN, '', 'undefined']) {
        expect(await postEvolution(bare, 'check', { sid: 'x', userId: '1' }, { token })).toEqual({ httpStatus: 401, status: 'INVALID_TOKEN_ID' })
      }
    })
  })

  describe('with an address allow-list', () => {
    let listed: TestApp
    beforeAll(async () => {
      listed = await buildTestApp({ config: { ...evolutionConfig, EVOLUTION_ALLOWED_ADDRESSES: '10.1.2.0/24, 192.0.2.7' } })
    })
    afterAll(async () => {
      await listed.close()
    })
    it('only the listed addresses get in, the right token or not; the others are 401 and write nothing', async () => {
      const who = await evolutionPlayer(listed, 100, '10.1.2.5')
      expect((await postEvolution(listed, 'balance', { sid: who.sid, userId: who.userId, currency: 'THB' })).status).toBe('INVALID_TOKEN_ID')
      const body = { sid: who.sid, userId: who.userId, currency: 'THB' }
      expect(await postEvolution(listed, 'balance', body, { address: '10.1.2.77' })).toMatchObject({ httpStatus: 200, status: 'OK', balance: '100.00' })
      expect(await postEvolution(listed, 'balance', body, { address: '192.0.2.7' })).toMatchObject({ status: 'OK' })
      const before = await logRows(listed)
      const ref = uid()
      expect(await postEvolution(listed, 'debit', money(who, uid(), ref, ref, '10'), { address: '10.1.3.1' })).toEqual({
        httpStatus: 401,
        status: 'INVALID_TOKEN_ID',
      })
      expect(await logRows(listed)).toBe(before)
      expect((await postEvolution(listed, 'balance', body, { address: '10.1.2.77' })).balance).toBe('100.00')
    })
  })
})

describe('Evolution: amounts from the JSON text', () => {
  it('a digit past the satang, a negative, an exponent, too many places or a foreign currency: INVALID_PARAMETER, nothing moved', async () => {
    const who = await evolutionPlayer(t, 100)
    const refs: string[] = []
    for (const [value, currency] of [
      ['10.001', 'THB'],
      ['-5', 'THB'],
      ['1e3', 'THB'],
      ['1E+1', 'THB'],
      ['10.0000001', 'THB'],
      ['10', 'USD'],
      ['10', 'thb'],
    ] as const) {
      const ref = uid()
      refs.push(ref)
      const answer = await postEvolution(t, 'debit', money(who, uid(), ref, ref, value, currency))
      expect(answer, `${value} ${currency}`).toEqual({ httpStatus: 200, status: 'INVALID_PARAMETER', balance: '100.00' })
      // A credit of such an amount is refused the same way.
      expect((await postEvolution(t, 'credit', money(who, uid(), uid(), ref, value, currency))).status).toBe('INVALID_PARAMETER')
    }
    for (const ref of refs) expect(await movesUnder(ref)).toEqual([])
    expect((await postEvolution(t, 'balance', { sid: who.sid, userId: who.userId, currency: 'THB' })).balance).toBe('100.00')
  })

  it('six places with zeros past the satang are exact; a body that is not JSON is INVALID_PARAMETER', async () => {
    const who = await evolutionPlayer(t, 100)
    const ref = uid()
    expect(await postEvolution(t, 'debit', money(who, uid(), ref, ref, '12.340000'))).toMatchObject({ status: 'OK', balance: '87.66' })
    const broken = await t.request('POST', `/api/protocols/evolution/debit?authToken=${EVOLUTION_TOKEN}`, {
      headers: { 'content-type': 'application/json' },
      payload: '{"sid": "x", "transaction": {"amount": 01}}',
    })
    expect(broken.statusCode).toBe(200)
    expect(broken.json()).toEqual({ status: 'INVALID_PARAMETER' })
    await expectLedgerOk(t)
  })
})

describe('Evolution: a cancel and a credit of one bet at once', () => {
  it('settle it once, whichever comes first: the other is BET_ALREADY_SETTLED and moves nothing', async () => {
    const who = await evolutionPlayer(t, 1000)
    let expected = 1000_00n
    for (let i = 0; i < 8; i++) {
      const round = uid()
      const ref = uid()
      expect((await postEvolution(t, 'debit', money(who, round, ref, ref, '10'))).status).toBe('OK')
      expected -= 10_00n
      const [cancelled, credited] = await Promise.all([
        postEvolution(t, 'cancel', money(who, round, ref, ref, '10')),
        postEvolution(t, 'credit', money(who, round, uid(), ref, '25')),
      ])
      const statuses = [cancelled.status, credited.status].sort()
      expect(statuses).toEqual(['BET_ALREADY_SETTLED', 'OK'])
      expected += cancelled.status === 'OK' ? 10_00n : 25_00n
    }
    const balance = await postEvolution(t, 'balance', { sid: who.sid, userId: who.userId, currency: 'THB' })
    expect(balance.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`)
    await expectLedgerOk(t)
    await expectTransfersMapToSeamless(t)
  })
})

describe('Evolution: the API document', () => {
  it('shows the routes under their own tag, with the token in the query as their security', async () => {
    const document = (await t.get('/api/openapi.json')).json()
    const route = document.paths['/api/protocols/evolution/{op}']
    expect(route.post.tags).toEqual(['Vendor wallet protocols'])
    expect(route.post.security).toEqual([{ evolutionToken: [] }])
    expect(document.components.securitySchemes.evolutionToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'authToken' })
  })
})
