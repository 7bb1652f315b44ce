import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mayOperator, type OperatorRole, type PayinAccount } from '@sanam/contract'
import { PRODUCTION_CONFIG, useTestApp, type TestApp } from '../../../test/app.ts'
import { bankSignature, balanceOf, OPERATOR_ACCOUNT, postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { openPglite } from '../../db/client.ts'
import { seedSite } from '../../seed.ts'
import { auditLog, draftBills } from '../../db/schema.ts'

// Issue 20 §2 and §6: the pay-in accounts players deposit into. No one operator sets where players' money goes: a new
// account or new details wait for a second finance operator; several accounts take turns on draft bills; retiring an
// account never loses a transfer that still arrives to it; a fresh production install takes its first deposit this way.

const t = useTestApp({ verifyLedger: 'end' })
const ROLES: OperatorRole[] = ['owner', 'finance', 'support']
let serial = 0
/** An account number no other test uses. */
const accountNumber = () => `55${String(Date.now()).slice(-6)}${String(serial++).padStart(2, '0')}`
const accountBody = (overrides: Record<string, unknown> = {}) => ({
  bank_code: '004',
  account_number: accountNumber(),
  account_name: 'บจก. สนาม สาขาสอง',
  promptpay_type: null,
  promptpay_id: null,
  ...overrides,
})

type Op = Awaited<ReturnType<typeof signInOperator>>
const propose = (app: TestApp, as: Op, body: Record<string, unknown>) => app.post('/api/backoffice/payin-accounts', body, as.token)
const act = (app: TestApp, as: Op, id: number, step: 'activate' | 'reject' | 'retire') =>
  app.post(`/api/backoffice/payin-accounts/${id}/${step}`, undefined, as.token)
/** An account proposed by an owner and activated by a finance operator: live for players. */
async function liveAccount(app: TestApp, body = accountBody()): Promise<PayinAccount> {
  const proposed = await propose(app, await signInOperator(app, 'owner'), body)
  expect(proposed.statusCode, proposed.body).toBe(200)
  const activated = await act(app, await signInOperator(app, 'finance'), proposed.json().data.id, 'activate')
  expect(activated.statusCode, activated.body).toBe(200)
  return activated.json().data
}
/** A player's draft bill: the account number it tells them to pay into. */
async function billAccount(app: TestApp, token: string): Promise<string> {
  const res = await app.post('/api/wallet/deposit/draft_bill', { amount: 500 }, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.payment_information.bank_address
}
const auditOf = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))

describe('four eyes on where the money goes', () => {
  it('a proposal waits: not offered and not matched; its author, an owner or support cannot activate it; a second finance operator does', async () => {
    const author = await signInOperator(t, 'finance')
    const body = accountBody({ promptpay_type: 'MSISDN', promptpay_id: '0812345678' })
    const proposed = await propose(t, author, body)
    expect(proposed.json(), proposed.body).toMatchObject({
      message: expect.stringMatching(/เจ้าหน้าที่การเงินอีกคน/),
      data: { status: 'PENDING', active: false, proposed_by: author.username, account_number: body.account_number },
    })
    const { id } = proposed.json().data

    // Money sent to a proposed account is not ours until it is approved.
    const player = await signedInPlayer(t)
    const early = await postTransfer(t, transferBody(player, { to_account: body.account_number }))
    expect(early.json().data.status).toBe('UNMATCHED')

    expect((await act(t, author, id, 'activate')).json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    for (const role of ['owner', 'support'] as const) expect((await act(t, await signInOperator(t, role), id, 'activate')).statusCode, role).toBe(403)
    const second = await signInOperator(t, 'finance')
    const activated = await act(t, second, id, 'activate')
    expect(activated.json()).toMatchObject({ data: { status: 'APPROVED', active: true, decided_by: second.username } })
    expect((await act(t, second, id, 'activate')).statusCode).toBe(409)

    const [row] = await auditOf('payin.activate', id)
    expect(row).toMatchObject({
      operatorId: second.id,
      before: { status: 'PENDING', active: false, account_number: body.account_number },
      after: { status: 'APPROVED', active: true, account_number: body.account_number, promptpay_id: '0812345678' },
    })
    expect((await auditOf('payin.propose', id))[0]).toMatchObject({ operatorId: author.id, before: null, after: { status: 'PENDING' } })
  })

  it('lets only the roles of payin.manage propose and retire, and refuses bad input with a Thai message, storing nothing', async () => {
    for (const role of ROLES) {
      const res = await propose(t, await signInOperator(t, role), accountBody())
      expect(res.statusCode, role).toBe(mayOperator(role, 'payin.manage') ? 200 : 403)
    }
    const owner = await signInOperator(t, 'owner')
    const before = (await t.get('/api/backoffice/payin-accounts', owner.token)).json().data.length
    for (const [what, change] of [
      ['an unknown bank', { bank_code: '999' }],
      ['letters in the number', { account_number: '12345abcde' }],
      ['a short number', { account_number: '12345' }],
      ['no name', { account_name: ' ' }],
      ['a PromptPay id without its type', { promptpay_id: '0812345678' }],
      ['a type without an id', { promptpay_type: 'MSISDN' }],
      ['a mobile PromptPay id of 9 digits', { promptpay_type: 'MSISDN', promptpay_id: '081234567' }],
      ['a national id of 12 digits', { promptpay_type: 'NATID', promptpay_id: '123456789012' }],
      ['an unknown field', { active: true }],
    ] as const) {
      const res = await propose(t, owner, accountBody(change))
      expect(res.statusCode, what).toBe(400)
      expect(res.json().message, what).toMatch(/[\u0E00-\u0E7F]/)
    }
    expect((await t.get('/api/backoffice/payin-accounts', owner.token)).json().data).toHaveLength(before)
    expect((await act(t, owner, 999_999_999, 'retire')).statusCode).toBe(404)
    expect((await act(t, await signInOperator(t, 'finance'), 999_999_999, 'activate')).statusCode).toBe(404)
  })

  it('new details are a pending version that replaces the account only when activated; a version that went stale is refused (409)', async () => {
    const live = await liveAccount(t)
    const owner = await signInOperator(t, 'owner')
    const change = (body: Record<string, unknown>) => t.post(`/api/backoffice/payin-accounts/${live.id}/change`, body, owner.token)
    const same = await change({
      bank_code: live.bank_code,
      account_number: live.account_number,
      account_name: live.account_name,
      promptpay_type: null,
      promptpay_id: null,
    })
    expect(same.statusCode).toBe(422)

    const first = (await change(accountBody())).json().data as PayinAccount
    const second = (await change(accountBody())).json().data as PayinAccount
    const rejected = (await change(accountBody())).json().data as PayinAccount
    expect(first).toMatchObject({ status: 'PENDING', replaces_id: live.id })
    const finance = await signInOperator(t, 'finance')
    expect((await act(t, owner, rejected.id, 'reject')).json().data.status).toBe('REJECTED')
    expect((await act(t, finance, rejected.id, 'activate')).json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/ไม่ได้รอการเปิดใช้งาน/) })

    const list = async () => (await t.get('/api/backoffice/payin-accounts', owner.token)).json().data as PayinAccount[]
    expect((await list()).find((a) => a.id === live.id)?.active).toBe(true)
    expect((await act(t, finance, first.id, 'activate')).statusCode).toBe(200)
    const after = await list()
    expect(after.find((a) => a.id === live.id)).toMatchObject({ active: false, retired_at: expect.any(String) })
    expect(after.find((a) => a.id === first.id)).toMatchObject({ active: true })
    // The other change was reviewed against an account that is no longer live.
    const stale = await act(t, finance, second.id, 'activate')
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toMatch(/บัญชีเดิม/)
    expect((await auditOf('payin.activate', first.id))[0]?.after).toMatchObject({ retired: { id: live.id, active: false } })
  })
})

describe('bills and transfers', () => {
  it('two active accounts are both used by draft bills, taking turns, and each bill remembers its account', async () => {
    const extra = await liveAccount(t)
    const support = await signInOperator(t, 'support')
    const active = ((await t.get('/api/backoffice/payin-accounts', support.token)).json().data as PayinAccount[]).filter((a) => a.active)
    expect(active.map((a) => a.account_number)).toEqual(expect.arrayContaining([OPERATOR_ACCOUNT, extra.account_number]))
    const seen: string[] = []
    for (const _ of active) {
      const player = await signedInPlayer(t)
      const shown = await billAccount(t, player.token)
      const [bill] = await t.db.select().from(draftBills).where(eq(draftBills.playerId, player.id))
      expect(active.find((a) => a.id === bill!.operatorAccountId)?.account_number).toBe(shown)
      seen.push(shown)
    }
    // As many bills as active accounts: each account named once (the least recently used goes next).
    expect(seen.sort()).toEqual(active.map((a) => a.account_number).sort())
  })

  it('a retired account is offered to no new bill, yet a transfer that still arrives to it is matched and credited', async () => {
    const retiring = await liveAccount(t)
    const owner = await signInOperator(t, 'owner')
    const retired = await act(t, owner, retiring.id, 'retire')
    expect(retired.json()).toMatchObject({ data: { active: false, status: 'APPROVED' }, message: expect.stringMatching(/ยังจับคู่ได้/) })
    expect((await auditOf('payin.retire', retiring.id))[0]).toMatchObject({ before: { active: true }, after: { active: false } })
    for (let i = 0; i < 3; i++) expect(await billAccount(t, (await signedInPlayer(t)).token)).not.toBe(retiring.account_number)

    const player = await signedInPlayer(t)
    const late = await postTransfer(t, transferBody(player, { to_account: retiring.account_number, amount: 700 }))
    expect(late.json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, player.token)).toBe(700)
    expect((await act(t, owner, retiring.id, 'retire')).statusCode).toBe(409)
  })
})

describe('a fresh production install (SEED_DEMO false, no demo data)', () => {
  const fresh = useTestApp({
    config: { ...PRODUCTION_CONFIG, SEED_DEMO: 'false' },
    // What server.ts does on a new database without demo data: migrations, then the site (below), nothing else.
    database: async () => {
      const database = await openPglite()
      await database.migrate()
      return database
    },
    verifyLedger: 'end',
  })
  beforeAll(() => seedSite(fresh.services))

  it('takes no deposit until an owner proposes a pay-in account and a finance operator activates it; then a transfer credits', async () => {
    const player = await signedInPlayer(fresh)
    const before = await fresh.post('/api/wallet/deposit/draft_bill', { amount: 500 }, player.token)
    expect(before.statusCode).toBe(503)
    expect(before.json().message).toBe('ระบบฝากเงินยังไม่พร้อม กรุณาติดต่อเจ้าหน้าที่')

    const account = await liveAccount(fresh, accountBody({ bank_code: '014', promptpay_type: 'NATID', promptpay_id: '0105555555555' }))
    expect((await fresh.get('/api/wallet/deposit/bank', player.token)).json().data).toMatchObject({
      address: account.account_number,
      qrcode: expect.any(String),
    })
    expect(await billAccount(fresh, player.token)).toBe(account.account_number)

    const raw = transferBody(player, { to_account: account.account_number, amount: 500, occurred_at: fresh.clock.now().toISOString() })
    const res = await postTransfer(fresh, raw, bankSignature(fresh, JSON.stringify(raw), { secret: PRODUCTION_CONFIG.BANK_WEBHOOK_SECRET }))
    expect(res.json(), res.body).toMatchObject({ data: { status: 'MATCHED' } })
    expect(await balanceOf(fresh, player.token)).toBe(500)
  })

  it('never retires the last active account (players could not deposit at all); once another is active, it may go', async () => {
    const owner = await signInOperator(fresh, 'owner')
    const [only] = (await fresh.get('/api/backoffice/payin-accounts', owner.token)).json().data.filter((a: PayinAccount) => a.active) as PayinAccount[]
    const refused = await act(fresh, owner, only!.id, 'retire')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('บัญชีนี้เป็นบัญชีรับเงินเดียวที่เปิดใช้อยู่ ปิดแล้วผู้เล่นจะฝากเงินไม่ได้ กรุณาเปิดใช้บัญชีใหม่ก่อน')
    const player = await signedInPlayer(fresh)
    expect(await billAccount(fresh, player.token)).toBe(only!.account_number)

    const next = await liveAccount(fresh)
    expect((await act(fresh, owner, only!.id, 'retire')).json().data).toMatchObject({ active: false })
    expect((await act(fresh, owner, next.id, 'retire')).statusCode).toBe(409)
  })
})
