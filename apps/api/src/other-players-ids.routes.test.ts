import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { makePlayer, registerBody } from '../test/factories.ts'
import { balanceOf, bearer, expectLedgerOk, fund, loginPlayer, postTransfer, signedInPlayer, transferBody } from '../test/money.ts'
import { pathParams, routeTable, type TableRoute } from '../test/route-table.ts'
import { callSeamless, launch } from '../test/seamless.ts'
import { draftBills, transfers, withdrawals } from './db/schema.ts'
import { fieldsOf } from '../test/zod-arbitrary.ts'

// Every route that takes an id (a path parameter, or a body or query field named like one) is tried with another
// player's ids, signed in as a player: it must answer 401/403/404 (or the protocol's refusal) and change nothing.
// The table below must name every such route the app has, read from the app's own route table: a new id-taking
// route makes this test fail until someone says how it is guarded and, where a player can reach it, tries it.

/** Field names that name a record: ids, tokens, references, codes of things that belong to someone. */
const ID_NAMED = /(^|_)(id|uid|upid|token|ref|promotion)$|Id$/

/** The risk desk's ids (ADR 089): operators only. */
const RISK_DESK_IDS = {
  reason: 'risk case, alert and parameter ids, risk.work / risk.params only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401',
}

/** How each id-taking route is kept to its owner. `tried` routes are exercised below; the rest say why not. */
const ID_ROUTES: Record<string, { tried: true } | { reason: string }> = {
  'POST /api/wallet/deposit/status/:userId': { tried: true },
  'GET /api/wallet/deposit/status/:userId/cursor': { tried: true },
  'POST /api/backoffice/withdrawals/:id/approve': { tried: true },
  'POST /api/backoffice/withdrawals/:id/reject': { tried: true },
  'POST /api/backoffice/payouts/:id/recheck': { reason: 'payout ids, finance only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/payouts/:id/propose': { reason: 'payout ids, finance only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/payouts/:id/confirm': { reason: 'payout ids, finance only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/payouts/:id/send-again': {
    reason: 'payout ids, finance only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401',
  },
  'POST /api/backoffice/payouts/:id/refuse': { reason: 'payout ids, finance only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/deposits/:id/assign': { tried: true },
  'POST /api/backoffice/deposits/manual': { tried: true },
  'GET /api/backoffice/members/:id/links': { tried: true },
  'POST /api/wallet/deposit/draft_bill': { tried: true },
  'POST /api/seamless/:provider/:op': { tried: true },
  'POST /api/protocols/evolution/:op': {
    reason: 'the operation, not a record id: the vendor names a player only by a sid it was given, under the static token (evolution.routes.test.ts)',
  },
  'POST /api/backoffice/outbox/:id/resend': {
    reason: 'message ids, members.handle only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401; a code is never resent',
  },
  'GET /api/backoffice/care-tasks/:id': { reason: 'care task ids, care.work only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/care-tasks/:id/interactions': {
    reason: 'care task ids, care.work only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401 (care-markers.routes.test.ts)',
  },
  'POST /api/line/link': {
    reason:
      "LINE's link token names the LINE user who asked for it, not a player; one another player confirmed is refused (LINE_LINK_EXPIRED), and a LINE user linked to another player is LINE_TAKEN (line.routes.test.ts)",
  },
  'POST /api/backoffice/alerts/:id/read': {
    reason: "desk alert ids, operators only, and only an alert the operator's role can act on (desk-alerts.routes.test.ts); a player token gets 401",
  },
  'GET /play/:token': { tried: true },
  'GET /play/:token/state': { tried: true },
  'POST /play/:token/round': { tried: true },
  'POST /api/auth/confirm': { tried: true },
  'POST /api/backoffice/operators/:id/role': { reason: 'operator ids, owners only (the role walk, backoffice-roles.routes.test.ts); a player token gets 401' },
  'POST /api/backoffice/operators/:id/phone': { reason: 'operator ids, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/requests/:id/approve': { reason: 'operator change requests, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/requests/:id/reject': { reason: 'operator change requests, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/:id/disable': { reason: 'operator ids, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/:id/enable': { reason: 'operator ids, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/:id/reset-password': { reason: 'operator ids, owners only (the role walk); a player token gets 401' },
  'POST /api/backoffice/operators/:id/reset-totp': { reason: 'operator ids, owners only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/members/:id/lock': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/members/:id/unlock': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/members/:id/end-sessions': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id/ledger': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id/money': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id/promotions': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id/downline': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/members/:id/sessions': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/members/:id/reset-password': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/members/:id/adjustments': { reason: 'member ids, operators only (the role walk); a player token gets 401' },
  'GET /api/backoffice/deposits': { reason: 'q and ref find any member’s deposits, which every operator role may read; a player token gets 401' },
  'GET /api/backoffice/approvals': { reason: 'player_id filters the money actions, which every operator role may read; a player token gets 401' },
  'POST /api/backoffice/approvals/:id/approve': { reason: 'approval ids, owner and finance only (the role walk); a player token gets 401' },
  'POST /api/backoffice/approvals/:id/reject': { reason: 'approval ids, owner and finance only (the role walk); a player token gets 401' },
  'POST /api/backoffice/deposit-exceptions/:id/resolve': { reason: 'exception ids, owner and finance only (the role walk); a player token gets 401' },
  'POST /api/backoffice/slips/:id/recheck': { reason: 'slip check ids, finance only (the role walk); a player token gets 401' },
  'POST /api/backoffice/slips/:id/close': { reason: 'slip check ids, finance only (the role walk); a player token gets 401' },
  'GET /api/backoffice/audit': { reason: 'operator_id and target_id filter the audit log, which every operator role may read; a player token gets 401' },
  'POST /api/backoffice/promotions/:id/versions': { reason: 'promotion ids, promotions.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/promotions/:id/disable': { reason: 'promotion ids, promotions.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/promotion-versions/:id/publish': { reason: 'promotion version ids, promotions.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/promotion-versions/:id/reject': { reason: 'promotion version ids, promotions.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/plan/proposals/:id/approve': { reason: 'plan proposal ids, plan.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/plan/proposals/:id/reject': { reason: 'plan proposal ids, plan.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/site/versions/:id/approve': { reason: 'site content version ids, money.decide only (the role walk); a player token gets 401' },
  'POST /api/backoffice/site/versions/:id/reject': { reason: 'site content version ids, operators only (the role walk); a player token gets 401' },
  'POST /api/backoffice/catalogue/providers/:code': {
    reason: 'provider codes of the public catalogue, catalogue.manage only (the role walk); a player token gets 401',
  },
  'GET /api/backoffice/catalogue/providers/:code/games': {
    reason: 'provider codes of the public catalogue, catalogue.manage only (the role walk); a player token gets 401',
  },
  'POST /api/backoffice/catalogue/providers/:code/games': {
    reason: 'provider codes of the public catalogue, catalogue.manage only (the role walk); a player token gets 401',
  },
  'POST /api/backoffice/catalogue/games/:id': { reason: 'game ids of the public catalogue, catalogue.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/payin-accounts': {
    reason: 'replaces_id names the operator’s own pay-in account, payin.manage only (the role walk); a player token gets 401',
  },
  'POST /api/backoffice/payin-accounts/:id/change': { reason: 'pay-in account ids, payin.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/payin-accounts/:id/activate': { reason: 'pay-in account ids, payin.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/payin-accounts/:id/reject': { reason: 'pay-in account ids, payin.manage only (the role walk); a player token gets 401' },
  'POST /api/backoffice/payin-accounts/:id/retire': { reason: 'pay-in account ids, payin.manage only (the role walk); a player token gets 401' },
  'GET /api/backoffice/reports/:report': { reason: 'a report’s name, not a record; reports.read only (the role walk); a player token gets 401' },
  'GET /api/backoffice/reports/:report/csv': { reason: 'a report’s name, not a record; reports.read only (the role walk); a player token gets 401' },
  'GET /api/games/:provider': { reason: 'the public game catalogue of a provider: nobody owns it' },
  'POST /api/portal/launch': { reason: 'provider and game codes of the public catalogue; the session is the signed-in player’s' },
  'POST /api/portal/lobby': { reason: 'a provider code of the public catalogue; the session is the signed-in player’s' },
  'POST /api/bank/transfers': { reason: 'signed by the bank feed; external_id is the bank’s own reference' },
  'POST /api/auth/register': { reason: 'invite_code/upid name the upline a new player chooses (referral links): public by design' },
  'GET /api/invites/upline': {
    reason: 'upid of a referral link, asked by a visitor: answers only the masked mobile a downline list shows, counted per address (ADR 073)',
  },
  'GET /media/*': { reason: 'public site images' },
  'GET /play/assets/:file': { reason: "the demo game pages' bundled font files, the same for everyone" },
  'GET /play/*': { reason: 'a friendly not-found page for any other path' },
  'POST /play/*': { reason: 'refused as not found whatever it carries' },
  // The risk desk (ADR 089).
  'GET /api/backoffice/risk/cases/:id': RISK_DESK_IDS,
  'POST /api/backoffice/risk/cases/:id': RISK_DESK_IDS,
  'POST /api/backoffice/risk/cases/:id/notes': RISK_DESK_IDS,
  'POST /api/backoffice/risk/cases/:id/close': RISK_DESK_IDS,
  'POST /api/backoffice/risk/cases/:id/close/confirm': RISK_DESK_IDS,
  'POST /api/backoffice/risk/cases/:id/close/reject': RISK_DESK_IDS,
  'GET /api/backoffice/risk/cases/:id/report': RISK_DESK_IDS,
  'POST /api/backoffice/risk/alerts/:id/case': RISK_DESK_IDS,
  'POST /api/backoffice/risk/params/:id/approve': RISK_DESK_IDS,
  'POST /api/backoffice/risk/params/:id/reject': RISK_DESK_IDS,
}

const table = routeTable()
const t = useTestApp({ deps: table.deps })
let me: { token: string; id: number; mobile: string }
let victim: Awaited<ReturnType<typeof makePlayer>> & { token: string; game: string; withdrawal: number }

beforeAll(async () => {
  const mine = await makePlayer(t.db)
  me = { token: await loginPlayer(t, mine), id: mine.id, mobile: mine.mobile }
  await fund(t, mine, 1_000)
  const { token, ...other } = await signedInPlayer(t, {}, { cash: 1_000 })
  const withdrawal = await t.post('/api/wallet/withdraw', { amount: 100 }, token)
  victim = { ...other, token, game: await launch(t, token), withdrawal: withdrawal.json().data.id }
})

function idTaking(route: TableRoute): boolean {
  if (pathParams(route.path).length > 0) return true
  return [...fieldsOf(route.schema.body), ...fieldsOf(route.schema.querystring)].some((field) => ID_NAMED.test(field))
}

/** Everything another player could take from the victim: money, the withdrawal, the ledger. */
async function victimState() {
  const [withdrawal] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, victim.withdrawal))
  return { balance: await balanceOf(t, victim.token), withdrawal: withdrawal?.status, transfers: (await t.db.select().from(transfers)).length }
}

describe("another player's ids", () => {
  it('every id-taking route of the app is in the table, and the table names no route the app does not have', () => {
    const routes = table.routes.filter(idTaking).map((r) => `${r.method} ${r.path}`)
    expect(
      routes.filter((key) => !(key in ID_ROUTES)),
      'id-taking routes missing from ID_ROUTES: say how each is guarded',
    ).toEqual([])
    expect(
      Object.keys(ID_ROUTES).filter((key) => !routes.includes(key)),
      'ID_ROUTES names routes the app does not have',
    ).toEqual([])
  })

  it("are refused on every id-taking route, and nothing of the other player's changes", async () => {
    const before = await victimState()
    const refusedWith = async (statuses: number[], request: InjectOptions) => {
      const res = await t.app.inject(request)
      expect(statuses, `${JSON.stringify(request).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode)
      return res
    }
    const asMe = bearer(me.token)

    // The deposit status of another player's uid.
    await refusedWith([403, 404], { method: 'POST', url: `/api/wallet/deposit/status/${victim.id}`, headers: asMe, payload: { after: null } })
    await refusedWith([403, 404], { method: 'GET', url: `/api/wallet/deposit/status/${victim.id}/cursor`, headers: asMe })
    // The back-office's id routes with a player's sign-in: the victim's withdrawal and an unmatched deposit.
    const unmatched = await postTransfer(t, transferBody({ bankCode: '004', bankAccount: '9999999999' }, { amount: 300 }))
    const depositId = unmatched.json().data.deposit_id ?? 1
    await refusedWith([401, 403], {
      method: 'POST',
      url: `/api/backoffice/withdrawals/${victim.withdrawal}/approve`,
      headers: asMe,
      payload: { payout_ref: 'x' },
    })
    await refusedWith([401, 403], { method: 'POST', url: `/api/backoffice/withdrawals/${victim.withdrawal}/reject`, headers: asMe, payload: { reason: 'x' } })
    await refusedWith([401, 403], { method: 'POST', url: `/api/backoffice/deposits/${depositId}/assign`, headers: asMe, payload: { mobile: victim.mobile } })
    await refusedWith([401, 403], {
      method: 'POST',
      url: '/api/backoffice/deposits/manual',
      headers: asMe,
      payload: { mobile: me.mobile, amount: 500, bank_ref: 'ref-1', note: 'x' },
    })
    await refusedWith([401, 403], { method: 'GET', url: `/api/backoffice/members/${victim.id}/links`, headers: asMe })

    // The victim's live draft bill: my own bill and my cancel never touch it.
    const bill = await t.post('/api/wallet/deposit/draft_bill', { amount: 200 }, victim.token)
    expect(bill.statusCode).toBe(200)
    await t.app.inject({ method: 'POST', url: '/api/wallet/deposit/draft_bill', headers: asMe, payload: { amount: 200 } })
    await t.app.inject({ method: 'POST', url: '/api/wallet/deposit/draft_bill/cancel', headers: asMe })
    const [victimBill] = await t.db.select().from(draftBills).where(eq(draftBills.id, bill.json().data.payment_id))
    expect(victimBill).toMatchObject({ playerId: victim.id, status: 'LIVE' })

    // Game sessions: my API token is not a game session, and the victim's game session is not usable at another provider.
    await refusedWith([401, 403, 404], { method: 'GET', url: `/play/${encodeURIComponent(me.token)}`, headers: asMe })
    await refusedWith([401, 403, 404], { method: 'GET', url: `/play/${encodeURIComponent(me.token)}/state`, headers: asMe })
    await refusedWith([401, 403, 404], { method: 'POST', url: `/play/${encodeURIComponent(me.token)}/round`, headers: asMe, payload: { bet: 1 } })
    const elsewhere = await callSeamless(t, 'jili', 'bet', { session_token: victim.game, round_id: 'r1', tx_id: randomUUID(), amount: '10.00', game_code: 'x' })
    expect(elsewhere.json(), elsewhere.body).toMatchObject({ status: 'INVALID_SESSION' })

    // A pending registration's token only confirms its own mobile.
    const register = async () => {
      const body = registerBody()
      const res = await t.post('/api/auth/register', body)
      expect(res.statusCode, res.body).toBe(200)
      return { mobile: body.mobile, token: res.json().data.token as string, otp: t.outbox.outbox(body.mobile)[0]?.otp ?? '' }
    }
    const [first, second] = [await register(), await register()]
    await refusedWith([400, 401, 403, 404, 422], {
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { mobile: first.mobile, token: second.token, otp_code: second.otp },
    })
    await refusedWith([400, 401, 403, 404, 422], {
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { mobile: first.mobile, token: second.token, otp_code: first.otp },
    })

    // My histories hold none of the victim's records.
    const history = await t.app.inject({ method: 'GET', url: '/api/wallet/histories', headers: asMe })
    expect(history.json().data.list.map((item: { id: string }) => item.id)).not.toContain(String(victim.withdrawal))
    expect(history.json().data.list.every((item: { txamount: number }) => item.txamount !== 100)).toBe(true)

    const after = await victimState()
    // The unmatched deposit above added one ledger-free row; the victim's money, withdrawal and the ledger are as they were.
    expect(after).toEqual(before)
    await expectLedgerOk(t)
  })
})
