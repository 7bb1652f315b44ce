import { randomUUID } from 'node:crypto'
import type { SeamlessAnswer } from '@sanam/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { players } from '../src/db/schema.ts'
import { buildTestApp, type TestApp } from './app.ts'
import { makePlayer } from './factories.ts'
import { balanceOf, expectLedgerOk, fund, loginPlayer } from './money.ts'
import { launch } from './seamless.ts'

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

    it('duplicate bet: debited once, the replay answers the same', async () => {
      const { token, session } = await playing(100)
      const call = { round: id(), tx: id(), amount: '10.00' }
      const first = await driver.bet(session, call)
      expect(first.status).toBe('OK')
      expect(await driver.bet(session, call)).toEqual(first)
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })

    it('duplicate win: paid once', async () => {
      const { token, session } = await playing(100)
      const round = id()
      await driver.bet(session, { round, tx: id(), amount: '10.00' })
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
      const { token, session } = await playing(100)
      const round = id()
      const betTx = id()
      await driver.bet(session, { round, tx: betTx, amount: '40.00' })
      await driver.rollback(session, { round, tx: id(), ref: betTx })
      await driver.rollback(session, { round, tx: id(), ref: betTx })
      expect(await balanceOf(t, token)).toBe(100)
      await expectLedgerOk(t)
    })

    it('win after the session expired: still paid', async () => {
      const { token, session } = await playing(100)
      const round = id()
      await driver.bet(session, { round, tx: id(), amount: '10.00' })
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

    it('timeout then retry: the bet counts once', async () => {
      const { token, session } = await playing(100)
      const answer = await driver.betAfterTimeout(session, { round: id(), tx: id(), amount: '10.00' })
      expect(answer.status).toBe('OK')
      expect(await balanceOf(t, token)).toBe(90)
      await expectLedgerOk(t)
    })
  })
}
