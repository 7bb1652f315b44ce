import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { balanceOf, expectLedgerOk, fund, loginPlayer, signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { launch, sendMoney } from '../../../test/seamless.ts'
import { auditLog } from '../../db/schema.ts'

// Issue 12 §5: members in the back-office: search, profile, lock and unlock, signing a member out everywhere.

const t = useTestApp()
let owner: string
beforeAll(async () => {
  owner = (await signInOperator(t)).token
})

const get = (url: string, token = owner) => t.get(url, token)
const post = (url: string, payload?: Record<string, unknown>, token = owner) => t.post(url, payload, token)
const ids = async (q: string) => ((await get(`/api/backoffice/members?q=${encodeURIComponent(q)}`)).json().data.list as Array<{ id: number }>).map((m) => m.id)

describe('search', () => {
  it('finds a member by phone prefix, name, bank account or invite code, and treats % and _ literally', async () => {
    const player = await makePlayer(t.db, { firstname: 'ค้นหาได้', surname: 'ด้วยชื่อ' })
    expect(await ids(player.mobile.slice(0, 7))).toContain(player.id)
    expect(await ids('ค้นหาได้ ด้วย')).toContain(player.id)
    expect(await ids(player.bankAccount.slice(-6))).toContain(player.id)
    expect(await ids(player.inviteCode.toLowerCase())).toContain(player.id)
    expect(await ids('%')).toEqual([])
    expect(await ids('_')).toEqual([])
    expect((await get('/api/backoffice/members?q=')).statusCode).toBe(400)
  })

  it('lists every member, newest first, before any search', async () => {
    const older = await makePlayer(t.db, { firstname: 'เก่ากว่า', surname: 'รายชื่อ' })
    const newer = await makePlayer(t.db, { firstname: 'ใหม่กว่า', surname: 'รายชื่อ' })
    const res = await get('/api/backoffice/members')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json().data as { list: Array<{ id: number }>; total: number; size: number }
    expect(page.list.slice(0, 2).map((m) => m.id)).toEqual([newer.id, older.id])
    expect(page.total).toBeGreaterThanOrEqual(2)
    expect(page.list.length).toBe(Math.min(page.total, page.size))
  })

  it('lists a member’s time-out or self-exclusion in force beside the status, as the profile shows it (ADR 047)', async () => {
    const resting = await signedInPlayer(t, { firstname: 'พักอยู่', surname: 'รายชื่อ' })
    const chosen = await post('/api/user/@me/exclusion', { period: '7D', confirm: true }, resting.token)
    expect(chosen.statusCode, chosen.body).toBe(200)
    const playing = await makePlayer(t.db, { firstname: 'พักอยู่', surname: 'ไม่ได้พัก' })
    const list = (await get(`/api/backoffice/members?q=${encodeURIComponent('พักอยู่')}`)).json().data.list as Array<{
      id: number
      status: string
      exclusion: unknown
    }>
    const byId = new Map(list.map((m) => [m.id, m]))
    expect(byId.get(resting.id)).toMatchObject({ status: 'ACTIVE', exclusion: chosen.json().data })
    expect(byId.get(playing.id)).toMatchObject({ status: 'ACTIVE', exclusion: null })
    expect((await get(`/api/backoffice/members/${resting.id}`)).json().data.exclusion).toEqual(chosen.json().data)
  })
})

describe('profile', () => {
  it('shows the member, their balances, last sign-in and live sessions', async () => {
    const player = await makePlayer(t.db)
    await loginPlayer(t, player, { address: '203.0.113.44' })
    await fund(t, player, 750)
    const res = await get(`/api/backoffice/members/${player.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      id: player.id,
      mobile: player.mobile,
      status: 'ACTIVE',
      live_sessions: 1,
      last_ip: '203.0.113.44',
      balances: { cash: 750, withdraw_hold: 0, referral: 0, rebate: 0 },
    })
    expect(res.json().data.last_login_at).not.toBeNull()
    expect((await get('/api/backoffice/members/99999999')).statusCode).toBe(404)
  })

  it('shows when the member confirmed age and terms at registration, and null for one never asked', async () => {
    const acceptedAt = new Date('2026-11-20T03:04:05.000Z')
    const asked = await makePlayer(t.db, { termsAcceptedAt: acceptedAt })
    const before = await makePlayer(t.db, { termsAcceptedAt: null })
    expect((await get(`/api/backoffice/members/${asked.id}`)).json().data.terms_accepted_at).toBe(acceptedAt.toISOString())
    expect((await get(`/api/backoffice/members/${before.id}`)).json().data.terms_accepted_at).toBeNull()
  })
})

describe('lock', () => {
  it('refuses the member’s next call, sign-in and bet at once, lets an open round settle, and unlock restores sign-in', async () => {
    const { token, ...player } = await signedInPlayer(t)
    await fund(t, player, 1_000)
    const game = await launch(t, token)
    const round = `lock-${randomUUID()}`
    const bet = await sendMoney(t, 'bet', { session: game, round, tx: `${round}-bet`, amount: '100.00' })
    expect(bet.json().status).toBe('OK')

    // A support operator may lock (it moves no money).
    const support = await signInOperator(t, 'support')
    const locked = await post(`/api/backoffice/members/${player.id}/lock`, { reason: 'แจ้งว่าโทรศัพท์หาย' }, support.token)
    expect(locked.statusCode, locked.body).toBe(200)
    expect(locked.json().data).toMatchObject({ status: 'LOCKED', live_sessions: 0 })

    expect((await t.get('/api/wallet/v2/balance', token)).statusCode).toBe(401)
    const login = await t.post('/api/auth/login', { mobile: player.mobile, password: player.password })
    expect(login.statusCode).toBe(403)
    expect(login.json().code).toBe('ACCOUNT_LOCKED')
    const another = await sendMoney(t, 'bet', { session: game, round: `${round}-2`, tx: `${round}-bet-2`, amount: '100.00' })
    expect(another.json().status).not.toBe('OK')
    // The round open before the lock still settles: the win is paid.
    const win = await sendMoney(t, 'win', { session: game, round, tx: `${round}-win`, amount: '250.00' })
    expect(win.json().status, win.body).toBe('OK')

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.lock'), eq(auditLog.targetId, String(player.id))))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ operatorId: support.id, before: { status: 'ACTIVE' }, after: { status: 'LOCKED', reason: 'แจ้งว่าโทรศัพท์หาย' } })

    expect((await post(`/api/backoffice/members/${player.id}/unlock`, { reason: 'ยืนยันตัวตนแล้ว' })).json().data.status).toBe('ACTIVE')
    const back = await loginPlayer(t, player)
    expect(await balanceOf(t, back)).toBe(1_150)
    await expectLedgerOk(t)
  })

  it('needs a reason, and a player token cannot call it', async () => {
    const player = await makePlayer(t.db)
    expect((await post(`/api/backoffice/members/${player.id}/lock`, { reason: '  ' })).statusCode).toBe(400)
    const token = await loginPlayer(t, player)
    expect((await post(`/api/backoffice/members/${player.id}/lock`, { reason: 'x' }, token)).statusCode).toBe(401)
    expect((await get(`/api/backoffice/members/${player.id}`)).json().data.status).toBe('ACTIVE')
  })
})

describe('end sessions', () => {
  it('signs the member out of every device and game without locking them', async () => {
    const { token: phone, ...player } = await signedInPlayer(t)
    const laptop = await loginPlayer(t, player)
    const game = await launch(t, phone)
    const res = await post(`/api/backoffice/members/${player.id}/end-sessions`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'ACTIVE', live_sessions: 0 })
    for (const token of [phone, laptop]) expect((await t.get('/api/wallet/v2/balance', token)).statusCode).toBe(401)
    const bet = await sendMoney(t, 'bet', { session: game, round: `end-${randomUUID()}`, tx: randomUUID(), amount: '1.00' })
    expect(bet.json().status).toBe('INVALID_SESSION')
    expect((await loginPlayer(t, player)).length).toBeGreaterThan(10)
  })
})
