import { describe, expect, it } from 'vitest'
import { verifierSubjects } from '../../../../test/slip-verifiers.ts'
import { makeTestPki } from '../../../../test/test-pki.ts'

describe('every slip verifier adapter', () => {
  it('reads the same transfer alike: exact satang, the same instant, the accounts without dashes', async () => {
    const verdicts = new Map<string, unknown>()
    for (const subject of verifierSubjects(makeTestPki())) {
      const { verifier, close } = await subject.start()
      try {
        const verdict = await verifier.verify(subject.query)
        expect(verdict, subject.name).toMatchObject({ outcome: 'VERIFIED' })
        if (verdict.outcome === 'VERIFIED') {
          const { amount, occurredAt, sender, receiver } = verdict.slip
          verdicts.set(subject.name, { amount, occurredAt, sender: sender.account?.slice(-5), receiver: receiver.bankCode })
        }
      } finally {
        await close()
      }
    }
    expect([...verdicts.keys()]).toEqual(['easyslip', 'slipok', 'slip2go', 'kbank (mutual TLS)', 'scb'])
    for (const [name, facts] of verdicts)
      expect(facts, name).toEqual({
        amount: 100115n,
        occurredAt: new Date('2026-11-29T08:30:28Z'),
        sender: name === 'scb' ? '2xxx4' : '1234x',
        receiver: '014',
      })
  })
})
