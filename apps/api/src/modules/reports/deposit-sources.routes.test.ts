import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { DepositSources, Reconciliation } from '@sanam/contract'
import { bangkokDay } from '@sanam/contract/bangkok'
import { DEMO_BANK_NOTIFICATION_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'
import { useTestApp } from '../../../test/app.ts'
import { postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { fakeSlipVerifier, slipFrom } from '../../../test/slips.ts'

// The deposit desk's count of the day's transfers per source and the reconciliation of each source (issue 37 §5,
// ADR 086), through the routes: every source's report moves its own row, by what became of it.

const fake = fakeSlipVerifier()
const t = useTestApp({ config: { RATE_SLIPS_PER_PLAYER_PER_MINUTE: '10000' }, deps: { slipVerifier: fake.verifier }, verifyLedger: 'end' })

type Row = DepositSources['sources'][number]
async function counts(token: string): Promise<Record<string, Omit<Row, 'source'>>> {
  const res = await t.get('/api/backoffice/deposit-sources', token)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json().data as DepositSources
  expect(body.day).toBe(bangkokDay(t.clock.now()))
  return Object.fromEntries(body.sources.map(({ source, ...rest }) => [source, rest]))
}
function moved(before: Awaited<ReturnType<typeof counts>>, after: Awaited<ReturnType<typeof counts>>) {
  return Object.fromEntries(
    Object.entries(after).map(([source, row]) => [
      source,
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v - (before[source] as Record<string, number>)[k]!])),
    ]),
  )
}
function notify(text: string, sender: string) {
  const raw = JSON.stringify({ text, sender, received_at: t.clock.now().toISOString() })
  const headers = signatureHeaders(DEMO_BANK_NOTIFICATION_SECRET, { method: 'POST', path: '/api/bank/notifications', body: raw, now: t.clock.now() })
  return t.request('POST', '/api/bank/notifications', { headers: { 'content-type': 'application/json', ...headers }, payload: raw })
}
const zero = { arrived: 0, matched: 0, waiting: 0, failed: 0, not_money: 0 }

describe('GET /api/backoffice/deposit-sources', () => {
  it('counts what arrived today by each source and what became of it', async () => {
    const support = await signInOperator(t, 'support')
    const finance = await signInOperator(t, 'finance')
    const before = await counts(support.token)
    const player = await signedInPlayer(t)

    // The feed: one transfer matched, one from an account nobody has (waits).
    expect((await postTransfer(t, transferBody(player, { occurred_at: t.clock.now().toISOString() }))).json().data.status).toBe('MATCHED')
    const stranger = transferBody({ bankCode: '002', bankAccount: '9990001112' }, { occurred_at: t.clock.now().toISOString() })
    expect((await postTransfer(t, stranger)).json().data.status).toBe('UNMATCHED')
    // Slips: one credited, one refused, one the verifier cannot answer yet.
    const good = slipFrom(t, player, 300)
    const wrong = slipFrom(t, player, 400, (s) => (s.sender = { ...s.sender, account: 'xxx-x-x0000-x' }))
    const later = slipFrom(t, player, 500)
    fake.answer(good.key, good.verdict)
    fake.answer(wrong.key, wrong.verdict)
    fake.answer(later.key, { outcome: 'NOT_YET', code: '1010' })
    for (const [slip, status] of [
      [good, 'CREDITED'],
      [wrong, 'REFUSED'],
      [later, 'CHECKING'],
    ] as const)
      expect((await t.post('/api/wallet/deposit/slip', { payload: slip.payload }, player.token)).json().data.status).toBe(status)
    // Notifications: a one-time code (not money) and a text in no known wording (failed).
    expect((await notify('รหัส OTP คือ 771204 (Ref: QWPA) ใช้ภายใน 5 นาที', '027777777')).json().data.status).toBe('IGNORED')
    expect((await notify('ยินดีด้วย! คุณได้รับเงิน 1,500.00 บาท กดรับที่ลิงก์', '027777777')).json().data.status).toBe('UNPARSED')
    // An operator's manual deposit waits for the feed or a second operator.
    const manual = await t.post(
      '/api/backoffice/deposits/manual',
      { mobile: player.mobile, amount: 700, bank_ref: `ref-${randomUUID()}`, note: 'สลิปจากไลน์' },
      finance.token,
    )
    expect(manual.json().data.status).toBe('PENDING')

    expect(moved(before, await counts(support.token))).toEqual({
      BANK_FEED: { ...zero, arrived: 2, matched: 1, waiting: 1 },
      SLIP: { ...zero, arrived: 3, matched: 1, waiting: 1, failed: 1 },
      NOTIFICATION: { ...zero, arrived: 2, failed: 1, not_money: 1 },
      MANUAL: { ...zero, arrived: 1, waiting: 1 },
    })

    // The reconciliation of the day counts the refused slip's transfer under slips, once, as not credited.
    const day = (await t.get(`/api/backoffice/reconciliation?day=${bangkokDay(t.clock.now())}`, finance.token)).json().data as Reconciliation
    const slips = day.sources.find((s) => s.source === 'SLIP')!
    expect(slips.differences).toEqual([expect.objectContaining({ kind: 'SLIP_NOT_CREDITED', reference: wrong.key, amount: 400, player_id: player.id })])
  })

  it('refuses a day that is no date, in Thai, and a caller without a session', async () => {
    const support = await signInOperator(t, 'support')
    const bad = await t.get('/api/backoffice/deposit-sources?day=2026-02-31', support.token)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('วันที่ไม่ถูกต้อง')
    expect((await t.get('/api/backoffice/deposit-sources')).statusCode).toBe(401)
  })
})
