import { describe, expect, it } from 'vitest'
import { reconcileDay, type ReconciliationRows } from './reconciliation.ts'

// The daily reconciliation per source (ADR 086), as a pure function of one day's rows: each source's reports against
// the credits, and every transfer of the day counted once whichever sources reported it.

const DAY = '2026-11-29'
const AT = new Date('2026-11-29T03:00:00Z')
const PAY_IN = '1234567890'

type Deposit = ReconciliationRows['deposits'][number]
type Slip = ReconciliationRows['slips'][number]
type Notification = ReconciliationRows['notifications'][number]

let ids = 0
/** A builder of one kind of row: each row a new id, the kind's defaults for it, then what the test says. */
const rowOf =
  <T>(defaults: (id: number) => T) =>
  (over: Partial<T>): T => {
    ids += 1
    return { ...defaults(ids), ...over }
  }
const deposit = rowOf<Deposit>((id) => ({
  id,
  source: 'BANK_FEED',
  externalId: `ref-${id}`,
  requestHash: `hash-${id}`,
  toAccount: PAY_IN,
  fromBankCode: '004',
  fromAccount: '0987654321',
  fromName: 'สมชาย ใจดี',
  amount: 150_000n,
  occurredAt: AT,
  receivedAt: AT,
  senderRef: null,
  status: 'MATCHED',
  note: null,
  playerId: 7,
  draftBillId: null,
  creditedAt: AT,
  feedAt: null,
  notificationAt: null,
}))
const slip = rowOf<Slip>((id) => ({
  id,
  playerId: 7,
  slipKey: `004:REF${id}XXXXXXXXXX`,
  status: 'CREDITED',
  reason: null,
  depositId: null,
  facts: {
    amount: '150000',
    occurredAt: AT.toISOString(),
    sender: { bankCode: '004', account: 'xxxxxx4321', name: 'สมชาย ใจดี' },
    receiver: { bankCode: '014', account: PAY_IN, name: 'บริษัท สนาม', proxy: null },
    seenBefore: false,
  },
}))
const notification = rowOf<Notification>((id) => ({
  id,
  status: 'UNMATCHED',
  depositId: null,
  facts: { kind: 'INCOMING', bank: 'SCB', amount: '150000', occurredAt: AT.toISOString() },
}))
const day = (rows: Partial<ReconciliationRows>) => reconcileDay(DAY, { deposits: [], exceptions: [], accounts: [], slips: [], notifications: [], ...rows })
const source = (result: ReturnType<typeof day>, name: string) => result.sources.find((s) => s.source === name)!

describe('the reconciliation per source', () => {
  it('counts a slip-only day: the credited slip, a verified slip refused once however many players sent it, not another account’s transfer', () => {
    const credited = deposit({ source: 'SLIP', senderRef: '004:CREDITEDREF0001' })
    const refusedKey = '004:REFUSEDREF00002'
    const result = day({
      deposits: [credited],
      slips: [
        slip({ slipKey: '004:CREDITEDREF0001', depositId: credited.id }),
        slip({ slipKey: refusedKey, status: 'REFUSED', reason: 'AMOUNT_NOT_BILL', facts: { ...slip({}).facts!, amount: '50000' } }),
        slip({ slipKey: refusedKey, playerId: 8, status: 'REFUSED', reason: 'SENDER', facts: { ...slip({}).facts!, amount: '50000' } }),
        slip({ slipKey: '004:ELSEWHERE00000003', status: 'REFUSED', reason: 'RECEIVER', facts: { ...slip({}).facts!, amount: '990000' } }),
        slip({ slipKey: '004:NOTANSWERED00004', status: 'CHECKING', facts: null }),
      ],
    })
    expect(source(result, 'SLIP')).toMatchObject({ reported_count: 2, reported_total: 2000, credited_count: 1, credited_total: 1500, difference: 500 })
    expect(source(result, 'SLIP').differences).toEqual([
      expect.objectContaining({ kind: 'SLIP_NOT_CREDITED', amount: 500, reference: refusedKey, deposit_id: null, player_id: 7 }),
    ])
    expect(source(result, 'BANK_FEED')).toMatchObject({ reported_count: 0, difference: 0 })
    expect(result.transfers).toEqual({ count: 2, total: 2000, credited_count: 1, credited_total: 1500 })
    // Against the bank feed, the slip's credit is still one no feed transfer confirms (ADR 035).
    expect(result.accounts.flatMap((a) => a.differences.map((d) => d.kind))).toEqual(['WITHOUT_FEED'])
  })

  it('counts a notification-only day: credited, waiting, and one that joined no transfer listed but not counted as a transfer', () => {
    const credited = deposit({ source: 'NOTIFICATION', externalId: 'notification:1', notificationAt: AT })
    const waiting = deposit({
      source: 'NOTIFICATION',
      externalId: 'notification:2',
      notificationAt: AT,
      status: 'UNMATCHED',
      creditedAt: null,
      playerId: null,
      amount: 30_000n,
    })
    const result = day({
      deposits: [credited, waiting],
      notifications: [
        notification({ status: 'CREDITED', depositId: credited.id }),
        notification({ status: 'UNMATCHED', depositId: waiting.id, facts: { kind: 'INCOMING', bank: 'SCB', amount: '30000' } }),
        notification({ status: 'INCOMPLETE', facts: { kind: 'INCOMING', bank: 'KTB', amount: '70000' } }),
      ],
    })
    expect(source(result, 'NOTIFICATION')).toMatchObject({ reported_count: 3, reported_total: 2500, credited_count: 1, credited_total: 1500, difference: 1000 })
    expect(source(result, 'NOTIFICATION').differences.map((d) => [d.kind, d.amount])).toEqual([
      ['NOT_CREDITED', 300],
      ['NOTIFICATION_NOT_JOINED', 700],
    ])
    expect(result.transfers).toEqual({ count: 2, total: 1800, credited_count: 1, credited_total: 1500 })
    expect(source(result, 'SLIP').reported_count).toBe(0)
  })

  it('counts a transfer the feed and a slip both reported once, in both sources’ rows, balanced', () => {
    const key = '004:SAMETRANSFER00001'
    const slipFirst = deposit({ source: 'SLIP', senderRef: key, feedAt: AT })
    const feedFirstKey = '014:FEEDFIRST00000002'
    const feedFirst = deposit({ source: 'BANK_FEED', senderRef: feedFirstKey, feedAt: AT, amount: 20_000n })
    const result = day({
      deposits: [slipFirst, feedFirst],
      accounts: [{ id: 1, bankCode: '014', accountNumber: PAY_IN, accountName: 'บริษัท สนาม' } as ReconciliationRows['accounts'][number]],
      slips: [
        slip({ slipKey: key, depositId: slipFirst.id }),
        // Feed then slip: the check found the feed's credit (ALREADY_CREDITED) and names its key.
        slip({ slipKey: feedFirstKey, reason: 'ALREADY_CREDITED', facts: { ...slip({}).facts!, amount: '20000' } }),
      ],
    })
    for (const name of ['BANK_FEED', 'SLIP'])
      expect(source(result, name)).toMatchObject({
        reported_count: 2,
        reported_total: 1700,
        credited_count: 2,
        credited_total: 1700,
        difference: 0,
        differences: [],
      })
    expect(result.transfers).toEqual({ count: 2, total: 1700, credited_count: 2, credited_total: 1700 })
    expect(result.accounts).toEqual([expect.objectContaining({ account: PAY_IN, feed_count: 2, credited_count: 2, difference: 0, differences: [] })])
  })

  it('counts a manual claim under the operators and an open feed exception under the feed, neither credited', () => {
    const claim = deposit({ source: 'MANUAL', status: 'CLAIMED', creditedAt: null })
    const result = day({
      deposits: [claim],
      exceptions: [
        {
          id: 1,
          externalId: 'feed-x',
          requestHash: 'h',
          toAccount: PAY_IN,
          fromBankCode: '004',
          fromAccount: '1',
          fromName: null,
          amount: 10_000n,
          occurredAt: AT,
          receivedAt: AT,
          depositId: claim.id,
          reasons: ['AMOUNT'],
          status: 'OPEN',
          resolvedBy: null,
          resolvedAt: null,
          resolutionNote: null,
          limitDetail: null,
          creditedDepositId: null,
        },
      ],
    })
    expect(source(result, 'MANUAL')).toMatchObject({ reported_count: 1, credited_count: 0, difference: 1500 })
    expect(source(result, 'MANUAL').differences).toEqual([
      expect.objectContaining({ kind: 'CLAIM_PENDING', text: 'รายการฝากที่เจ้าหน้าที่บันทึก ยังไม่มีรายการจากธนาคารยืนยัน' }),
    ])
    expect(source(result, 'BANK_FEED')).toMatchObject({ reported_count: 1, credited_count: 0, difference: 100 })
    expect(result.transfers.count).toBe(2)
  })
})
