import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { balanceOf, expectLedgerOk, fund, signedInPlayer, takePromotion, type SignedInPlayer } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { playerPromotions } from '../../db/schema.ts'

const t = useTestApp({ verifyLedger: 'end' })

const r = (type: string, value: unknown) => ({ type, value })

const draft = (token: string, amount: number, promotion: number | null) => t.post('/api/wallet/deposit/draft_bill', { amount, promotion }, token)

const take = (who: SignedInPlayer, promotionId: number, amount: number) => takePromotion(t, who, promotionId, amount)

/** Plays one round: bet then win (0 = lost). */
async function play(session: string, provider: string, game: string, bet: string, win: string) {
  const round = crypto.randomUUID()
  const b = await callSeamless(t, provider, 'bet', { session_token: session, round_id: round, tx_id: `${round}-b`, amount: bet, game_code: game })
  expect(b.json().status).toBe('OK')
  await callSeamless(t, provider, 'win', { session_token: session, round_id: round, tx_id: `${round}-w`, amount: win, game_code: game })
}

describe('promotions', () => {
  it('lists offers with their typed rules, and only those the player may take', async () => {
    const fresh = await makePromotion(t.db, { title: 'ใหม่', rules: [r('NEW_MEMBER', 1), r('MIN_DEPOSIT', 100)] })
    const old = await makePromotion(t.db, { title: 'เก่า', creditGivenType: 'PERCENT', creditGiven: 2_500n, rules: [r('OLD_MEMBER', 1)] })
    const newbie = await signedInPlayer(t)
    const list = (await t.get('/api/promotion', newbie.token)).json().data.list
    expect(list.find((p: { id: number }) => p.id === fresh.id)).toMatchObject({
      credit_given: 100,
      credit_given_type: 'FIXED',
      rules: [
        { type: 'NEW_MEMBER', value: 1 },
        { type: 'MIN_DEPOSIT', value: 100 },
      ],
    })
    expect(list.some((p: { id: number }) => p.id === old.id)).toBe(false)
    const regular = await signedInPlayer(t, {}, { cash: 100 })
    const list2 = (await t.get('/api/promotion', regular.token)).json().data.list
    expect(list2.find((p: { id: number }) => p.id === old.id)).toMatchObject({ credit_given: 25, credit_given_type: 'PERCENT' })
    expect(list2.some((p: { id: number }) => p.id === fresh.id)).toBe(false)
  })

  it('checks eligibility and the deposit range on the draft bill', async () => {
    const fresh = await makePromotion(t.db, { rules: [r('NEW_MEMBER', 1)] })
    const old = await makePromotion(t.db, { rules: [r('OLD_MEMBER', 1)] })
    const ranged = await makePromotion(t.db, { rules: [r('MIN_DEPOSIT', 300), r('MAX_DEPOSIT', 1000)] })
    const newbie = await signedInPlayer(t)
    const regular = await signedInPlayer(t, {}, { cash: 100 })
    expect((await draft(regular.token, 100, fresh.id)).json().message).toBe('โปรโมชั่นนี้สำหรับสมาชิกใหม่เท่านั้น')
    expect((await draft(newbie.token, 100, old.id)).json().message).toBe('โปรโมชั่นนี้สำหรับสมาชิกเก่าเท่านั้น')
    expect((await draft(newbie.token, 299, ranged.id)).json().message).toBe('โปรโมชั่นนี้ต้องฝากขั้นต่ำ 300 บาท')
    expect((await draft(newbie.token, 1000.01, ranged.id)).json().message).toBe('โปรโมชั่นนี้ฝากได้สูงสุด 1,000 บาท')
    expect((await draft(newbie.token, 100, 999_999)).statusCode).toBe(422)
    expect((await draft(newbie.token, 300, ranged.id)).statusCode).toBe(200)
  })

  it('a provider lobby honours the promotion: refused for a prohibited provider or when any of its games is of a prohibited type', async () => {
    const promo = await makePromotion(t.db, { rules: [r('PROHIBITED_GAMES_PROVIDER', 'sbo'), r('PROHIBITED_GAMES_TYPE', ['card'])] })
    const who = await signedInPlayer(t)
    const lobby = (provider: string) => t.post('/api/portal/lobby', { provider_id: provider, lang: 'th' }, who.token)
    // Before the promotion every lobby opens.
    for (const provider of ['sbo', 'awcsexy', 'saba']) expect((await lobby(provider)).statusCode).toBe(200)

    await take(who, promo.id, 300)
    const sbo = await lobby('sbo')
    expect(sbo.statusCode).toBe(422)
    expect(sbo.json()).toMatchObject({ code: 'PROMOTION_PROHIBITED', message: 'โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่นเกมนี้' })
    // AE Sexy is live casino, but one of its games (Sexy Pok Deng) is a card game.
    const sexy = await lobby('awcsexy')
    expect(sexy.statusCode).toBe(422)
    expect(sexy.json().code).toBe('PROMOTION_PROHIBITED_LOBBY')
    // Its allowed games still launch one by one; the card game does not.
    expect((await t.post('/api/portal/launch', { provider_id: 'awcsexy', lang: 'th', game_code: 'sexy_baccarat' }, who.token)).statusCode).toBe(200)
    expect((await t.post('/api/portal/launch', { provider_id: 'awcsexy', lang: 'th', game_code: 'sexy_pok_deng' }, who.token)).statusCode).toBe(422)
    // A lobby with no prohibited game type opens.
    expect((await lobby('saba')).statusCode).toBe(200)
  })

  it('journey: bonus capped by MAX_BONUS, turnover from allowed bets only, withdrawal blocked until met, then a mandatory amount and the rest forfeited', async () => {
    const promo = await makePromotion(t.db, {
      title: 'โบนัส 50%',
      creditGivenType: 'PERCENT',
      creditGiven: 5_000n,
      rules: [
        r('MAX_BONUS', 100),
        r('TURNOVER_BY_MUTIPLE', 2),
        r('MAX_WITHDRAW', 300),
        r('PROHIBITED_GAMES_PROVIDER', 'jili'),
        r('PROHIBITED_GAMES_TYPE', [4]),
      ],
    })
    const who = await signedInPlayer(t)
    await take(who, promo.id, 400)
    expect(await balanceOf(t, who.token)).toBe(500)

    const me = (await t.get('/api/user/@me', who.token)).json().data
    expect(me.promotion).toMatchObject({
      enabled: true,
      info: { title: 'โบนัส 50%', turnover: { type: 'TURNOVER', total: 800, current: 0 }, credit_given: 100 },
    })

    const blocked = await t.post('/api/wallet/withdraw', { amount: 300 }, who.token)
    expect(blocked.statusCode).toBe(422)
    expect(blocked.json().message).toContain('ยังถอนไม่ได้')

    // Prohibited: launches refused; a bet there (through another session) would not count.
    const refused = await t.post('/api/portal/launch', { provider_id: 'jili', lang: 'th', game_code: 'super_ace' }, who.token)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe('โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่นเกมนี้')
    const fishing = await t.post('/api/portal/launch', { provider_id: 'cq9', lang: 'th', game_code: 'paradise_fishing' }, who.token)
    expect(fishing.statusCode).toBe(422)

    const slot = await launch(t, who.token, 'pgsoft', 'fortune_ox')
    for (let i = 0; i < 4; i++) await play(slot, 'pgsoft', 'fortune_ox', '200.00', '200.00')
    const progress = (await t.get('/api/user/@me', who.token)).json().data.promotion.info.turnover
    expect(progress).toEqual({ type: 'TURNOVER', total: 800, current: 800 })

    const config = (await t.get('/api/wallet/withdraw', who.token)).json().data
    expect(config.options).toEqual({ mandatory: true, value: 300 })
    const wrong = await t.post('/api/wallet/withdraw', { amount: 200 }, who.token)
    expect(wrong.statusCode).toBe(422)
    const ok = await t.post('/api/wallet/withdraw', { amount: 300 }, who.token)
    expect(ok.statusCode).toBe(200)
    expect(await balanceOf(t, who.token)).toBe(0)
    const balances = await t.services.ledger.balances(t.db, who.id)
    expect(balances.withdraw_hold).toBe(30_000n)

    const [row] = await t.db.select().from(playerPromotions).where(eq(playerPromotions.playerId, who.id))
    expect(row?.status).toBe('COMPLETED')
    const history = (await t.get('/api/promotion/histories?page=0', who.token)).json().data
    expect(history.list[0]).toMatchObject({ bonus: 100, status: 'SUCCESS' })
    expect((await t.get('/api/user/@me', who.token)).json().data.promotion).toEqual({ enabled: false })
    await expectLedgerOk(t)
  })

  it('the withdraw terms say what may be withdrawn now and what holds the rest; the refusal formats the amount; @me carries the rules', async () => {
    const rules = [r('TURNOVER_BY_MUTIPLE', 5), r('PROHIBITED_GAMES_PROVIDER', 'jili')]
    const promo = await makePromotion(t.db, { title: 'ฝากแรก รับ 100', creditGivenType: 'FIXED', creditGiven: 10_000n, rules })
    const who = await signedInPlayer(t)
    const before = (await t.get('/api/wallet/withdraw', who.token)).json().data
    expect(before).toMatchObject({ withdrawable: 0, held_by: null })
    await take(who, promo.id, 300)
    expect(await balanceOf(t, who.token)).toBe(400)

    const held = (await t.get('/api/wallet/withdraw', who.token)).json().data
    expect(held).toMatchObject({ withdrawable: 0, held_by: { title: 'ฝากแรก รับ 100', type: 'TURNOVER', left: 1500 } })
    const refused = await t.post('/api/wallet/withdraw', { amount: 300 }, who.token)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe('ยังถอนไม่ได้ เนื่องจากยังทำยอดโปรโมชั่นไม่ครบ (ยอดเล่นอีก 1,500 บาท)')
    expect((await t.get('/api/user/@me', who.token)).json().data.promotion.info.rules).toEqual(rules)

    const slot = await launch(t, who.token)
    for (let i = 0; i < 5; i++) await play(slot, 'pgsoft', 'fortune_ox', '300.00', '300.00')
    expect((await t.get('/api/wallet/withdraw', who.token)).json().data).toMatchObject({ withdrawable: 400, held_by: null })
    await expectLedgerOk(t)
  })

  it('TURNOVER_BY_CREDIT: withdrawal waits until the balance reaches the value; MIN_WITHDRAW applies', async () => {
    const promo = await makePromotion(t.db, { creditGivenType: 'FIXED', creditGiven: 10_000n, rules: [r('TURNOVER_BY_CREDIT', 1000), r('MIN_WITHDRAW', 500)] })
    const who = await signedInPlayer(t)
    await take(who, promo.id, 300)
    expect(await balanceOf(t, who.token)).toBe(400)
    const info = (await t.get('/api/user/@me', who.token)).json().data.promotion.info
    expect(info).toMatchObject({ turnover: { type: 'CREDIT', total: 1000, current: 400 }, withdraw: { min: 500 } })
    expect((await t.post('/api/wallet/withdraw', { amount: 100 }, who.token)).statusCode).toBe(422)

    const slot = await launch(t, who.token)
    await play(slot, 'pgsoft', 'fortune_ox', '100.00', '800.00')
    expect(await balanceOf(t, who.token)).toBe(1100)
    const low = await t.post('/api/wallet/withdraw', { amount: 400 }, who.token)
    expect(low.json().message).toBe('ยอดถอนขั้นต่ำ 500 บาท')
    expect((await t.post('/api/wallet/withdraw', { amount: 500 }, who.token)).statusCode).toBe(200)
    expect(await balanceOf(t, who.token)).toBe(600)
    await expectLedgerOk(t)
  })

  it('refuses a second promotion while one is active', async () => {
    const a = await makePromotion(t.db, { rules: [r('TURNOVER_BY_MUTIPLE', 10)] })
    const b = await makePromotion(t.db, { rules: [] })
    const who = await signedInPlayer(t)
    await take(who, a.id, 100)
    const second = await draft(who.token, 100, b.id)
    expect(second.statusCode).toBe(422)
    expect(second.json().message).toBe('คุณมีโปรโมชั่นที่ยังไม่สิ้นสุดอยู่แล้ว')
  })

  it('ends the promotion (forfeit, with the reason) when the balance falls below 1 baht', async () => {
    const promo = await makePromotion(t.db, { creditGivenType: 'FIXED', creditGiven: 50n, rules: [r('TURNOVER_BY_MUTIPLE', 10)] })
    const who = await signedInPlayer(t)
    await take(who, promo.id, 100)
    expect(await balanceOf(t, who.token)).toBe(100.5)
    const slot = await launch(t, who.token)
    await play(slot, 'pgsoft', 'fortune_ox', '100.00', '0.00')
    expect(await balanceOf(t, who.token)).toBe(0)
    const [row] = await t.db.select().from(playerPromotions).where(eq(playerPromotions.playerId, who.id))
    expect(row).toMatchObject({ status: 'FORFEITED', endReason: 'ยอดเงินต่ำกว่า 1 บาท' })
    const history = (await t.get('/api/promotion/histories', who.token)).json().data
    expect(history.list[0]).toMatchObject({ status: 'FAIL' })
    await expectLedgerOk(t)
  })

  it('a deposit without a bill carries no bonus', async () => {
    const who = await signedInPlayer(t)
    await fund(t, who, 200)
    expect(await balanceOf(t, who.token)).toBe(200)
    expect((await t.get('/api/user/@me', who.token)).json().data.promotion).toEqual({ enabled: false })
  })
})
