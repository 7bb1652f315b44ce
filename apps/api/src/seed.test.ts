import { describe, expect, it } from 'vitest'
import { openPglite } from './db/client.ts'
import { useTestApp } from '../test/app.ts'
import { signInOperator } from '../test/operators.ts'
import { balanceOf, expectLedgerOk, loginPlayer } from '../test/money.ts'
import { DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import { PlanValues } from '@sanam/contract'
import { DEMO_INVITE_CODE, DEMO_OPENING_DEPOSIT_BAHT, DEMO_PLAYER, demoDataLeft, depositDemoMoney, seedDemo } from './seed.ts'

// A plain hasher: the seed's password hashing is not what this file tests, and argon2 is slow.
const hasher = {
  hash: (password: string) => Promise.resolve(`plain:${password}`),
  verify: (hash: string, password: string) => Promise.resolve(hash === `plain:${password}`),
}

const planValues = (plan: Record<string, unknown>) => Object.fromEntries(PlanValues.keyof().options.map((key) => [key, plan[key]]))

describe('demo seed, through the app services on a new database (issue 19 §5)', () => {
  // An empty database: the shared test template is already seeded with the site, which stops seedDemo.
  const t = useTestApp({
    deps: { hasher },
    database: async () => {
      const database = await openPglite()
      await database.migrate()
      return database
    },
  })

  it('lets the demo player sign in with the published password and find the opening deposit, paid in once', async () => {
    expect(await seedDemo(t.services)).toEqual({ seeded: true })
    expect(await seedDemo(t.services)).toEqual({ seeded: false })
    // The bank feed knows the opening transfer's reference: sending it again moves nothing.
    expect(await depositDemoMoney(t.services)).toMatchObject({ status: 'DUPLICATE' })

    const token = await loginPlayer(t, DEMO_PLAYER)
    expect(await balanceOf(t, token)).toBe(DEMO_OPENING_DEPOSIT_BAHT)
    const me = t.json<{ data: { invite_code: string } }>(await t.get('/api/user/@me', token))
    expect(me.data.invite_code).toBe(DEMO_INVITE_CODE)
    await expectLedgerOk(t)
  })

  it('leaves what the start-up check of a production server refuses: the demo pay-in account, the demo player and the demo desk', async () => {
    expect(await demoDataLeft(t.services)).toEqual([
      expect.stringContaining('demo pay-in account'),
      expect.stringContaining('demo player'),
      expect.stringContaining('finance.a, finance.b, support.a, owner.b'),
    ])
  })

  it('gives a visitor a desk at once (issue 35 §6): the two demo finance operators pay a four-eyes withdrawal together', async () => {
    // Signed in as a visitor would: the published password and the code GET /api/dev/totp shows.
    const signIn = async (username: string) => {
      const code = (await t.get(`/api/dev/totp?username=${username}`)).json().data.code
      const res = await t.post('/api/backoffice/auth/login', { username, password: DEMO_DESK_PASSWORD, otp: code })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.token as string
    }
    const [first, second] = [await signIn('finance.a'), await signIn('finance.b')]
    const token = await loginPlayer(t, DEMO_PLAYER)
    const withdrawal = await t.post('/api/wallet/withdraw', { amount: 900 }, token)
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)
    // Above the four-eyes amount, so both are needed; neither is new, and neither may be the other.
    const plan = (await t.get('/api/backoffice/plan', first)).json().data.current
    const proposed = await t.post('/api/backoffice/plan/proposals', { ...planValues(plan), four_eyes_above: 500, reason: 'ทดลองสองคน' }, first)
    expect((await t.post(`/api/backoffice/plan/proposals/${proposed.json().data.id}/approve`, undefined, second)).statusCode).toBe(200)
    const approve = (as: string) => t.post(`/api/backoffice/withdrawals/${withdrawal.json().data.id}/approve`, { payout_ref: 'DEMO-PAY-1' }, as)
    expect((await approve(first)).json().data.status).toBe('PENDING')
    expect((await approve(second)).json().data.status).toBe('SUCCESS')
    expect(await balanceOf(t, token)).toBe(DEMO_OPENING_DEPOSIT_BAHT - 900)
    // Any other name has no code to show.
    expect((await t.get('/api/dev/totp?username=admin')).statusCode).toBe(404)
    await expectLedgerOk(t)
  })

  it('seeds the promotions and catalogue the lobby shows, through the editors, each change in the audit chain', async () => {
    const token = await loginPlayer(t, DEMO_PLAYER)
    // The demo player has deposited, so the new-member promotion is not offered; the other two are.
    const promotions = t.json<{ data: { list: unknown[] } }>(await t.get('/api/promotion', token))
    expect(promotions.data.list).toHaveLength(2)
    expect((await t.services.promotionsAdmin.list()).map((p) => p.status)).toEqual(['published', 'published', 'published'])
    const games = t.json<{ data: unknown[] }>(await t.get('/api/games/providers', token))
    expect(games.data.length).toBeGreaterThan(5)
    const audit = t.json<{ data: { list: Array<{ action: string }> } }>(await t.get('/api/backoffice/audit/actions', (await signInOperator(t, 'owner')).token))
    expect(audit.data.list).toEqual(expect.arrayContaining(['site.update', 'payin.seed', 'promotion.seed']))
    // The ledger's verify checks the audit chain too: every seeded row is chained with the app's key.
    await expectLedgerOk(t)
  })
})
