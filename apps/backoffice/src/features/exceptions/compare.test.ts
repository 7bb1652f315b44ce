import type { DepositException } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { compareLines } from './compare.ts'

const transfer = {
  external_id: 'KBANK-x',
  to_account: '1234567890',
  from_bank_code: 'SCB',
  from_account: '9990001111',
  from_name: 'นาย ข',
  amount: 50_000,
  occurred_at: '2026-11-25T03:00:00.000Z',
  received_at: '2026-11-25T03:00:05.000Z',
}
const existing: DepositException['existing'] = {
  ...transfer,
  id: 41,
  source: 'MANUAL',
  status: 'CLAIMED',
  to_account: '-',
  from_bank_code: 'KBANK',
  from_account: '1112223333',
  from_name: null,
  amount: 100,
  note: 'โอนแล้ว',
  player_id: 3,
  mobile: '0812345678',
  credited_at: null,
}

describe('an exception side by side', () => {
  it('shows both records line by line and marks exactly the lines the API found different', () => {
    const lines = compareLines({
      transfer,
      existing,
      reasons: [
        { code: 'AMOUNT', text: '' },
        { code: 'SENDER', text: '' },
      ],
    })
    expect(lines.map((l) => l.label)).toEqual([
      'exceptions.reference',
      'exceptions.amount',
      'exceptions.sender',
      'exceptions.payIn',
      'exceptions.occurred',
      'exceptions.received',
    ])
    expect(lines.filter((l) => l.differs).map((l) => l.label)).toEqual(['exceptions.amount', 'exceptions.sender'])
    const amount = lines.find((l) => l.label === 'exceptions.amount')!
    expect([amount.transfer, amount.existing]).toEqual(['฿50,000.00', '฿100.00'])
    const sender = lines.find((l) => l.label === 'exceptions.sender')!
    expect([sender.transfer, sender.existing]).toEqual(['SCB · 9990001111 · นาย ข', 'KBANK · 1112223333'])
  })
})
