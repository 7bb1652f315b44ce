import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fakePayoutBankCore, fakePayoutBankServer, type PayoutFault, type PayoutStep } from '../../../test/fakes/payout-bank.ts'
import { httpPayoutBank } from './http-payout-bank.ts'
import type { PayoutBank, PayoutOrder } from './payout-bank.ts'

// The HTTP payout adapter against the fake bank on 127.0.0.1 (ADR 081): what each answer of each step means, and that
// no failure of the bank is ever read as paid or as refused.

const CLIENT = { clientId: 'sanam-test', clientSecret: 'test-client-secret-0001' }
const core = fakePayoutBankCore()
let server: Awaited<ReturnType<typeof fakePayoutBankServer>>
let bank: PayoutBank
const order: PayoutOrder = { reference: 'SNM000000001ABCDEF01', bankCode: '004', account: '1234567890', amount: 150_050n }

beforeAll(async () => {
  server = await fakePayoutBankServer(core, { ...CLIENT, slowMs: 1_000 })
  bank = httpPayoutBank({ url: server.url, ...CLIENT, sourceAccount: '9990001112', timeoutMs: 250 })
  core.addAccount('004', '1234567890', 'นาย สมชาย ใจดี')
})
afterAll(() => server.close())
beforeEach(() => core.reset())

describe('the HTTP payout adapter', () => {
  it('inquires, initiates and confirms under Sanam’s reference, and finds the payout by it', async () => {
    const inquiry = await bank.inquire(order)
    expect(inquiry).toEqual({ outcome: 'FOUND', accountName: 'นาย สมชาย ใจดี', inquiryId: expect.any(String) })
    const initiated = await bank.initiate({ ...order, inquiryId: inquiry.outcome === 'FOUND' ? inquiry.inquiryId : null })
    expect(initiated).toEqual({ outcome: 'INITIATED', bankTransactionId: expect.any(String) })
    const confirmed = await bank.confirm({ ...order, bankTransactionId: initiated.outcome === 'INITIATED' ? initiated.bankTransactionId : '' })
    expect(confirmed).toEqual({ outcome: 'PAID', bankReference: expect.stringMatching(/^BANK/) })
    expect(await bank.findByReference(order.reference)).toEqual(confirmed)
    // Baht with two decimals on the wire; one token for all four calls, asked with the client's credentials.
    expect(server.requests.find((r) => r.path === '/v1/payouts')?.body).toMatchObject({
      amount: '1500.50',
      reference: order.reference,
      source_account: '9990001112',
    })
    expect(server.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1)
    expect(core.paidFor(order.reference)).toHaveLength(1)
  })

  it('answers NOT_FOUND for a reference the bank does not know, and PENDING for one set up and not confirmed', async () => {
    expect(await bank.findByReference('SNM999999999NOSUCH00')).toEqual({ outcome: 'NOT_FOUND' })
    await bank.initiate({ ...order, reference: 'SNM000000002PENDING0', inquiryId: null })
    expect(await bank.findByReference('SNM000000002PENDING0')).toEqual({ outcome: 'PENDING' })
  })

  it('reads a wrong account as REJECTED at the inquiry: nothing can be sent there', async () => {
    expect(await bank.inquire({ ...order, account: '5555555555' })).toEqual({ outcome: 'REJECTED', code: 'ACCOUNT_NOT_FOUND' })
  })

  const transportFaults: Array<[PayoutFault, RegExp]> = [
    ['error', /^HTTP_503$/],
    ['timeout', /^TIMEOUT$/],
    ['hang', /^TIMEOUT$/],
    ['lost', /^NETWORK$/],
    ['garbled', /^UNPARSEABLE_200$/],
  ]
  const call = async (step: PayoutStep, reference: string) => {
    const o = { ...order, reference }
    if (step === 'inquire') return bank.inquire(o)
    if (step === 'initiate') return bank.initiate({ ...o, inquiryId: null })
    if (step === 'confirm') {
      const set = await bank.initiate({ ...o, inquiryId: null })
      return bank.confirm({ ...o, bankTransactionId: set.outcome === 'INITIATED' ? set.bankTransactionId : '' })
    }
    return bank.findByReference(reference)
  }
  let n = 100
  for (const step of ['inquire', 'initiate', 'confirm', 'find'] as const) {
    for (const [fault, code] of transportFaults) {
      it(`reads ${fault} at ${step} as UNAVAILABLE (${code.source}), never as paid or refused`, async () => {
        core.fail(step, fault)
        const answer = await call(step, `SNM${String(++n).padStart(9, '0')}FAULT000`)
        expect(answer).toEqual({ outcome: 'UNAVAILABLE', code: expect.stringMatching(code) })
      })
    }
  }

  it('moves the money when the confirm answer is lost, and the look-up by reference then says PAID', async () => {
    const reference = 'SNM000000003LOSTCONF'
    core.fail('confirm', 'lost')
    expect((await call('confirm', reference)).outcome).toBe('UNAVAILABLE')
    expect(core.paidFor(reference)).toHaveLength(1)
    expect(await bank.findByReference(reference)).toMatchObject({ outcome: 'PAID' })
  })

  it('reads the bank’s explicit refusal at initiate and confirm as REJECTED with its code, and nothing moved', async () => {
    core.fail('initiate', 'reject')
    expect(await call('initiate', 'SNM000000004REJINIT0')).toEqual({ outcome: 'REJECTED', code: 'INSUFFICIENT_FUNDS' })
    core.fail('confirm', 'reject')
    expect(await call('confirm', 'SNM000000005REJCONF0')).toEqual({ outcome: 'REJECTED', code: 'RECEIVER_REFUSED' })
    expect(core.paidFor('SNM000000005REJCONF0')).toHaveLength(0)
    expect(await bank.findByReference('SNM000000005REJCONF0')).toEqual({ outcome: 'REJECTED', code: 'REFUSED' })
  })

  it('takes a new token after the bank revoked the old one; a refused call in between is UNAVAILABLE', async () => {
    server.revokeTokens()
    expect(await bank.findByReference('SNM000000006TOKEN000')).toEqual({ outcome: 'UNAVAILABLE', code: 'HTTP_401_INVALID_TOKEN' })
    expect(await bank.findByReference('SNM000000006TOKEN000')).toEqual({ outcome: 'NOT_FOUND' })
  })

  it('is UNAVAILABLE with credentials the bank refuses, and sends no payout without a token', async () => {
    const wrong = httpPayoutBank({
      url: server.url,
      clientId: CLIENT.clientId,
      clientSecret: 'not-the-secret-00000',
      sourceAccount: '9990001112',
      timeoutMs: 250,
    })
    const before = server.requests.filter((r) => r.path === '/v1/payouts').length
    expect(await wrong.initiate({ ...order, reference: 'SNM000000007NOTOKEN0', inquiryId: null })).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_HTTP_401' })
    expect(server.requests.filter((r) => r.path === '/v1/payouts').length).toBe(before)
  })
})
