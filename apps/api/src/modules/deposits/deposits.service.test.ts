import { bankTransferOf, msg, type BankTransfer, type BankTransferBody } from '@sanam/contract'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.ts'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakePlan } from '../../../test/fakes/plan.ts'
import { fakeDepositsRepository } from '../../../test/fakes/deposits.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { fakePlayers } from '../../../test/fakes/players.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import { createDepositCredit } from './deposit-credit.ts'
import { createDepositService } from './deposits.service.ts'
import { createHeldTransfersService } from './held-transfers.service.ts'
import { createTransferIntakeService } from './transfer-intake.service.ts'
import { transferHash } from './transfer-rules.ts'
import { fakeExclusionsRepository } from '../../../test/fakes/exclusions.ts'

type Credited = Parameters<PromotionService['onDepositCredited']>[1]

/** A deposit service on fakes: one operator account, two players, a minimum of 100 baht, bills living 180 s. */
/** The service over fakes; `notificationsCredit` as BANK_NOTIFICATIONS_CREDIT sets it (on, as in demo mode, unless said). */
function setup({ notificationsCredit = true }: { notificationsCredit?: boolean } = {}) {
  const clock = manualClock()
  const money = fakeLedger()
  const players = fakePlayers()
  const somchai = players.add({ mobile: '0811111111', bankCode: 'SCB', bankAccount: '1234567890', firstname: 'สมชาย', surname: 'ใจดี' })
  const somsri = players.add({ mobile: '0822222222', bankCode: 'SCB', bankAccount: '5554567891', firstname: 'สมศรี', surname: 'มีสุข' })
  const store = fakeDepositsRepository(players.rows)
  const operator = store.addOperatorAccount({ accountNumber: '9990001111' })
  const credited: Credited[] = []
  const refusedPromotions = new Set<number>()
  const exclusions = fakeExclusionsRepository()
  const settings = { billTtlSeconds: 180, billGraceSeconds: 60, statusWindowMinutes: 15, notificationsCredit }
  const promotions = {
    async checkDraft(_playerId: number, promotionId: number) {
      if (refusedPromotions.has(promotionId)) throw new AppError('RULE_REFUSED', 'โปรโมชั่นนี้สำหรับสมาชิกใหม่เท่านั้น')
    },
    onDepositCredited: async (_tx: unknown, input: Credited) => void credited.push(input),
  }
  const db = fakeDb()
  const repositories = { depositsRepository: store.repository, exclusionsRepository: exclusions.repository, playersRepository: players.repository }
  const credit = createDepositCredit({ ledger: money.ledger, clock, settings, promotions, ...repositories })
  // The module's three services as services.ts wires them, side by side: the player's bills, the intake, held transfers.
  const sut = {
    ...createDepositService({ db, clock, plan: fakePlan(), settings, promotions, ...repositories }),
    ...createTransferIntakeService({ db, clock, settings, credit, ...repositories }),
    ...createHeldTransfersService({ clock, credit, ...repositories }),
  }
  // As the route hands it in: the feed's body in baht, converted once to satang.
  const transfer = (overrides: Partial<BankTransferBody> = {}): BankTransfer =>
    bankTransferOf({
      external_id: 'BANK-1',
      to_account: operator.accountNumber,
      from_bank_code: 'SCB',
      from_account: somchai.bankAccount,
      from_name: null,
      amount: 500,
      occurred_at: clock.now().toISOString(),
      ...overrides,
    })
  /** The feed reports Somchai's transfer as happening `ms` after now (another source reported it already). */
  const feedAfter = (ms: number) => sut.receiveTransfer(transfer({ occurred_at: new Date(clock.now().getTime() + ms).toISOString() }))
  const actorOf = (player: { id: number }) => ({ playerId: player.id, sessionId: 1 })
  return { sut, clock, money, store, players, somchai, somsri, transfer, feedAfter, actorOf, credited, refusedPromotions, exclusions }
}

let notifications = 0
/** Somchai's transfer as a notification shows it: his account masked, his name cut, the minute. */
const notified = (ctx: ReturnType<typeof setup>, overrides: Partial<Parameters<ReturnType<typeof setup>['sut']['receiveNotification']>[1]> = {}) => ({
  key: `notification:${++notifications}`,
  toAccount: '9990001111',
  fromBankCode: 'SCB',
  fromAccount: 'xxxx567890',
  fromName: 'นาย สมชาย ใ',
  amount: 50_000n,
  occurredAt: ctx.clock.now(),
  ...overrides,
})

/** Somchai's 500 baht credited once: one deposit stored, his cash 500 baht. */
function expectCreditedOnce(ctx: ReturnType<typeof setup>) {
  expect(ctx.money.balance(ctx.somchai.id)).toBe(50_000n)
  expect(ctx.store.deposits).toHaveLength(1)
}

describe('draft bills', () => {
  it('refuse less than the minimum deposit', async () => {
    const { sut, somchai, actorOf, store } = setup()
    await expect(sut.createDraftBill(actorOf(somchai), 99, null)).rejects.toMatchObject({ code: 'RULE_REFUSED', message: expect.stringContaining('100') })
    // A mistyped amount is not a declined deposit (ADR 090): nothing recorded.
    expect(store.declined).toEqual([])
  })

  it('show the operator account to pay, and allow one live bill per player until it is cancelled or expires', async () => {
    const { sut, clock, somchai, actorOf } = setup()
    const bill = await sut.createDraftBill(actorOf(somchai), 500, null)
    expect(bill).toMatchObject({ amount: 500, payment_information: { bank_code: 'KBANK', bank_address: '9990001111' } })
    expect(new Date(bill.expires_at).getTime() - clock.now().getTime()).toBe(180_000)
    await expect(sut.createDraftBill(actorOf(somchai), 600, null)).rejects.toMatchObject({ code: 'CONFLICT' })

    await sut.cancelDraftBill(actorOf(somchai))
    await sut.createDraftBill(actorOf(somchai), 600, null)
    clock.advance(181_000)
    await sut.createDraftBill(actorOf(somchai), 700, null)
  })

  it('expire, by the scheduled job, every live bill past its time and only those', async () => {
    const { sut, clock, somchai, somsri, actorOf, store } = setup()
    await sut.createDraftBill(actorOf(somchai), 500, null)
    clock.advance(100_000)
    await sut.createDraftBill(actorOf(somsri), 500, null)
    clock.advance(81_000)
    expect(await sut.expireDraftBills(fakeDb())).toBe(1)
    expect(store.bills.map((b) => b.status)).toEqual(['EXPIRED', 'LIVE'])
    expect(await sut.expireDraftBills(fakeDb())).toBe(0)
  })

  it('check the chosen promotion before the bill is made', async () => {
    const { sut, somchai, actorOf, refusedPromotions, store } = setup()
    refusedPromotions.add(3)
    await expect(sut.createDraftBill(actorOf(somchai), 500, 3)).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    expect(store.bills).toHaveLength(0)
  })

  it('cancelling with no live bill is NOT_FOUND', async () => {
    const { sut, somchai, actorOf } = setup()
    await expect(sut.cancelDraftBill(actorOf(somchai))).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('the bank feed', () => {
  it('converts the amount once at the edge, and hashes a transfer as before (a report stored earlier is still its replay)', () => {
    const body: BankTransferBody = {
      external_id: 'K-1',
      to_account: '123-4-56789-0',
      from_bank_code: 'SCB',
      from_account: '111',
      from_name: null,
      amount: 1234.57,
      occurred_at: '2026-11-29T10:00:00+07:00',
    }
    const transfer = bankTransferOf(body)
    expect(transfer.amount).toBe(123_457n)
    const canonical = ['K-1', '123-4-56789-0', 'SCB', '111', '', '123457', '2026-11-29T03:00:00.000Z'].join('\n')
    expect(transferHash(transfer)).toBe(createHash('sha256').update(canonical).digest('hex'))
  })

  it("credits a transfer from a player's registered account to that player, once however often it is reported", async () => {
    const { sut, money, somchai, transfer } = setup()
    const first = await sut.receiveTransfer(transfer())
    expect(first.status).toBe('MATCHED')
    expect(await sut.receiveTransfer(transfer())).toEqual(first)
    expect(money.balance(somchai.id)).toBe(50_000n)
    expect(money.transfers).toHaveLength(1)
  })

  it('answers DUPLICATE to the same transfer reported again with other details, and EXCEPTION to other facts, crediting nothing', async () => {
    const { sut, money, somchai, transfer } = setup()
    await sut.receiveTransfer(transfer())
    expect(await sut.receiveTransfer(transfer({ from_name: 'สมชาย' }))).toMatchObject({ status: 'DUPLICATE' })
    expect(await sut.receiveTransfer(transfer({ amount: 900 }))).toMatchObject({ status: 'EXCEPTION' })
    expect(money.balance(somchai.id)).toBe(50_000n)
  })

  it('keeps unmatched, crediting nobody: another account than ours, an unknown sender, a masked account without a name or with a name nobody has, two possible players', async () => {
    const { sut, money, store, transfer } = setup()
    const cases: Array<Partial<BankTransferBody>> = [
      { external_id: 'A', to_account: '1112223333' },
      { external_id: 'B', from_account: '0000000000' },
      { external_id: 'C', from_account: 'xxx-x-x6789-x' },
      { external_id: 'D', from_account: 'xxx-x-x6789-x', from_name: 'ใครก็ไม่รู้' },
      // Both players' accounts end in 6789 and a hidden digit, and both first names start with สม.
      { external_id: 'E', from_account: 'xxx-x-x6789-x', from_name: 'สม' },
    ]
    for (const c of cases) expect(await sut.receiveTransfer(transfer(c))).toMatchObject({ status: 'UNMATCHED' })
    expect(store.deposits.map((d) => d.status)).toEqual(['UNMATCHED', 'UNMATCHED', 'UNMATCHED', 'UNMATCHED', 'UNMATCHED'])
    expect(store.deposits.at(-1)?.note).toContain('2')
    expect(money.transfers).toHaveLength(0)
  })

  it('credits no one when a mask matches more players than are read: one of the same name could be among the rest', async () => {
    const { sut, money, store, players, transfer } = setup()
    // Two hundred more players whose accounts end in 6789 and a hidden digit, none of them named like somsri.
    for (let n = 0; n < 200; n++) {
      players.add({
        mobile: `08300${String(n).padStart(5, '0')}`,
        bankCode: 'SCB',
        bankAccount: `7${String(n).padStart(4, '0')}067890`,
        firstname: 'ปกรณ์',
        surname: 'ไม่ใช่',
      })
    }
    expect(await sut.receiveTransfer(transfer({ from_account: 'xxx-x-x6789-x', from_name: 'นางสาว สมศรี มีสุข' }))).toMatchObject({ status: 'UNMATCHED' })
    expect(store.deposits.at(-1)?.note).toBe(msg('UNMATCHED_TOO_MANY_PLAYERS', { count: 200 }))
    expect(money.transfers).toHaveLength(0)
  })

  it("matches a masked account by the sender's name", async () => {
    const { sut, money, somsri, transfer } = setup()
    expect(await sut.receiveTransfer(transfer({ from_account: 'xxx-x-x6789-x', from_name: 'นางสาว สมศรี มีสุข' }))).toMatchObject({ status: 'MATCHED' })
    expect(money.balance(somsri.id)).toBe(50_000n)
  })

  it('completes the live bill the transfer answers and starts its promotion', async () => {
    const { sut, somchai, actorOf, transfer, store, credited } = setup()
    const bill = await sut.createDraftBill(actorOf(somchai), 500, 4)
    const { deposit_id } = await sut.receiveTransfer(transfer())
    expect(store.bills.find((b) => b.id === bill.payment_id)).toMatchObject({ status: 'COMPLETED', depositId: deposit_id })
    expect(credited).toEqual([{ playerId: somchai.id, depositId: deposit_id, amount: 50_000n, promotionId: 4 }])
  })
})

describe('the slip check', () => {
  it("answers only about the caller's own deposits, credited after the deposit the check began after", async () => {
    const { sut, clock, somchai, somsri, actorOf, transfer } = setup()
    await expect(sut.checkCursor(actorOf(somchai), somsri.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(sut.status(actorOf(somchai), somsri.id, null)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const before = await sut.checkCursor(actorOf(somchai), somchai.id)
    expect(before).toEqual({ after: null })
    const { deposit_id } = await sut.receiveTransfer(transfer())
    clock.advance(60_000)
    // A check that began before that deposit finds it; one that began after it waits for the next.
    expect(await sut.status(actorOf(somchai), somchai.id, before.after)).toMatchObject({ deposit_id, amount: 500 })
    const after = await sut.checkCursor(actorOf(somchai), somchai.id)
    expect(after).toEqual({ after: deposit_id })
    await expect(sut.status(actorOf(somchai), somchai.id, after.after)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    // Somsri cannot point her check at Somchai's deposit.
    await expect(sut.status(actorOf(somsri), somsri.id, deposit_id!)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})

describe('operator deposits', () => {
  it('credits a held transfer once, and only from the state the decision was made on', async () => {
    const { sut, money, somchai, transfer } = setup()
    const { deposit_id } = await sut.receiveTransfer(transfer({ from_account: '0000000000' }))
    await expect(sut.creditHeld(fakeDb(), deposit_id!, somchai.id, 'CLAIMED')).rejects.toMatchObject({ code: 'CONFLICT' })
    await sut.creditHeld(fakeDb(), deposit_id!, somchai.id, 'UNMATCHED')
    expect(money.balance(somchai.id)).toBe(50_000n)
    await expect(sut.creditHeld(fakeDb(), deposit_id!, somchai.id, 'UNMATCHED')).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(money.balance(somchai.id)).toBe(50_000n)
  })

  it('a manual deposit is a claim: it credits nothing until the feed reports the transfer from the member, then once', async () => {
    const { sut, money, somchai, transfer } = setup()
    const claim = { player: somchai, amount: 30_000n, bankRef: 'REF-9', note: 'โทรแจ้ง', operatorId: 2 }
    await sut.claim(fakeDb(), claim)
    await expect(sut.claim(fakeDb(), { ...claim, note: 'ซ้ำ' })).rejects.toMatchObject({ code: 'BANK_REF_TAKEN' })
    expect(money.balance(somchai.id)).toBe(0n)
    const body = transfer({ external_id: 'REF-9', amount: 300 })
    expect(await sut.receiveTransfer(body)).toMatchObject({ status: 'MATCHED' })
    expect(await sut.receiveTransfer(body)).toMatchObject({ status: 'MATCHED' })
    expect(money.balance(somchai.id)).toBe(30_000n)
  })

  it('a feed transfer contradicting a stored reference is an exception, not a silent duplicate', async () => {
    const { sut, money, somchai, transfer } = setup()
    await sut.claim(fakeDb(), { player: somchai, amount: 10_000n, bankRef: 'KBANK-x', note: 'สลิป', operatorId: 2 })
    const answer = await sut.receiveTransfer(transfer({ external_id: 'KBANK-x', amount: 50_000 }))
    expect(answer).toMatchObject({ status: 'EXCEPTION', exception_id: 1 })
    expect(await sut.receiveTransfer(transfer({ external_id: 'KBANK-x', amount: 50_000 }))).toMatchObject({ status: 'EXCEPTION', exception_id: 1 })
    expect(money.balance(somchai.id)).toBe(0n)
  })
})

describe('a time-out or self-exclusion (ADR 047)', () => {
  const restrict = (exclusions: ReturnType<typeof setup>['exclusions'], playerId: number, start: Date) =>
    exclusions.repository.insert(fakeDb(), { playerId, kind: 'SELF_EXCLUSION', period: 'PERMANENT', startsAt: start, endsAt: null })

  it('refuses a draft bill, with or without a promotion, and makes none', async () => {
    const { sut, somchai, actorOf, store, exclusions, clock } = setup()
    await restrict(exclusions, somchai.id, clock.now())
    await expect(sut.createDraftBill(actorOf(somchai), 500, null)).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' })
    await expect(sut.createDraftBill(actorOf(somchai), 500, 3)).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' })
    expect(store.bills).toHaveLength(0)
    // Each refusal is a declined deposit for the care marker (ADR 090).
    expect(store.declined.map((d) => [d.reason, d.amount])).toEqual([
      ['PLAYER_EXCLUDED', 50_000n],
      ['PLAYER_EXCLUDED', 50_000n],
    ])
  })

  it('credits a transfer that arrives anyway, in full, with a note for the back-office', async () => {
    const { sut, money, somchai, transfer, exclusions, clock, store } = setup()
    await restrict(exclusions, somchai.id, clock.now())
    const result = await sut.receiveTransfer(transfer())
    expect(result.status).toBe('MATCHED')
    expect(money.balance(somchai.id)).toBe(50_000n)
    expect(store.deposits[0]!.note).toBe(msg('DEPOSIT_DURING_EXCLUSION'))
  })
})

describe('a transfer a bank notification reported, without a reference (ADR 080)', () => {
  it('is credited once, and the feed’s report of it afterwards is DUPLICATE with the feed’s reference written on', async () => {
    const ctx = setup()
    const first = await ctx.sut.receiveNotification(fakeDb(), notified(ctx))
    expect(first).toMatchObject({ status: 'MATCHED' })
    const fed = await ctx.feedAfter(40_000)
    expect(fed).toEqual({ status: 'DUPLICATE', deposit_id: 'deposit_id' in first ? first.deposit_id : -1 })
    expectCreditedOnce(ctx)
    expect(ctx.store.deposits[0]).toMatchObject({ source: 'NOTIFICATION', externalId: 'BANK-1', fromAccount: ctx.somchai.bankAccount })
  })

  it('credits nobody alone when notifications may not (the default outside demo mode): it waits, and the feed completes it once', async () => {
    const ctx = setup({ notificationsCredit: false })
    const first = await ctx.sut.receiveNotification(fakeDb(), notified(ctx))
    expect(first).toEqual({ status: 'UNMATCHED', deposit_id: ctx.store.deposits[0]!.id, note: msg('UNMATCHED_NOTIFICATION_ONLY') })
    expect(ctx.money.balance(ctx.somchai.id)).toBe(0n)
    const fed = await ctx.feedAfter(40_000)
    expect(fed).toEqual({ status: 'MATCHED', deposit_id: ctx.store.deposits[0]!.id })
    expectCreditedOnce(ctx)
  })

  it('attaches to the feed’s transfer reported first: DUPLICATE, no second credit', async () => {
    const ctx = setup()
    const fed = await ctx.sut.receiveTransfer(ctx.transfer())
    expect(await ctx.sut.receiveNotification(fakeDb(), notified(ctx))).toEqual({ status: 'DUPLICATE', deposit_id: fed.deposit_id, note: null })
    // Once attached, a second notification of the same amount is another transfer.
    expect(await ctx.sut.receiveNotification(fakeDb(), notified(ctx))).toMatchObject({ status: 'MATCHED' })
    expect(ctx.money.balance(ctx.somchai.id)).toBe(100_000n)
  })

  it('is not the feed’s transfer of another sender, pay-in account or amount, or from more than ten minutes away', async () => {
    const ctx = setup()
    await ctx.sut.receiveTransfer(ctx.transfer())
    for (const other of [
      { fromAccount: 'xxxx567891', fromName: null },
      { amount: 50_001n },
      { occurredAt: new Date(ctx.clock.now().getTime() + 10 * 60_000 + 1000) },
    ]) {
      expect((await ctx.sut.receiveNotification(fakeDb(), notified(ctx, other))).status).not.toBe('DUPLICATE')
    }
  })

  it('fits two of the feed’s transfers in one minute: AMBIGUOUS, nothing stored, nothing credited', async () => {
    const ctx = setup()
    await ctx.sut.receiveTransfer(ctx.transfer({ external_id: 'BANK-A' }))
    await ctx.sut.receiveTransfer(ctx.transfer({ external_id: 'BANK-B', occurred_at: new Date(ctx.clock.now().getTime() + 20_000).toISOString() }))
    const answer = await ctx.sut.receiveNotification(fakeDb(), notified(ctx))
    expect(answer).toEqual({ status: 'AMBIGUOUS', candidates: ctx.store.deposits.map((d) => d.id) })
    expect(ctx.store.deposits).toHaveLength(2)
    expect(ctx.money.balance(ctx.somchai.id)).toBe(100_000n)
  })
})

describe('a slip and a report of the same transfer without its reference (ADR 079, 080)', () => {
  /** Somchai's transfer as a verified slip shows it: his account masked, the sending bank's reference. */
  const slipOf = (ctx: ReturnType<typeof setup>) => ({
    senderRef: '014:REF0000000000001',
    player: ctx.somchai,
    amount: 50_000n,
    occurredAt: ctx.clock.now(),
    payInAccount: '9990001111',
    fromBankCode: 'SCB',
    fromAccount: 'xxxxxx7890',
    fromName: 'นาย สมชาย ใ',
  })

  it('credits once when the slip comes first and the feed then reports the transfer without the reference', async () => {
    const ctx = setup()
    expect(await ctx.sut.creditSlip(fakeDb(), slipOf(ctx))).toMatchObject({ outcome: 'CREDITED' })
    const fed = await ctx.feedAfter(30_000)
    expect(fed).toEqual({ status: 'DUPLICATE', deposit_id: ctx.store.deposits[0]!.id })
    expectCreditedOnce(ctx)
  })

  it('credits once when a notification came first, and the slip writes its reference onto that transfer', async () => {
    const ctx = setup()
    expect(await ctx.sut.receiveNotification(fakeDb(), notified(ctx))).toMatchObject({ status: 'MATCHED' })
    expect(await ctx.sut.creditSlip(fakeDb(), slipOf(ctx))).toMatchObject({ outcome: 'ALREADY_CREDITED' })
    expectCreditedOnce(ctx)
    expect(ctx.store.deposits[0]!.senderRef).toBe('014:REF0000000000001')
  })

  it('credits once when the slip came first and a notification reports it afterwards', async () => {
    const ctx = setup()
    await ctx.sut.creditSlip(fakeDb(), slipOf(ctx))
    const later = notified(ctx, { occurredAt: new Date(ctx.clock.now().getTime() + 60_000) })
    expect(await ctx.sut.receiveNotification(fakeDb(), later)).toMatchObject({ status: 'DUPLICATE' })
    expect(ctx.money.balance(ctx.somchai.id)).toBe(50_000n)
  })
})

describe('a slip that only looks like another member’s transfer (ADR 079)', () => {
  it('is refused as credited to another, and the other member’s row keeps no reference of this slip', async () => {
    const ctx = setup()
    await ctx.sut.receiveTransfer(ctx.transfer())
    const answer = await ctx.sut.creditSlip(fakeDb(), {
      senderRef: '014:REF0000000000009',
      player: ctx.somsri,
      amount: 50_000n,
      occurredAt: ctx.clock.now(),
      payInAccount: '9990001111',
      fromBankCode: 'SCB',
      fromAccount: 'xxxxxx7890',
      fromName: null,
    })
    expect(answer).toMatchObject({ outcome: 'CREDITED_TO_OTHER' })
    expect(ctx.store.deposits).toHaveLength(1)
    expect(ctx.store.deposits[0]!.senderRef).toBeNull()
    expect(ctx.money.balance(ctx.somsri.id)).toBe(0n)
  })
})
