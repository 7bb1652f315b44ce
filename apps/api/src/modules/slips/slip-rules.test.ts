import { describe, expect, it } from 'vitest'
import { slipRefusal, type SlipRuleFacts } from './slip-rules.ts'

const now = new Date('2026-11-29T10:00:00Z')
const player = { bankCode: '004', bankAccount: '1234567890', firstname: 'สมชาย', surname: 'ใจดี' }

function facts(change: (f: SlipRuleFacts) => void = () => {}): SlipRuleFacts {
  const f: SlipRuleFacts = {
    slip: {
      sendingBank: '004',
      reference: '013071152533APM07736',
      amount: 50_000n,
      occurredAt: new Date(now.getTime() - 5 * 60_000),
      sender: { bankCode: '004', account: 'xxx-x-x6789-x', name: 'นาย สมชาย ใ', proxy: null },
      receiver: { bankCode: '014', account: 'xxx-x-x3456-x', name: 'บจก. สนาม เดโม', proxy: null },
      seenBefore: false,
    },
    player,
    receiverIsOurs: true,
    bill: null,
    now,
    depositMin: 10_000n,
    limitRemaining: null,
  }
  change(f)
  return f
}

describe('slipRefusal (ADR 079)', () => {
  it('credits a slip that holds every rule, with a bill or without', () => {
    expect(slipRefusal(facts())).toBeNull()
    expect(slipRefusal(facts((f) => (f.bill = { amount: 50_000n, createdAt: new Date(now.getTime() - 6 * 60_000) })))).toBeNull()
  })

  it.each<[string, (f: SlipRuleFacts) => void, string]>([
    ['a receiver that is not ours', (f) => (f.receiverIsOurs = false), 'RECEIVER'],
    ['a masked sender without a name', (f) => (f.slip.sender.name = null), 'SENDER'],
    ['a sender whose digits differ', (f) => (f.slip.sender.account = 'xxx-x-x6788-x'), 'SENDER'],
    ['a sender with another name', (f) => (f.slip.sender.name = 'นาย สมศักดิ์ ใ'), 'SENDER'],
    ['a sender from another bank', (f) => (f.slip.sender.bankCode = '002'), 'SENDER'],
    ['no sender account at all', (f) => (f.slip.sender.account = null), 'SENDER'],
    ['24 hours and a second old', (f) => (f.slip.occurredAt = new Date(now.getTime() - 24 * 3_600_000 - 1_000)), 'TOO_OLD'],
    ['two minutes in the future', (f) => (f.slip.occurredAt = new Date(now.getTime() + 2 * 60_000)), 'TOO_OLD'],
    ['made two minutes before the bill', (f) => (f.bill = { amount: 50_000n, createdAt: new Date(f.slip.occurredAt.getTime() + 2 * 60_000) }), 'BEFORE_BILL'],
    ['a satang off the bill', (f) => (f.bill = { amount: 50_001n, createdAt: new Date(now.getTime() - 10 * 60_000) }), 'AMOUNT_NOT_BILL'],
    ['below the minimum without a bill', (f) => (f.slip.amount = 9_999n), 'BELOW_MIN'],
    ['past what the player limit leaves', (f) => (f.limitRemaining = 49_999n), 'OVER_LIMIT'],
  ])('refuses %s', (_name, change, reason) => {
    expect(slipRefusal(facts(change))).toBe(reason)
  })

  it('forgives a bank time rounded down to the minute before the bill, and a full account without a name', () => {
    expect(slipRefusal(facts((f) => (f.bill = { amount: 50_000n, createdAt: new Date(f.slip.occurredAt.getTime() + 59_000) })))).toBeNull()
    expect(slipRefusal(facts((f) => (f.slip.sender = { ...f.slip.sender, account: '1234567890', name: null })))).toBeNull()
  })

  it('with a bill, the bill decides the amount: no minimum, no limit is asked', () => {
    const small = facts((f) => {
      f.slip.amount = 5_000n
      f.limitRemaining = 0n
      f.bill = { amount: 5_000n, createdAt: new Date(now.getTime() - 10 * 60_000) }
    })
    expect(slipRefusal(small)).toBeNull()
  })
})
