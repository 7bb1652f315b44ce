// Every slip verifier adapter wired to its fake vendor on 127.0.0.1 (ADR 084), each answering its verified fixture: the
// subjects of bench/slip-verify.ts (which imports no API source itself, ADR 023) and of the check that all the
// adapters read the same transfer alike (modules/slips/verifiers/all-vendors.test.ts).
import { parseSlipPayload, slipPayloadOf, type SlipPayload } from '../src/modules/slips/slip-payload.ts'
import type { SlipVerifier } from '../src/modules/slips/slip-verifier.ts'
import {
  createEasySlipVerifier,
  createKBankVerifier,
  createScbVerifier,
  createSlip2GoVerifier,
  createSlipOkVerifier,
} from '../src/modules/slips/verifiers/index.ts'
import { fixture, startFakeVendor, type FakeVendor } from './fake-vendor.ts'
import type { TestPki } from './test-pki.ts'

export type SlipQuery = Parameters<SlipVerifier['verify']>[0]

/** The published vector of issue 37 (bank 004): the transfer the EasySlip, SlipOK, Slip2Go and KBank fixtures describe. */
export const BANK_SLIP_PAYLOAD = '0041000600000101030040220013071152533APM077365102TH91048134'
const parsed = parseSlipPayload(BANK_SLIP_PAYLOAD)
if (!parsed.ok) throw new Error('the published vector must parse')
export const BANK_SLIP_QUERY: SlipQuery = { payload: BANK_SLIP_PAYLOAD, slip: parsed.slip }
/** What every verifier but SCB's reads of the published vector's fixture (SCB's describes its own slip). */
export const BANK_SLIP_VERIFIED = {
  outcome: 'VERIFIED',
  slip: {
    sendingBank: '004',
    reference: '013071152533APM07736',
    amount: 100115n,
    occurredAt: new Date('2026-11-29T08:30:28Z'),
    sender: { bankCode: '004', account: 'xxxxx1234x', name: 'นาย สมชาย ใ', proxy: null },
    receiver: { bankCode: '014', account: 'xxxxx5678x', name: 'บจก. สนาม เดโม', proxy: null },
    seenBefore: false,
  },
} as const
/** The SCB slip (sending bank 014) the SCB fixtures describe. */
const SCB_SLIP: SlipPayload = { layout: 'bank', sendingBank: '014', reference: '2026112915302800123' }
export const SCB_SLIP_QUERY: SlipQuery = { payload: slipPayloadOf(SCB_SLIP), slip: SCB_SLIP }

export interface VerifierSubject {
  name: string
  query: SlipQuery
  start(): Promise<{ vendor: FakeVendor; verifier: SlipVerifier; close(): Promise<void> }>
}

/** The five adapters, each on its own fake; KBank's over mutual TLS with `pki`'s certificates. */
export function verifierSubjects(pki: TestPki, timeoutMs = 5000): VerifierSubject[] {
  const plain = (vendor: FakeVendor, verifier: SlipVerifier) => ({ vendor, verifier, close: () => vendor.close() })
  return [
    {
      name: 'easyslip',
      query: BANK_SLIP_QUERY,
      async start() {
        const vendor = await startFakeVendor({ 'POST /verify/bank': fixture('easyslip', 'verified') })
        return plain(vendor, createEasySlipVerifier({ url: vendor.url, apiKey: 'test-only-key', timeoutMs }))
      },
    },
    {
      name: 'slipok',
      query: BANK_SLIP_QUERY,
      async start() {
        const vendor = await startFakeVendor({ 'POST /api/line/apikey/1': fixture('slipok', 'verified') })
        return plain(vendor, createSlipOkVerifier({ url: `${vendor.url}/api/line/apikey`, branchId: '1', apiKey: 'test-only-key', timeoutMs }))
      },
    },
    {
      name: 'slip2go',
      query: BANK_SLIP_QUERY,
      async start() {
        const vendor = await startFakeVendor({ 'POST /api/verify-slip/qr-code/info': fixture('slip2go', 'verified') })
        return plain(vendor, createSlip2GoVerifier({ url: `${vendor.url}/api`, secretKey: 'test-only-key', timeoutMs }))
      },
    },
    {
      name: 'kbank (mutual TLS)',
      query: BANK_SLIP_QUERY,
      async start() {
        const vendor = await startFakeVendor(
          { 'POST /v2/oauth/token': fixture('kbank', 'token'), 'POST /v1/verslip/kbank/verify': fixture('kbank', 'verified') },
          { tls: { key: pki.server.key, cert: pki.server.cert, ca: pki.ca } },
        )
        const verifier = createKBankVerifier({
          url: vendor.url,
          clientId: 'test-only-id',
          clientSecret: 'test-only-secret',
          tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca },
          timeoutMs,
        })
        return {
          vendor,
          verifier,
          close: () => {
            verifier.close()
            return vendor.close()
          },
        }
      },
    },
    {
      name: 'scb',
      query: SCB_SLIP_QUERY,
      async start() {
        const vendor = await startFakeVendor({
          'POST /v1/oauth/token': fixture('scb', 'token'),
          'GET /v1/payment/billpayment/transactions/*': fixture('scb', 'verified'),
        })
        return plain(vendor, createScbVerifier({ url: vendor.url, apiKey: 'test-only-key', apiSecret: 'test-only-secret', timeoutMs }))
      },
    },
  ]
}
