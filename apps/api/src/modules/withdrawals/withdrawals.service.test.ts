import { describe, expect, it } from 'vitest'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakePlan } from '../../../test/fakes/plan.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { fakePlayers } from '../../../test/fakes/players.ts'
import { fakeWithdrawalsRepository } from '../../../test/fakes/withdrawals.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import { createWithdrawalService, type WithdrawalSettings } from './withdrawals.service.ts'

type Terms = Awaited<ReturnType<PromotionService['withdrawTerms']>>

/** A withdrawal service on fakes: one player with `cash` baht, the site minimum 100 baht, one pending at a time. */
function setup(options: { cash?: number; minBaht?: number; settings?: Partial<WithdrawalSettings>; terms?: Terms } = {}) {
  const money = fakeLedger()
  const players = fakePlayers()
  const player = players.add({ bankCode: 'SCB', bankAccount: '1234567890' })
  money.fund(player.id, BigInt(options.cash ?? 1000) * 100n)
  const withdrawals = fakeWithdrawalsRepository((id) => players.rows.find((p) => p.id === id)?.mobile ?? '')
  const ended: number[] = []
  const sut = createWithdrawalService({
    db: fakeDb(),
    ledger: money.ledger,
    clock: manualClock(),
    plan: fakePlan({ withdrawMin: BigInt(options.minBaht ?? 100) * 100n }),
    settings: { onePending: true, ...options.settings },
    withdrawalsRepository: withdrawals.repository,
    playersRepository: players.repository,
    ...(options.terms
      ? {
          promotions: {
            withdrawTerms: async () => options.terms!,
            onWithdrawn: async (_tx, playerId) => void ended.push(playerId),
          },
        }
      : {}),
  })
  const actor = { playerId: player.id, sessionId: 1 }
  return { sut, money, player, actor, withdrawals, ended }
}

describe('withdrawal requests', () => {
  it('holds the amount and records a pending withdrawal to the registered bank account', async () => {
    const { sut, money, player, actor, withdrawals } = setup({ cash: 1000 })
    const answer = await sut.request(actor, 300)
    expect(answer).toMatchObject({ amount: 300, status: 'PENDING' })
    expect(money.balance(player.id, 'cash')).toBe(70_000n)
    expect(money.balance(player.id, 'withdraw_hold')).toBe(30_000n)
    expect(withdrawals.rows[0]).toMatchObject({ playerId: player.id, amount: 30_000n, bankCode: 'SCB', bankAccount: '1234567890', status: 'PENDING' })
  })

  it('refuses less than the minimum, and a part of a baht, moving nothing', async () => {
    const { sut, money, player, actor } = setup()
    await expect(sut.request(actor, 99)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('100') })
    await expect(sut.request(actor, 150.5)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    expect(money.balance(player.id, 'withdraw_hold')).toBe(0n)
    expect(money.transfers).toHaveLength(0)
  })

  it('refuses more than the cash balance', async () => {
    const { sut, money, player, actor } = setup({ cash: 200 })
    await expect(sut.request(actor, 300)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    expect(money.balance(player.id, 'cash')).toBe(20_000n)
  })

  it('allows one pending withdrawal at a time when the site says so, several when it does not', async () => {
    const one = setup()
    await one.sut.request(one.actor, 100)
    await expect(one.sut.request(one.actor, 100)).rejects.toMatchObject({ code: 'CONFLICT' })

    const many = setup({ settings: { onePending: false } })
    await many.sut.request(many.actor, 100)
    await many.sut.request(many.actor, 100)
    expect(many.money.balance(many.player.id, 'withdraw_hold')).toBe(20_000n)
  })

  it('answers a repeated Idempotency-Key with the first answer and holds the money once; another amount under it is refused', async () => {
    const { sut, money, player, actor } = setup({ settings: { onePending: false } })
    const first = await sut.request(actor, 200, 'key-1')
    expect(await sut.request(actor, 200, 'key-1')).toEqual(first)
    expect(money.balance(player.id, 'withdraw_hold')).toBe(20_000n)
    await expect(sut.request(actor, 300, 'key-1')).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' })
    // The key is the player's own: another key is another request.
    await sut.request(actor, 200, 'key-2')
    expect(money.balance(player.id, 'withdraw_hold')).toBe(40_000n)
  })
})

describe('withdrawals under a promotion', () => {
  it('are blocked until the promotion target is met, with the reason; the terms say nothing is withdrawable and why', async () => {
    const held = { title: 'โปร', type: 'TURNOVER' as const, left: 150_000n }
    const { sut, actor, player } = setup({ terms: { blocked: 'ยังถอนไม่ได้', held, min: 10_000n, mandatory: false, value: 0n } })
    await expect(sut.request(actor, 500)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: 'ยังถอนไม่ได้' })
    expect(await sut.config(player.id)).toMatchObject({ withdrawable: 0, held_by: { title: 'โปร', type: 'TURNOVER', left: 1500 } })
  })

  it("take the promotion's minimum and, under MAX_WITHDRAW, only its one amount; the promotion then ends", async () => {
    const { sut, actor, player, ended } = setup({ terms: { min: 20_000n, mandatory: true, value: 50_000n } })
    expect(await sut.config(player.id)).toEqual({ min_withdraw: 200, options: { mandatory: true, value: 500 }, withdrawable: 500, held_by: null })
    await expect(sut.request(actor, 150)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('200') })
    await expect(sut.request(actor, 400)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('500') })
    await sut.request(actor, 500)
    expect(ended).toEqual([player.id])
  })

  it('without a promotion the minimum is the site setting', async () => {
    const { sut, player } = setup({ minBaht: 300 })
    expect(await sut.config(player.id)).toEqual({ min_withdraw: 300, options: { mandatory: false, value: 0 }, withdrawable: 1000, held_by: null })
  })
})

describe('withdrawal decisions', () => {
  it('pays an approved withdrawal out of the hold; settling it again is refused and moves nothing', async () => {
    const { sut, money, player, actor } = setup({ cash: 1000 })
    const { id } = await sut.request(actor, 400)
    const first = await sut.settle(fakeDb(), 7, id, { approve: true, payoutRef: 'BANK-REF-1' })
    expect(first).toMatchObject({ status: 'SUCCESS', payoutRef: 'BANK-REF-1', decidedBy: 7 })
    expect(money.balance(player.id, 'withdraw_hold')).toBe(0n)
    expect(money.balance(player.id, 'cash')).toBe(60_000n)
    expect(money.transfers.at(-1)).toMatchObject({ to: { house: 'bank_out' }, amount: 40_000n })

    await expect(sut.settle(fakeDb(), 7, id, { approve: true, payoutRef: 'BANK-REF-1' })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(money.transfers).toHaveLength(2)
    await expect(sut.settle(fakeDb(), 7, id, { approve: false, reason: 'เปลี่ยนใจ' })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('gives a rejected withdrawal back to cash with the reason', async () => {
    const { sut, money, player, actor } = setup({ cash: 1000 })
    const { id } = await sut.request(actor, 400)
    const decided = await sut.settle(fakeDb(), 7, id, { approve: false, reason: 'บัญชีไม่ตรง' })
    expect(decided).toMatchObject({ status: 'FAIL', reason: 'บัญชีไม่ตรง' })
    expect(money.balance(player.id, 'cash')).toBe(100_000n)
    expect(money.balance(player.id, 'withdraw_hold')).toBe(0n)
  })

  it('refuses to decide a withdrawal that does not exist', async () => {
    const { sut } = setup()
    await expect(sut.forDecision(fakeDb(), 999)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('lists the pending ones newest first with the mobile', async () => {
    const { sut, actor, player } = setup({ settings: { onePending: false } })
    await sut.request(actor, 100)
    await sut.request(actor, 200)
    const page = await sut.list('PENDING', 0)
    expect(page.total).toBe(2)
    expect(page.list.map((w) => w.amount)).toEqual([200, 100])
    expect(page.list[0]?.mobile).toBe(player.mobile)
  })
})
