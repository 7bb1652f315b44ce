import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { balanceOf, expectLedgerOk } from '../../../test/money.ts'
import { callSeamless, playing, sendMoney } from '../../../test/seamless.ts'
import { gameRounds, players, seamlessLog } from '../../db/schema.ts'

const t = useTestApp({ verifyLedger: 'end' })

const uid = () => crypto.randomUUID()

describe('seamless wallet', () => {
  it('bet then win moves the money, keeps one round record and answers the balance as a decimal string', async () => {
    const { token, session } = await playing(t, 1000)
    const round = uid()
    const bet = await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '100.50' })
    expect(bet.statusCode).toBe(200)
    expect(bet.json()).toEqual({ status: 'OK', balance: '899.50', tx_id: `${round}-b` })
    const win = await sendMoney(t, 'win', { session, round, tx: `${round}-w`, amount: '250.00' })
    expect(win.json()).toEqual({ status: 'OK', balance: '1149.50', tx_id: `${round}-w` })
    expect(await balanceOf(t, token)).toBe(1149.5)
    const [record] = await t.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, 'pgsoft'), eq(gameRounds.roundId, round)))
    expect(record).toMatchObject({ totalBet: 10_050n, totalWin: 25_000n, status: 'SETTLED' })
    const balance = await callSeamless(t, 'pgsoft', 'balance', { session_token: session })
    expect(balance.json()).toEqual({ status: 'OK', balance: '1149.50', tx_id: null })
  })

  it('a replayed bet returns the first answer and moves nothing; another amount with that tx_id is DUPLICATE', async () => {
    const { token, session } = await playing(t, 500)
    const body = { session_token: session, round_id: uid(), tx_id: uid(), amount: '50' }
    const first = await callSeamless(t, 'pgsoft', 'bet', body)
    const again = await callSeamless(t, 'pgsoft', 'bet', body)
    expect(again.json()).toEqual(first.json())
    expect(await balanceOf(t, token)).toBe(450)
    const changed = await callSeamless(t, 'pgsoft', 'bet', { ...body, amount: '60' })
    expect(changed.json()).toMatchObject({ status: 'DUPLICATE', balance: '450.00' })
    expect(await balanceOf(t, token)).toBe(450)
  })

  it('a replayed win pays once', async () => {
    const { token, session } = await playing(t, 100)
    const round = uid()
    await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '10', game: null })
    const body = { session_token: session, round_id: round, tx_id: `${round}-w`, amount: '30' }
    await callSeamless(t, 'pgsoft', 'win', body)
    await callSeamless(t, 'pgsoft', 'win', body)
    expect(await balanceOf(t, token)).toBe(120)
  })

  it('refuses a bet above the balance with the real balance, and replays that answer', async () => {
    const { token, session } = await playing(t, 30)
    const body = { session_token: session, round_id: uid(), tx_id: uid(), amount: '30.01' }
    const res = await callSeamless(t, 'pgsoft', 'bet', body)
    expect(res.json()).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '30.00' })
    expect((await callSeamless(t, 'pgsoft', 'bet', body)).json()).toEqual(res.json())
    expect(await balanceOf(t, token)).toBe(30)
  })

  it('rollback refunds a bet once; a second rollback changes nothing', async () => {
    const { token, session } = await playing(t, 200)
    const round = uid()
    await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '80', game: null })
    const rb = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r1`, ref_tx_id: `${round}-b` })
    expect(rb.json()).toMatchObject({ status: 'OK', balance: '200.00' })
    const rb2 = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r2`, ref_tx_id: `${round}-b` })
    expect(rb2.json()).toMatchObject({ status: 'OK', balance: '200.00' })
    expect(
      (await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r1`, ref_tx_id: `${round}-b` })).json(),
    ).toEqual(rb.json())
    expect(await balanceOf(t, token)).toBe(200)
    const [record] = await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, round))
    expect(record).toMatchObject({ totalBet: 0n, status: 'ROLLED_BACK' })
  })

  it("takes a bet whose tx_id reads like another bet's refund, and refunds that other bet, in either order", async () => {
    // A provider's tx_ids are any text: `rollback:<a bet's tx_id>` is one. The refund of that bet and the bet with
    // that tx_id are two movements of money and each must happen once.
    const { token, session } = await playing(t, 300)
    const round = uid()
    const bet = `${round}-b`
    await sendMoney(t, 'bet', { session, round, tx: bet, amount: '50', game: null })
    const refund = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r`, ref_tx_id: bet })
    expect(refund.json()).toMatchObject({ status: 'OK', balance: '300.00' })
    const lookalike = await sendMoney(t, 'bet', { session, round: uid(), tx: `rollback:${bet}`, amount: '20', game: null })
    expect(lookalike.json()).toEqual({ status: 'OK', balance: '280.00', tx_id: `rollback:${bet}` })

    // The other order: the look-alike bet first, then the bet it names, then that bet's rollback.
    const later = `${round}-b2`
    expect((await sendMoney(t, 'bet', { session, round: uid(), tx: `rollback:${later}`, amount: '30', game: null })).json()).toMatchObject({
      status: 'OK',
      balance: '250.00',
    })
    expect((await sendMoney(t, 'bet', { session, round, tx: later, amount: '40', game: null })).json()).toMatchObject({ status: 'OK', balance: '210.00' })
    const second = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r2`, ref_tx_id: later })
    expect(second.json()).toMatchObject({ status: 'OK', balance: '250.00' })
    expect(await balanceOf(t, token)).toBe(250)
    await expectLedgerOk(t)
  })

  it('a rollback arriving before its bet leaves a tombstone: the late bet is refused and takes nothing', async () => {
    const { token, session } = await playing(t, 100)
    const round = uid()
    const rb = await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r`, ref_tx_id: `${round}-b` })
    expect(rb.json()).toMatchObject({ status: 'OK', balance: '100.00' })
    const late = await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '40', game: null })
    expect(late.json()).toMatchObject({ status: 'DUPLICATE', balance: '100.00' })
    expect(await balanceOf(t, token)).toBe(100)
  })

  it('a rollback from one player’s session naming another player’s bet refunds nothing and tells nothing', async () => {
    const mallory = await playing(t, 100)
    const victim = await playing(t, 100)
    const round = uid()
    await sendMoney(t, 'bet', { session: victim.session, round, tx: `${round}-b`, amount: '40', game: null })
    const rb = await callSeamless(t, 'pgsoft', 'rollback', { session_token: mallory.session, round_id: round, tx_id: `${round}-r`, ref_tx_id: `${round}-b` })
    expect(rb.json()).toMatchObject({ status: 'TX_NOT_FOUND', balance: '100.00' })
    expect(await balanceOf(t, victim.token)).toBe(60)
    expect(await balanceOf(t, mallory.token)).toBe(100)
    // The bet still stands: its own player's win settles it as usual.
    expect((await sendMoney(t, 'win', { session: victim.session, round, tx: `${round}-w`, amount: '50', game: null })).json()).toMatchObject({
      status: 'OK',
      balance: '110.00',
    })
    await expectLedgerOk(t)
  })

  it('rollback of a settled round refunds the bet and keeps the win (the documented rule)', async () => {
    const { token, session } = await playing(t, 100)
    const round = uid()
    await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '10', game: null })
    await sendMoney(t, 'win', { session, round, tx: `${round}-w`, amount: '5', game: null })
    await callSeamless(t, 'pgsoft', 'rollback', { session_token: session, round_id: round, tx_id: `${round}-r`, ref_tx_id: `${round}-b` })
    expect(await balanceOf(t, token)).toBe(105)
    const [record] = await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, round))
    expect(record).toMatchObject({ totalBet: 0n, totalWin: 500n, status: 'SETTLED' })
  })

  it('gates only bets: after the session ends a bet is INVALID_SESSION, but a win and a rollback still go through', async () => {
    const { token, session } = await playing(t, 100)
    const round = uid()
    await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '10', game: null })
    t.clock.advance(121 * 60_000)
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-b2`, amount: '10', game: null })).json().status).toBe('INVALID_SESSION')
    expect((await sendMoney(t, 'win', { session, round, tx: `${round}-w`, amount: '20', game: null })).json().status).toBe('OK')
    expect(await balanceOf(t, token)).toBe(110)
  })

  it('refuses bets of a locked player but still pays wins', async () => {
    const { player, session } = await playing(t, 100)
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    const round = uid()
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-b`, amount: '10', game: null })).json().status).toBe('PLAYER_BLOCKED')
    expect((await sendMoney(t, 'win', { session, round, tx: `${round}-w`, amount: '10', game: null })).json().status).toBe('OK')
    await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
  })

  it('refuses the very next bet once a player is locked, though the game session was already in use, and takes bets again after unlocking', async () => {
    const { player, token, session } = await playing(t, 100)
    const round = uid()
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-b1`, amount: '10', game: null })).json().status).toBe('OK')
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-b2`, amount: '10', game: null })).json()).toMatchObject({
      status: 'PLAYER_BLOCKED',
      balance: '90.00',
    })
    await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-b3`, amount: '10', game: null })).json()).toMatchObject({
      status: 'OK',
      balance: '80.00',
    })
    expect(await balanceOf(t, token)).toBe(80)
  })

  it('answers INVALID_SESSION for an unknown token or a token of another provider', async () => {
    const { session } = await playing(t, 100)
    expect((await callSeamless(t, 'pgsoft', 'bet', { session_token: 'nope', round_id: 'r', tx_id: uid(), amount: '1' })).json().status).toBe('INVALID_SESSION')
    expect((await callSeamless(t, 'jili', 'bet', { session_token: session, round_id: 'r', tx_id: uid(), amount: '1' })).json().status).toBe('INVALID_SESSION')
  })

  it('never takes a wallet below zero under 20 concurrent bets', async () => {
    const { token, session } = await playing(t, 100)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: uid(), tx_id: uid(), amount: '10' })),
    )
    const statuses = results.map((r) => r.json().status)
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(10)
    expect(statuses.filter((s) => s === 'INSUFFICIENT_FUNDS')).toHaveLength(10)
    expect(await balanceOf(t, token)).toBe(0)
    await expectLedgerOk(t)
  })

  it('keeps every signed request and answer verbatim', async () => {
    const { session } = await playing(t, 100)
    const tx = uid()
    await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: 'log-round', tx_id: tx, amount: '1.00' })
    const [entry] = await t.db.select().from(seamlessLog).where(eq(seamlessLog.txId, tx))
    expect(JSON.parse(entry!.request)).toMatchObject({ tx_id: tx, amount: '1.00' })
    expect(JSON.parse(entry!.response)).toMatchObject({ status: 'OK', tx_id: tx })
  })

  it.each([
    ['no signature', null],
    ['a wrong signature', `sha256=${'a'.repeat(64)}`],
  ])('answers 401 to %s and stores nothing', async (_name, signature) => {
    const { token, session } = await playing(t, 100)
    const tx = uid()
    const res = await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: 'r', tx_id: tx, amount: '10' }, { signature })
    expect(res.statusCode).toBe(401)
    expect(await balanceOf(t, token)).toBe(100)
    expect(await t.db.select().from(seamlessLog).where(eq(seamlessLog.txId, tx))).toHaveLength(0)
  })

  it('uses SEAMLESS_SECRET_<CODE> and SEAMLESS_SIGNATURE_<CODE> for one provider when set', async () => {
    const own = await buildTestApp({ config: { SEAMLESS_SECRET_PGSOFT: 'pgsoft-only-secret-123', SEAMLESS_SIGNATURE_JILI: 'body' } })
    try {
      const res = await callSeamless(own, 'pgsoft', 'balance', { session_token: 'x' })
      expect(res.statusCode).toBe(401)
      const signed = await callSeamless(own, 'pgsoft', 'balance', { session_token: 'x' }, { secret: 'pgsoft-only-secret-123' })
      expect(signed.json().status).toBe('INVALID_SESSION')
      // jili is set to sign the body only (a provider that cannot do better): that is what it accepts, at any time;
      // every other provider keeps the timestamped scheme and refuses a body-only signature.
      const old = new Date(own.clock.now().getTime() - 24 * 3600_000)
      expect((await callSeamless(own, 'jili', 'balance', { session_token: 'x' }, { scheme: 'body', at: old })).json().status).toBe('INVALID_SESSION')
      expect((await callSeamless(own, 'jili', 'balance', { session_token: 'x' })).statusCode).toBe(401)
      expect((await callSeamless(own, 'pgsoft', 'balance', { session_token: 'x' }, { secret: 'pgsoft-only-secret-123', scheme: 'body' })).statusCode).toBe(401)
    } finally {
      await own.close()
    }
  })

  it.each([
    ['amount as a number', { amount: 10 }],
    ['three decimals', { amount: '1.005' }],
    ['a negative amount', { amount: '-5' }],
    ['a zero bet', { amount: '0' }],
    ['1e309', { amount: '1e309' }],
    ['no tx_id', { tx_id: undefined }],
    ['an unknown field', { player_id: 1 }],
  ])('answers BAD_REQUEST (400) to a bet with %s and moves nothing', async (_name, change) => {
    const { token, session } = await playing(t, 100)
    const res = await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: 'r', tx_id: uid(), amount: '10', ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'BAD_REQUEST', message: expect.stringMatching(/./) })
    expect(await balanceOf(t, token)).toBe(100)
  })

  it('answers 404 for an unknown provider', async () => {
    const res = await callSeamless(t, 'nosuchstudio', 'balance', { session_token: 'x' })
    expect(res.statusCode).toBe(404)
    expect(res.json().status).toBe('BAD_REQUEST')
  })

  it('closes rounds left open too long', async () => {
    const { session } = await playing(t, 100)
    const round = uid()
    await sendMoney(t, 'bet', { session, round, tx: uid(), amount: '1', game: null })
    t.clock.advance(61 * 60_000)
    expect(await t.services.seamless.closeStaleRounds(60)).toBeGreaterThanOrEqual(1)
    const [record] = await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, round))
    expect(record?.status).toBe('CLOSED')
  })
})
