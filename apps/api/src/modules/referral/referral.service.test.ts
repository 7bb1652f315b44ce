import { describe, expect, it } from 'vitest'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { fakePlayers } from '../../../test/fakes/players.ts'
import { fakeReferralRepository } from '../../../test/fakes/referral.ts'
import { fakePlan } from '../../../test/fakes/plan.ts'
import { createReferralService } from './referral.service.ts'
import { fakeExclusionsRepository } from '../../../test/fakes/exclusions.ts'

const PLAN = fakePlan({
  levels: [300, 200, 100],
  rebate: 50,
  bonus: { min: 10_000n, max: 0n, interval: 'DAY' },
  refund: { min: 100n, max: 50_000n, interval: 'WEEKEN' },
})
/** Sunday 22 November 2026, 10:00 in Bangkok: the day before is over. */
const SUNDAY = new Date('2026-11-22T03:00:00Z')
const FRIDAY = new Date('2026-11-20T03:00:00Z')
const SATURDAY_DAY = '2026-11-21'

type Name = 'a' | 'b' | 'c' | 'd' | 'e'

/**
 * A referral service on fakes. The players form one chain, each invited by the one before: A ← B ← C ← D ← E.
 * `linked` pairs of players are linked accounts.
 */
function setup(options: { linked?: Array<[Name, Name]> } = {}) {
  const clock = manualClock(SUNDAY)
  const money = fakeLedger()
  const players = fakePlayers()
  const a = players.add({ mobile: '0812345678' })
  const b = players.add({ uplineId: a.id, createdAt: new Date('2026-02-01T00:00:00Z') })
  const c = players.add({ uplineId: b.id })
  const d = players.add({ uplineId: c.id })
  const e = players.add({ uplineId: d.id })
  const store = fakeReferralRepository(players.rows, money)
  const chain = { a, b, c, d, e }
  const linked = new Set((options.linked ?? []).flatMap(([x, y]) => [`${chain[x].id}|${chain[y].id}`, `${chain[y].id}|${chain[x].id}`]))
  const audit: Array<{ action: string; targetId: string }> = []
  const exclusions = fakeExclusionsRepository()
  const sut = createReferralService({
    db: fakeDb(),
    ledger: money.ledger,
    clock,
    plan: PLAN,
    links: { linkedPairs: async (_tx, pairs) => new Set(pairs.map((p) => `${p.a}|${p.b}`).filter((key) => linked.has(key))) },
    referralRepository: store.repository,
    exclusionsRepository: exclusions.repository,
    auditRepository: { record: async (_db, entry) => void audit.push(entry) },
  })
  return { sut, clock, money, store, audit, players: chain, exclusions }
}

describe('the daily accrual', () => {
  it("pays the player's rebate and three levels of commission up the chain, rounded down to the satang", async () => {
    const { sut, money, store, players } = setup()
    store.turnover.push({ day: SATURDAY_DAY, playerId: players.d.id, turnover: 1_000_033n })
    const stats = await sut.accrueDay(SATURDAY_DAY)
    expect(money.balance(players.d.id, 'rebate')).toBe(5_000n)
    expect(money.balance(players.c.id, 'referral')).toBe(30_000n)
    expect(money.balance(players.b.id, 'referral')).toBe(20_000n)
    expect(money.balance(players.a.id, 'referral')).toBe(10_000n)
    // Four levels at most: E, below D, earns nothing from D's play, nor does anyone above A.
    expect(money.balance(players.e.id, 'referral')).toBe(0n)
    expect(stats).toMatchObject({ sources: 1, accruals: 4, transfers: 4, rebate: 5_000n, referral: 60_000n })
  })

  it('pays a day once however often it runs', async () => {
    const { sut, money, store, players } = setup()
    store.turnover.push({ day: SATURDAY_DAY, playerId: players.b.id, turnover: 100_000n })
    await sut.accrueDay(SATURDAY_DAY)
    expect(await sut.accrueDay(SATURDAY_DAY)).toMatchObject({ sources: 0, accruals: 0, transfers: 0 })
    expect(money.balance(players.a.id, 'referral')).toBe(3_000n)
    expect(money.transfers).toHaveLength(2)
  })

  it('holds back commission between linked accounts, and the rebate of a player linked to an upline, recording why', async () => {
    const { sut, money, store, players } = setup({ linked: [['c', 'd']] })
    store.turnover.push({ day: SATURDAY_DAY, playerId: players.d.id, turnover: 1_000_000n })
    await sut.accrueDay(SATURDAY_DAY)
    expect(money.balance(players.c.id, 'referral')).toBe(0n)
    expect(money.balance(players.d.id, 'rebate')).toBe(0n)
    expect(money.balance(players.b.id, 'referral')).toBe(20_000n)
    expect(
      store.accruals
        .filter((r) => r.skipReason === 'LINKED_ACCOUNT')
        .map((r) => r.level)
        .sort(),
    ).toEqual([0, 1])
  })

  it('refuses a day that has not ended in Bangkok, and records an operator run in the audit log', async () => {
    const { sut, audit } = setup()
    await expect(sut.accrueDay('2026-11-22')).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    await sut.accrueForOperator({ operatorId: 9, ip: '203.0.113.9' }, SATURDAY_DAY)
    expect(audit).toMatchObject([{ action: 'referral.accrue', targetId: SATURDAY_DAY }])
  })
})

describe('moving a wallet to cash', () => {
  it('moves the whole bonus wallet once a day, and says so when asked again', async () => {
    const { sut, money, players } = setup()
    money.fund(players.a.id, 30_000n, 'referral')
    expect(await sut.transfer(players.a.id, 'bonus')).toEqual({ amount: 300, remaining: 0 })
    expect(money.balance(players.a.id, 'cash')).toBe(30_000n)
    money.fund(players.a.id, 30_000n, 'referral')
    await expect(sut.transfer(players.a.id, 'bonus')).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(money.balance(players.a.id, 'cash')).toBe(30_000n)
  })

  it('refuses an empty wallet and one below the minimum', async () => {
    const { sut, money, players } = setup()
    await expect(sut.transfer(players.a.id, 'bonus')).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    money.fund(players.a.id, 9_999n, 'referral')
    await expect(sut.transfer(players.a.id, 'bonus')).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('100') })
  })

  it('moves the refund wallet only on Fridays, at most its maximum, and shows what stays', async () => {
    const { sut, clock, money, players } = setup()
    money.fund(players.d.id, 80_000n, 'rebate')
    await expect(sut.transfer(players.d.id, 'refund')).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    clock.set(FRIDAY)
    expect(await sut.transfer(players.d.id, 'refund')).toEqual({ amount: 500, remaining: 300 })
    expect(money.balance(players.d.id, 'rebate')).toBe(30_000n)
  })

  it('the balance call shows each wallet as ever earned = paid out + remaining', async () => {
    const { sut, money, players } = setup()
    money.fund(players.a.id, 45_000n, 'referral')
    await sut.transfer(players.a.id, 'bonus')
    money.fund(players.a.id, 5_000n, 'referral')
    const summary = await sut.walletSummary(players.a.id)
    expect(summary).toMatchObject({ balance: 450, bonus: { total: 500, remaining: 50, options: { min: 100, max: 0, interval: 'DAY' } } })
  })

  it('answers balance reads that arrive together with one read of the repository, each with its own player (ADR 059)', async () => {
    const { sut, money, store, players } = setup()
    money.fund(players.a.id, 1_000n)
    money.fund(players.b.id, 2_550n)
    const asked: number[][] = []
    const read = store.repository.walletSummaries
    store.repository.walletSummaries = (db, ids, day) => (asked.push([...ids]), read(db, ids, day))

    const answers = await Promise.all([players.a, players.b, players.a, players.c].map((p) => sut.walletSummary(p.id)))
    expect(answers.map((a) => a.balance)).toEqual([10, 25.5, 10, 0])
    expect(asked).toEqual([[players.a.id, players.b.id, players.a.id, players.c.id]])

    // A read that comes after a change is asked of the repository after it: it never answers from before.
    money.fund(players.a.id, 500n)
    expect((await sut.walletSummary(players.a.id)).balance).toBe(15)
    expect(asked).toHaveLength(2)
  })
})

describe('invite info', () => {
  it("shows the invite code, the rates and the level-1 downlines' masked mobiles", async () => {
    const { sut, players } = setup()
    const info = await sut.inviteInfo(players.a.id, 0)
    expect(info).toMatchObject({ invite_code: players.a.inviteCode, percentage: { level1: 0.03, level2: 0.02, level3: 0.01 }, total: 1 })
    expect(info.downlines[0]?.username).toMatch(/^\d{3}-xxx-\d{4}$/)
    await expect(sut.inviteInfo(999, 0)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('a time-out or self-exclusion (ADR 047)', () => {
  it('a beneficiary restricted at any moment of the day earns nothing for it, recorded EXCLUDED; the others are paid', async () => {
    const { sut, money, store, players, exclusions } = setup()
    // C's time-out began at 23:00 on the Saturday (Bangkok) and ran on past midnight: it covers the end of the day.
    await exclusions.repository.insert(fakeDb(), {
      playerId: players.c.id,
      kind: 'TIME_OUT',
      period: '24H',
      startsAt: new Date('2026-11-21T16:00:00Z'),
      endsAt: new Date('2026-11-22T16:00:00Z'),
    })
    // A's ended before the day began: A is paid.
    await exclusions.repository.insert(fakeDb(), {
      playerId: players.a.id,
      kind: 'TIME_OUT',
      period: '24H',
      startsAt: new Date('2026-11-19T16:00:00Z'),
      endsAt: new Date('2026-11-20T17:00:00Z'),
    })
    store.turnover.push({ day: SATURDAY_DAY, playerId: players.d.id, turnover: 1_000_000n })
    await sut.accrueDay(SATURDAY_DAY)
    expect(money.balance(players.c.id, 'referral')).toBe(0n)
    expect(money.balance(players.b.id, 'referral')).toBe(20_000n)
    expect(money.balance(players.a.id, 'referral')).toBe(10_000n)
    expect(money.balance(players.d.id, 'rebate')).toBe(5_000n)
    expect(store.accruals.filter((r) => r.skipReason === 'EXCLUDED').map((r) => r.beneficiaryId)).toEqual([players.c.id])
  })

  it('refuses the move of either wallet to cash while one is in force, and allows it after', async () => {
    const { sut, money, players, exclusions, clock } = setup()
    money.fund(players.a.id, 30_000n, 'referral')
    await exclusions.repository.insert(fakeDb(), {
      playerId: players.a.id,
      kind: 'TIME_OUT',
      period: '24H',
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + 86_400_000),
    })
    await expect(sut.transfer(players.a.id, 'bonus')).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' })
    expect(money.balance(players.a.id, 'referral')).toBe(30_000n)
    clock.advance(86_400_000)
    expect(await sut.transfer(players.a.id, 'bonus')).toEqual({ amount: 300, remaining: 0 })
  })
})
