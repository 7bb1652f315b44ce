import { randomUUID } from 'node:crypto'
import type { SeamlessAnswer } from '@sanam/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { players } from '../src/db/schema.ts'
import { buildTestApp, type TestApp } from './app.ts'
import { makePlayer } from './factories.ts'
import { balanceOf, expectLedgerOk, fund, loginPlayer } from './money.ts'
import { callSeamless, launch } from './seamless.ts'

/** What a provider adapter does on the wire, driven by the kit. Amounts are decimal strings of baht. */
export interface ProviderDriver {
  balance(session: string): Promise<SeamlessAnswer>
  bet(session: string, call: { round: string; tx: string; amount: string }): Promise<SeamlessAnswer>
  win(session: string, call: { round: string; tx: string; amount: string }): Promise<SeamlessAnswer>
  rollback(session: string, call: { round: string; tx: string; ref: string }): Promise<SeamlessAnswer>
  /** A bet whose first answer never reaches the provider (a timeout): the adapter retries as it would in production. */
  betAfterTimeout(session: string, call: { round: string; tx: string; amount: string }): Promise<SeamlessAnswer>
}

/**
 * The conformance kit every game provider adapter must pass (issue 4, item 7). `makeDriver` gets the running test
 * app and answers the adapter under test, talking to the real seamless API. The ledger is verified after each case.
 */
export function describeSeamlessConformance(name: string, makeDriver: (t: TestApp) => ProviderDriver, provider = 'pgsoft', game = 'fortune_ox') {
  describe(`seamless conformance: ${name}`, () => {
    let t: TestApp
    let driver: ProviderDriver
    beforeAll(async () => {
      t = await buildTestApp()
      driver = makeDriver(t)
    })
    afterAll(async () => {
      await t.close()
    })

    async function playing(amount: number) {
      const player = await makePlayer(t.db)
      if (amount) await fund(t, player, amount)
      const token = await loginPlayer(t, player)
      return { player, token, session: await launch(t, token, provider, game) }
    }
    const id = () => randomUUID()

    /** A player with 100 baht who has just bet `amount` in a new round, its bet's transaction `betTx`. */
    async function betPlaced(amount: string) {
      const played = await playing(100)
      const round = id()
      const betTx = id()
      await driver.bet(played.session, { round, tx: betTx, amount })
      return { ...played, round, betTx }
    }

    it('duplicate bet: debited once, the replay answers the same', async () => {
      const { token, session } = await playing(100)
      const call = { round: id(), tx: id(), amount: '10.00' }
      const first = await driver.bet(session, call)
      expect(first.status).toBe('OK')
      expect(await driver.bet(session, call)).toEqual(first)
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })

    it('a bet past the player’s daily loss limit: LIMIT_EXCEEDED, nothing moved; wins and rollbacks still settle (ADR 048)', async () => {
      const { token, session } = await playing(100)
      expect((await t.post('/api/responsible-play/limits', { kind: 'LOSS_DAY', value: 30 }, token)).statusCode).toBe(200)
      const round = id()
      const betTx = id()
      expect((await driver.bet(session, { round, tx: betTx, amount: '30.00' })).status).toBe('OK')
      const call = { round: id(), tx: id(), amount: '10.00' }
      const refused = await driver.bet(session, call)
      expect(refused).toMatchObject({ status: 'LIMIT_EXCEEDED', balance: '70.00' })
      // Sent again (a provider's retry), the same refusal; still nothing moved.
      expect(await driver.bet(session, call)).toEqual(refused)
      expect((await driver.win(session, { round, tx: id(), amount: '5.00' })).status).toBe('OK')
      expect((await driver.rollback(session, { round, tx: id(), ref: betTx })).status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(105)
      await expectLedgerOk(t)
    })

    it('duplicate win: paid once', async () => {
      const { token, session, round } = await betPlaced('10.00')
      const win = { round, tx: id(), amount: '25.00' }
      await driver.win(session, win)
      await driver.win(session, win)
      expect(await balanceOf(t, token)).toBe(115)
      await expectLedgerOk(t)
    })

    it('rollback before bet: the late bet is refused and takes nothing', async () => {
      const { token, session } = await playing(100)
      const round = id()
      const betTx = id()
      expect((await driver.rollback(session, { round, tx: id(), ref: betTx })).status).toBe('OK')
      expect((await driver.bet(session, { round, tx: betTx, amount: '10.00' })).status).not.toBe('OK')
      expect(await balanceOf(t, token)).toBe(100)
      await expectLedgerOk(t)
    })

    it('double rollback: refunded once', async () => {
      const { token, session, round, betTx } = await betPlaced('40.00')
      await driver.rollback(session, { round, tx: id(), ref: betTx })
      await driver.rollback(session, { round, tx: id(), ref: betTx })
      expect(await balanceOf(t, token)).toBe(100)
      await expectLedgerOk(t)
    })

    it('win after the session expired: still paid', async () => {
      const { token, session, round } = await betPlaced('10.00')
      t.clock.advance(24 * 60 * 60_000)
      expect((await driver.win(session, { round, tx: id(), amount: '30.00' })).status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(120)
      await expectLedgerOk(t)
    })

    it('bet on a blocked player: refused, nothing taken', async () => {
      const { player, token, session } = await playing(100)
      await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
      expect((await driver.bet(session, { round: id(), tx: id(), amount: '10.00' })).status).toBe('PLAYER_BLOCKED')
      await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
      expect(await balanceOf(t, token)).toBe(100)
      await expectLedgerOk(t)
    })

    it('concurrent bets exceeding the balance: never below zero', async () => {
      const { token, session } = await playing(50)
      const answers = await Promise.all(Array.from({ length: 12 }, () => driver.bet(session, { round: id(), tx: id(), amount: '10.00' })))
      expect(answers.filter((a) => a.status === 'OK')).toHaveLength(5)
      expect(await balanceOf(t, token)).toBe(0)
      await expectLedgerOk(t)
    })

    // The signature (ADR 015) covers the method, the path, the X-Timestamp header and the body. These calls are signed
    // by hand with the demo secret, the way a provider on the default scheme signs.
    it('signature: a timestamp more than 5 minutes off is refused with a 4xx envelope, and nothing moves', async () => {
      const { token, session } = await playing(100)
      const body = { session_token: session, round_id: id(), tx_id: id(), amount: '10.00' }
      for (const skew of [-6 * 60_000, 6 * 60_000]) {
        const res = await callSeamless(t, provider, 'bet', body, { at: new Date(t.clock.now().getTime() + skew) })
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ success: false, code: 'SIGNATURE_EXPIRED' })
      }
      // Within the window either way it is accepted.
      expect((await callSeamless(t, provider, 'bet', body, { at: new Date(t.clock.now().getTime() - 4 * 60_000) })).json().status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })

    it('signature: a call signed for another path (a bet signed as a win) or with no timestamp is refused', async () => {
      const { token, session } = await playing(100)
      const body = { session_token: session, round_id: id(), tx_id: id(), amount: '10.00' }
      const swapped = await callSeamless(t, provider, 'win', body, { signedPath: `/api/seamless/${provider}/bet` })
      expect(swapped.statusCode).toBe(401)
      expect(swapped.json().code).toBe('BAD_SIGNATURE')
      // The body-only signature of the old scheme is not enough for a provider on the timestamped one.
      const bodyOnly = await callSeamless(t, provider, 'win', body, { scheme: 'body' })
      expect(bodyOnly.statusCode).toBe(401)
      expect(await balanceOf(t, token)).toBe(100)
      await expectLedgerOk(t)
    })

    it('signature: the same body sent again later with a new timestamp is still exactly once by tx_id', async () => {
      const { token, session } = await playing(100)
      const raw = JSON.stringify({ request_id: id(), session_token: session, round_id: id(), tx_id: id(), amount: '10.00' })
      const first = await callSeamless(t, provider, 'bet', {}, { raw })
      expect(first.json().status).toBe('OK')
      t.clock.advance(10 * 60_000)
      const again = await callSeamless(t, provider, 'bet', {}, { raw })
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual(first.json())
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })

    // The round policy (ADR 082): Sanam's own protocol keeps the answers its contract documents. A vendor's protocol
    // adapter may register stricter ones for its provider (modules/protocols); these are what this kit's providers get.
    it('round policy (ADR 082): a win in a round with no bet is paid; a rollback after the win refunds the bet and the win stands', async () => {
      const { token, session } = await playing(100)
      expect((await driver.win(session, { round: id(), tx: id(), amount: '5.00' })).status).toBe('OK')
      const round = id()
      const betTx = id()
      expect((await driver.bet(session, { round, tx: betTx, amount: '10.00' })).status).toBe('OK')
      expect((await driver.win(session, { round, tx: id(), amount: '30.00' })).status).toBe('OK')
      expect((await driver.win(session, { round, tx: id(), amount: '1.00' })).status).toBe('OK')
      expect((await driver.rollback(session, { round, tx: id(), ref: betTx })).status).toBe('OK')
      expect((await driver.rollback(session, { round, tx: id(), ref: id() })).status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(136)
      await expectLedgerOk(t)
    })

    it('timeout then retry: the bet counts once', async () => {
      const { token, session } = await playing(100)
      const answer = await driver.betAfterTimeout(session, { round: id(), tx: id(), amount: '10.00' })
      expect(answer.status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })
  })
}
