import { msg, promotionRules } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakePlan } from '../../../test/fakes/plan.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { fakePromotionsRepository } from '../../../test/fakes/promotions.ts'
import type { GameRow, ProviderRow } from '../games/games.repository.ts'
import { createPromotionService } from './promotions.service.ts'
import { fakeExclusionsRepository } from '../../../test/fakes/exclusions.ts'

const PLAYER = 1
const tx = fakeDb()

/** A promotion service on fakes, the site's minimum withdrawal 100 baht. */
function setup() {
  const money = fakeLedger()
  const store = fakePromotionsRepository()
  const exclusions = fakeExclusionsRepository()
  const sut = createPromotionService({
    db: tx,
    ledger: money.ledger,
    clock: manualClock(),
    plan: fakePlan(),
    promotionsRepository: store.repository,
    gamesRepository: store.gamesRepository,
    exclusionsRepository: exclusions.repository,
  })
  /** The player's matched deposit of `baht` under `promotionId`: the cash credited, then the promotion's hook. */
  async function deposit(promotionId: number, baht: number, depositId = store.creditedDeposits.length + 1) {
    money.fund(PLAYER, BigInt(baht) * 100n)
    store.creditedDeposits.push({ id: depositId, playerId: PLAYER })
    await sut.onDepositCredited(tx, { playerId: PLAYER, depositId, amount: BigInt(baht) * 100n, promotionId })
  }
  return { sut, money, store, deposit, exclusions }
}

const provider = (code: string): ProviderRow => ({
  code,
  title: code,
  image: '',
  types: [],
  maintenance: false,
  lobby: true,
  sort: 0,
  popularity: 0,
  adapter: 'demo',
  updatedAt: new Date(),
})

describe('taking a promotion', () => {
  it('pays the percentage bonus, capped by MAX_BONUS, and sets the turnover target from the deposit', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ creditGivenType: 'PERCENT', creditGiven: 1000n, rules: promotionRules({ MAX_BONUS: 30, TURNOVER_BY_MUTIPLE: 5 }) })
    await deposit(offer.id, 500)
    expect(money.balance(PLAYER)).toBe(53_000n)
    expect(store.taken[0]).toMatchObject({ status: 'ACTIVE', bonus: 3_000n, turnoverType: 'TURNOVER', turnoverTarget: 250_000n })
    expect((await sut.info(PLAYER)).info).toMatchObject({ credit_given: 30, turnover: { type: 'TURNOVER', total: 2500, current: 0 } })
  })

  it('NEW_MEMBER is for a first deposit only: listed and accepted before it, refused after', async () => {
    const { sut, store, deposit } = setup()
    const welcome = store.addOffer({ rules: [{ type: 'NEW_MEMBER', value: 1 }] })
    expect((await sut.list(PLAYER)).map((p) => p.id)).toEqual([welcome.id])
    await sut.checkDraft(PLAYER, welcome.id, 50_000n)
    await deposit(welcome.id, 500)
    // The deposit being credited does not make its own player an old member: the promotion started.
    expect(store.taken).toHaveLength(1)
    await sut.onWithdrawn(tx, PLAYER)
    expect(await sut.list(PLAYER)).toEqual([])
    await expect(sut.checkDraft(PLAYER, welcome.id, 50_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
  })

  it('refuses a second promotion while one is active, and a deposit outside the range with the limit in baht', async () => {
    const { sut, store, deposit } = setup()
    const ranged = store.addOffer({ rules: promotionRules({ MIN_DEPOSIT: 300, MAX_DEPOSIT: 5000 }) })
    await expect(sut.checkDraft(PLAYER, ranged.id, 20_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('300') })
    await expect(sut.checkDraft(PLAYER, ranged.id, 600_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('5,000') })
    await deposit(ranged.id, 500)
    await expect(sut.checkDraft(PLAYER, ranged.id, 50_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    expect(await sut.list(PLAYER)).toEqual([])
  })

  it('refuses an unknown or switched-off promotion, and credits a deposit without bonus when the player is no longer eligible', async () => {
    const { sut, money, store, deposit } = setup()
    const off = store.addOffer({ active: false })
    await expect(sut.checkDraft(PLAYER, off.id, 50_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    await expect(sut.checkDraft(PLAYER, 99, 50_000n)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    const capped = store.addOffer({ rules: [{ type: 'MAX_DEPOSIT', value: 100 }] })
    await deposit(capped.id, 500)
    expect(money.balance(PLAYER)).toBe(50_000n)
    expect(store.taken).toHaveLength(0)
  })
})

describe('turnover', () => {
  it('counts bets on allowed games only, and a rollback takes its bet back', async () => {
    const { sut, store, deposit } = setup()
    store.addGame('pgsoft', 'fortune_ox', 'SLOT')
    store.addGame('jili', 'fish_hunter', 'FISHING')
    const offer = store.addOffer({ rules: promotionRules({ TURNOVER_BY_MUTIPLE: 2, PROHIBITED_GAMES_TYPE: [4], PROHIBITED_GAMES_PROVIDER: ['evo'] }) })
    await deposit(offer.id, 100)
    await sut.onBets(tx, [
      { playerId: PLAYER, providerCode: 'pgsoft', gameCode: 'fortune_ox', amount: 1_000n },
      { playerId: PLAYER, providerCode: 'jili', gameCode: 'fish_hunter', amount: 2_000n },
      { playerId: PLAYER, providerCode: 'evo', gameCode: null, amount: 4_000n },
      { playerId: 2, providerCode: 'pgsoft', gameCode: 'fortune_ox', amount: 8_000n },
    ])
    expect(store.taken[0]?.turnoverCurrent).toBe(1_000n)
    await sut.onRollbacks(tx, [
      { playerId: PLAYER, providerCode: 'pgsoft', gameCode: 'fortune_ox', amount: 1_000n, placedAt: new Date('2030-01-01T00:00:00Z') },
    ])
    expect(store.taken[0]?.turnoverCurrent).toBe(0n)
  })
})

describe('withdrawing under a promotion', () => {
  it('is blocked until the turnover is met, saying how much is left; then MAX_WITHDRAW sets the one amount and the rest is forfeited', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ creditGivenType: 'FIXED', creditGiven: 50_000n, rules: promotionRules({ TURNOVER_BY_MUTIPLE: 2, MAX_WITHDRAW: 1000 }) })
    await deposit(offer.id, 1000)
    expect(money.balance(PLAYER)).toBe(150_000n)
    const blocked = await sut.withdrawTerms(tx, PLAYER)
    expect(blocked.blocked).toContain('2,000')

    await sut.onBets(tx, [{ playerId: PLAYER, providerCode: 'pgsoft', gameCode: null, amount: 200_000n }])
    const terms = await sut.withdrawTerms(tx, PLAYER)
    expect(terms).toEqual({ min: 10_000n, mandatory: true, value: 100_000n })

    // The withdrawal holds its 1000 baht, then the promotion completes and the other 500 go.
    await money.ledger.transferMany(tx, [
      {
        key: 'hold',
        from: { player: PLAYER, kind: 'cash' },
        to: { player: PLAYER, kind: 'withdraw_hold' },
        amount: 100_000n,
        kind: 'withdraw_hold',
        reference: 'withdrawal:1',
      },
    ])
    await sut.onWithdrawn(tx, PLAYER)
    expect(money.balance(PLAYER)).toBe(0n)
    expect(money.transfers.at(-1)).toMatchObject({ to: { house: 'forfeit' }, amount: 50_000n })
    expect(store.taken[0]).toMatchObject({ status: 'COMPLETED' })
  })

  it('without MAX_WITHDRAW completes the promotion and keeps the rest', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ rules: [{ type: 'MIN_WITHDRAW', value: 300 }] })
    await deposit(offer.id, 1000)
    expect(await sut.withdrawTerms(tx, PLAYER)).toEqual({ min: 30_000n, mandatory: false, value: 0n })
    await sut.onWithdrawn(tx, PLAYER)
    expect(store.taken[0]).toMatchObject({ status: 'COMPLETED' })
    expect(money.balance(PLAYER)).toBe(110_000n)
  })
})

describe('the end of a promotion', () => {
  it('is forfeited when the cash falls below 1 baht after a round, the dust going with it', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ creditGiven: 0n })
    await deposit(offer.id, 100)
    await money.ledger.transferMany(tx, [
      { key: 'lost', from: { player: PLAYER, kind: 'cash' }, to: { house: 'game:pgsoft' }, amount: 9_950n, kind: 'bet', reference: 'round:1' },
    ])
    await sut.onSettled(tx, PLAYER)
    expect(store.taken[0]).toMatchObject({ status: 'FORFEITED' })
    expect(money.balance(PLAYER)).toBe(0n)
  })
})

describe('launching games under a promotion', () => {
  it('refuses a prohibited provider, a prohibited game type, and the lobby of a provider with any game of that type', async () => {
    const { sut, store, deposit } = setup()
    const fish: GameRow = store.addGame('jili', 'fish_hunter', 'FISHING')
    const slot: GameRow = store.addGame('jili', 'money_coming', 'SLOT')
    // Game types by name, which isProhibited reads as well as spec §3 numbers (the editor's typed rules take numbers only).
    const offer = store.addOffer({
      rules: [
        { type: 'PROHIBITED_GAMES_TYPE', value: ['FISHING'] },
        { type: 'PROHIBITED_GAMES_PROVIDER', value: ['evo'] },
      ],
    })
    await sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('jili'), game: fish })
    await deposit(offer.id, 100)
    await expect(sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('evo'), game: null })).rejects.toMatchObject({
      code: 'PROMOTION_PROHIBITED',
    })
    await expect(sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('jili'), game: fish })).rejects.toMatchObject({
      code: 'PROMOTION_PROHIBITED',
    })
    await sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('jili'), game: slot })
    await expect(sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('jili'), game: null })).rejects.toMatchObject({
      code: 'PROMOTION_PROHIBITED_LOBBY',
    })
    // A provider with no game in the catalogue tells nothing about its types: its lobby is refused while a type is.
    await expect(sut.launchGuard({ playerId: PLAYER, sessionId: 1, provider: provider('newcomer'), game: null })).rejects.toMatchObject({
      code: 'PROMOTION_PROHIBITED_LOBBY',
    })
  })
})

describe('a time-out or self-exclusion (ADR 047)', () => {
  const exclude = (exclusions: ReturnType<typeof fakeExclusionsRepository>) =>
    exclusions.repository.insert(tx, { playerId: PLAYER, kind: 'TIME_OUT', period: '24H', startsAt: new Date(0), endsAt: new Date('2100-01-01T00:00:00Z') })

  it('forfeits the running promotion with the reason: only the bonus goes back, the rest stays the player’s', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ creditGivenType: 'FIXED', creditGiven: 10_000n, rules: [{ type: 'TURNOVER_BY_MUTIPLE', value: 10 }] })
    await deposit(offer.id, 500)
    expect(money.balance(PLAYER)).toBe(60_000n)
    await sut.onExcluded(tx, PLAYER)
    expect(money.balance(PLAYER)).toBe(50_000n)
    expect(money.transfers.at(-1)).toMatchObject({ to: { house: 'forfeit' }, amount: 10_000n, kind: 'promotion_forfeit' })
    expect(store.taken[0]).toMatchObject({ status: 'FORFEITED', endReason: msg('PROMOTION_ENDED_EXCLUSION') })
    // Nothing holds the withdrawal back any more.
    expect((await sut.withdrawTerms(tx, PLAYER)).blocked).toBeUndefined()
  })

  it('takes back at most what is left in cash when play has spent part of the bonus', async () => {
    const { sut, money, store, deposit } = setup()
    const offer = store.addOffer({ creditGivenType: 'FIXED', creditGiven: 10_000n, rules: [] })
    await deposit(offer.id, 100)
    await money.ledger.transferMany(tx, [
      { key: 'played', from: { player: PLAYER, kind: 'cash' }, to: { house: 'game:pgsoft' }, amount: 15_000n, kind: 'bet', reference: 'round:1' },
    ])
    expect(money.balance(PLAYER)).toBe(5_000n)
    await sut.onExcluded(tx, PLAYER)
    expect(money.balance(PLAYER)).toBe(0n)
    expect(store.taken[0]!.status).toBe('FORFEITED')
  })

  it('is a no-op without a running promotion', async () => {
    const { sut, money } = setup()
    money.fund(PLAYER, 20_000n)
    await sut.onExcluded(tx, PLAYER)
    expect(money.balance(PLAYER)).toBe(20_000n)
  })

  it('while in force: no promotion is offered and a matched deposit starts none', async () => {
    const { sut, money, store, deposit, exclusions } = setup()
    const offer = store.addOffer({ creditGivenType: 'FIXED', creditGiven: 10_000n, rules: [] })
    expect(await sut.list(PLAYER)).toHaveLength(1)
    await exclude(exclusions)
    expect(await sut.list(PLAYER)).toEqual([])
    await deposit(offer.id, 300)
    expect(money.balance(PLAYER)).toBe(30_000n)
    expect(store.taken).toEqual([])
  })
})
