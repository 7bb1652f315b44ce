import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_CONFIG, useTestApp } from '../../../test/app.ts'
import { makePlayer, uniqueAddress } from '../../../test/factories.ts'
import {
  approveOperatorRequest,
  createOperator,
  oneTimePasswordSentTo,
  enrolOperator,
  nextOperatorCode,
  onboardOperator,
  operatorLogin,
  OPERATOR_TOTP_SECRET,
  renewOperatorPassword,
  OPERATOR_PASSWORD,
  adminToken,
  signInOperator,
} from '../../../test/operators.ts'
import { auditLog, operators } from '../../db/schema.ts'
import { systemClock } from '../../lib/clock.ts'
import { consoleSmsSender } from '../sms/console-sms.ts'
import { OPERATOR_FAIL_LIMIT_PER_ACCOUNT, OPERATOR_FAIL_LIMIT_PER_ADDRESS } from '../operator-sign-in/operator-sign-in.service.ts'

// Issue 18 §2 and §5 (ADR 036): separate duties, one-time passwords, TOTP for every role, sealed secrets, and a
// sign-in that backs off per account and tells a wrong code from a wrong password to nobody.

const t = useTestApp()
const HOUR = 3_600_000

/** The code of the refusal `promise` answers (the operators module's SeparateDuties), or 'ok'. */
const outcome = async (promise: Promise<{ code: string } | undefined>) => (await promise)?.code ?? 'ok'

describe('a new operator', () => {
  it('holds only a one-time password sent to its own phone: it opens the new-password step, and the operator enrols TOTP itself', async () => {
    const owner = await adminToken(t)
    const finance = await createOperator(t, owner, 'finance')
    const oneTime = finance.password

    const signIn = await operatorLogin(t, finance)
    expect(signIn.statusCode).toBe(403)
    expect(signIn.json()).toMatchObject({ success: false, code: 'PASSWORD_CHANGE_REQUIRED' })
    expect(signIn.json().data).toBeUndefined()
    const listed = (await t.get('/api/backoffice/operators', owner)).json().data.list.find((o: { id: number }) => o.id === finance.id)
    expect(listed).toMatchObject({ password_change_required: true, totp_enrolled: false, must_enroll: true })
    expect(JSON.stringify(listed)).not.toMatch(/secret/)

    expect((await renewOperatorPassword(t, finance, oneTime)).json().code).toBe('PASSWORD_NOT_CHANGED')
    expect((await renewOperatorPassword(t, finance, '1q2w3e4r5t6y')).json().code).toBe('PASSWORD_TOO_COMMON')
    const renewed = await renewOperatorPassword(t, finance, 'the-operators-own-1')
    expect(renewed.statusCode, renewed.body).toBe(200)
    expect(renewed.json().data).toMatchObject({ role: 'finance', must_enroll: true, totp_enrolled: false })
    const session: string = renewed.json().data.token
    // Spent once: the one-time password neither signs in nor renews again.
    expect((await operatorLogin(t, finance)).json().code).toBe('BAD_CREDENTIALS')
    expect((await renewOperatorPassword(t, finance, 'another-of-mine-2')).json().code).toBe('BAD_CREDENTIALS')

    // Until it enrols its own authenticator, the session reaches nothing else.
    const blocked = await t.get('/api/backoffice/withdrawals', session)
    expect(blocked.json().code).toBe('TOTP_ENROLL_REQUIRED')
    finance.password = 'the-operators-own-1'
    await enrolOperator(t, finance, session)
    expect((await t.get('/api/backoffice/withdrawals', session)).statusCode).toBe(200)
    const stored = await t.db.select({ secret: operators.totpSecret }).from(operators).where(eq(operators.id, finance.id))
    expect(stored[0]?.secret).not.toContain(finance.secret)
    const signedIn = await operatorLogin(t, finance, nextOperatorCode(t, finance.username, finance.secret))
    expect(signedIn.statusCode, signedIn.body).toBe(200)
  })

  it('after a password or TOTP reset holds a one-time password again, good for one day', async () => {
    const owner = await adminToken(t)
    const second = await signInOperator(t, 'owner')
    const { op } = await onboardOperator(t, owner, 'finance', { approverToken: second.token })
    const proposed = await t.post(`/api/backoffice/operators/${op.id}/reset-password`, undefined, owner)
    await approveOperatorRequest(t, second.token, proposed.json().data.request.id)
    const reset = { ...op, password: oneTimePasswordSentTo(t, op.phone) }
    // It still has its authenticator: without the code the answer is the generic one.
    expect((await operatorLogin(t, reset)).json().code).toBe('BAD_CREDENTIALS')
    expect((await operatorLogin(t, reset, nextOperatorCode(t, op.username, op.secret))).json().code).toBe('PASSWORD_CHANGE_REQUIRED')
    t.clock.advance(24 * HOUR + 60_000)
    expect((await operatorLogin(t, reset, nextOperatorCode(t, op.username, op.secret))).json().code).toBe('TEMPORARY_PASSWORD_EXPIRED')

    // A TOTP reset makes the current password a one-time one: the operator renews it, then enrols a new authenticator.
    const ownerNow = await adminToken(t)
    const other = (await onboardOperator(t, ownerNow, 'support')).op
    expect((await t.post(`/api/backoffice/operators/${other.id}/reset-totp`, undefined, ownerNow)).json().data.operator).toMatchObject({
      totp_enrolled: false,
      password_change_required: true,
    })
    expect((await operatorLogin(t, other)).json().code).toBe('PASSWORD_CHANGE_REQUIRED')
    const renewed = await renewOperatorPassword(t, other, 'support-fresh-pass-3')
    expect(renewed.json().data).toMatchObject({ must_enroll: true })
  })
})

describe('separate duties', () => {
  it('an owner administers and decides no money: no payout, no adjustment, no manual deposit', async () => {
    const owner = await adminToken(t)
    for (const [url, payload] of [
      ['/api/backoffice/withdrawals/1/approve', { payout_ref: 'PAY-1' }],
      ['/api/backoffice/withdrawals/1/reject', { reason: 'ทดสอบ' }],
      ['/api/backoffice/approvals/1/approve', undefined],
      ['/api/backoffice/deposits/1/assign', { mobile: '0812345678' }],
      ['/api/backoffice/deposits/manual', { mobile: '0812345678', amount: 100, bank_ref: 'KBANK-1', note: 'สลิป' }],
      ['/api/backoffice/members/1/adjustments', { direction: 'CREDIT', amount: 100, reason: 'ทดสอบ', request_id: '7d444840-9dc0-40c2-a8f6-6c6f3e6b9a01' }],
    ] as const) {
      const res = await t.post(url, payload, owner)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code, url).toBe('FORBIDDEN')
    }
  })

  it('an operator decides no money within 24 hours of its creation or a reset', async () => {
    const owner = await adminToken(t)
    const second = await signInOperator(t, 'owner')
    const { op } = await onboardOperator(t, owner, 'finance', { approverToken: second.token })
    const decide = () => t.db.transaction((tx) => t.services.operators.moneyRefusal(tx, { operatorId: op.id, at: t.clock.now() }))
    expect(await outcome(decide())).toBe('OPERATOR_TOO_NEW')
    t.clock.advance(24 * HOUR + 1000)
    expect(await outcome(decide())).toBe('ok')
    const reset = await t.post(`/api/backoffice/operators/${op.id}/reset-totp`, undefined, await adminToken(t))
    expect(await outcome(decide()), 'a proposed reset changes nothing').toBe('ok')
    await approveOperatorRequest(t, (await signInOperator(t, 'owner', { username: second.username })).token, reset.json().data.request.id)
    expect(await outcome(decide())).toBe('OPERATOR_TOO_NEW')
  })

  it('two operators one person may hold never complete four-eyes together, however long they wait (ADR 070)', async () => {
    const owner = await adminToken(t)
    const ownerId: number = (await t.get('/api/backoffice/me', owner)).json().data.operator_id
    const otherOwner = await signInOperator(t, 'owner')
    // Owner A's two finance operators (a second owner approved each: it could not know whose phones they were).
    const first = (await onboardOperator(t, owner, 'finance', { approverToken: otherOwner.token })).op
    const second = (await onboardOperator(t, owner, 'finance', { approverToken: otherOwner.token })).op
    // Owner B's finance operator, and one that A only promoted from support.
    const ofOtherOwner = (await onboardOperator(t, otherOwner.token, 'finance', { approverToken: owner })).op
    const promoted = (await onboardOperator(t, otherOwner.token, 'support')).op
    const proposed = await t.post(`/api/backoffice/operators/${promoted.id}/role`, { role: 'finance' }, owner)
    await approveOperatorRequest(t, otherOwner.token, proposed.json().data.request.id)
    const unrelated = await signInOperator(t, 'finance')
    const pair = (operatorId: number, counterpartId: number) =>
      outcome(t.db.transaction((tx) => t.services.operators.moneyRefusal(tx, { operatorId, counterpartId, at: t.clock.now() })))
    t.clock.advance(25 * HOUR)

    expect(await pair(first.id, ownerId)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(first.id, second.id), 'two accounts one owner made are one person').toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(second.id, first.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(unrelated.id, first.id)).toBe('ok')
    // A role change ties for 30 days, and through the operator it changed, the groups on either side of it.
    expect(await pair(promoted.id, first.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(first.id, ofOtherOwner.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(unrelated.id, promoted.id)).toBe('ok')
    // However long they wait, a creation stays: whoever chose the phone of an account may hold it.
    t.clock.advance(31 * 24 * HOUR)
    expect(await pair(first.id, second.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(first.id, ownerId)).toBe('FOUR_EYES_RELATED_OPERATOR')
    expect(await pair(first.id, ofOtherOwner.id)).toBe('ok')
    expect(await pair(promoted.id, first.id)).toBe('ok')
    t.clock.advance(365 * 24 * HOUR)
    expect(await pair(first.id, second.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
  })

  it('a reset ties the resetting owner to the operator for 30 days only: its one-time password went to the operator’s own phone', async () => {
    const ownerB = await signInOperator(t, 'owner')
    const ownerC = await signInOperator(t, 'owner')
    const ofB = (await onboardOperator(t, ownerB.token, 'finance', { approverToken: ownerC.token })).op
    const ofC = (await onboardOperator(t, ownerC.token, 'finance', { approverToken: ownerB.token })).op
    const pair = (operatorId: number, counterpartId: number) =>
      outcome(t.db.transaction((tx) => t.services.operators.moneyRefusal(tx, { operatorId, counterpartId, at: t.clock.now() })))
    t.clock.advance(25 * HOUR)
    expect(await pair(ofB.id, ofC.id)).toBe('ok')
    const reset = await t.post(
      `/api/backoffice/operators/${ofC.id}/reset-password`,
      undefined,
      (await signInOperator(t, 'owner', { username: ownerB.username })).token,
    )
    await approveOperatorRequest(t, await adminToken(t), reset.json().data.request.id)
    expect(await pair(ofB.id, ofC.id)).toBe('FOUR_EYES_RELATED_OPERATOR')
    t.clock.advance(30 * 24 * HOUR + 1000)
    expect(await pair(ofB.id, ofC.id)).toBe('ok')
  })

  it('support cannot unlock a member that finance locked; finance can, and support may undo its own lock', async () => {
    const finance = await signInOperator(t, 'finance')
    const support = await signInOperator(t, 'support')
    const member = await makePlayer(t.db)
    const act = (verb: 'lock' | 'unlock', as: { token: string }) => t.post(`/api/backoffice/members/${member.id}/${verb}`, { reason: 'ตรวจสอบบัญชี' }, as.token)

    expect((await act('lock', finance)).statusCode).toBe(200)
    const refused = await act('unlock', support)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('UNDO_NEEDS_HIGHER_ROLE')
    expect((await t.get(`/api/backoffice/members/${member.id}`, finance.token)).json().data.status).toBe('LOCKED')
    expect((await act('unlock', finance)).statusCode).toBe(200)

    expect((await act('lock', support)).statusCode).toBe(200)
    expect((await act('unlock', support)).statusCode).toBe(200)
    // A stronger role locking again takes the lock over.
    await act('lock', support)
    await act('lock', finance)
    expect((await act('unlock', support)).json().code).toBe('UNDO_NEEDS_HIGHER_ROLE')
  })
})

describe('operator sign-in', () => {
  it('answers a right password with a wrong or missing code exactly as a wrong password', async () => {
    await adminToken(t)
    const admin = { username: 'admin', password: OPERATOR_PASSWORD }
    const wrongPassword = await operatorLogin(t, { ...admin, password: 'not-the-password-1' }, nextOperatorCode(t))
    const wrongCode = await operatorLogin(t, admin, '000000')
    const noCode = await operatorLogin(t, admin)
    const comparable = (res: typeof wrongCode) => ({
      status: res.statusCode,
      body: res.json(),
      headers: Object.keys(res.headers)
        .filter((k) => !['date', 'x-request-id', 'content-length'].includes(k))
        .sort(),
    })
    expect(comparable(wrongPassword)).toMatchObject({ status: 401, body: { code: 'BAD_CREDENTIALS' } })
    expect(comparable(wrongCode)).toEqual(comparable(wrongPassword))
    expect(comparable(noCode)).toEqual(comparable(wrongPassword))
  })

  it(`backs off per account: 60 wrong codes from 6 addresses stop after ${OPERATOR_FAIL_LIMIT_PER_ACCOUNT}, the right code from a new browser waits too, the burst is audited once with its count`, async () => {
    const owner = await adminToken(t)
    const { op } = await onboardOperator(t, owner, 'finance')
    const tally: Record<number, number> = {}
    const addresses = Array.from({ length: 6 }, () => uniqueAddress())
    for (const address of addresses) {
      for (let i = 0; i < 10; i++) {
        const res = await operatorLogin(t, op, '000000', address)
        tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1
      }
    }
    expect(tally).toEqual({ 401: OPERATOR_FAIL_LIMIT_PER_ACCOUNT, 429: 60 - OPERATOR_FAIL_LIMIT_PER_ACCOUNT })
    const right = await operatorLogin(t, op, nextOperatorCode(t, op.username, op.secret))
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)

    const failures = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.login_failed'), eq(auditLog.targetId, op.username)))
    // One entry for the burst (ADR 069), from where it began; never the code.
    expect(failures).toHaveLength(1)
    expect(failures[0]?.after).toMatchObject({ username: op.username, address: addresses[0], reason: 'bad_credentials' })
    expect(JSON.stringify(failures)).not.toContain('000000')

    // The back-off ends with its window, and the sign-in's entry reports the whole burst.
    t.clock.advance(15 * 60_000)
    expect((await operatorLogin(t, op, nextOperatorCode(t, op.username, op.secret))).statusCode).toBe(200)
    const [login] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.login'), eq(auditLog.targetId, String(op.id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(login?.after).toEqual({ refused_since_last_report: 61 })
  })

  it('does not count successes against the address: one office behind one address signs in all day', { timeout: 60_000 }, async () => {
    const office = uniqueAddress()
    const op = await signInOperator(t, 'support')
    for (let i = 0; i < OPERATOR_FAIL_LIMIT_PER_ADDRESS + 5; i++) {
      const res = await operatorLogin(t, { username: op.username, password: 'operator-password-1' }, nextOperatorCode(t, op.username), office)
      expect(res.statusCode, `sign-in ${i + 1}: ${res.body}`).toBe(200)
    }
  })

  it('refuses 11-character and common operator passwords, and an owner never sets one for another', async () => {
    const owner = await adminToken(t)
    const chosen = await t.post(
      '/api/backoffice/operators',
      { username: 'chosen-by-owner', password: 'abcdefghijkl', role: 'support', phone: '0812349999' },
      owner,
    )
    expect(chosen.statusCode).toBe(400)
    const op = await createOperator(t, owner, 'support')
    expect((await t.post(`/api/backoffice/operators/${op.id}/reset-password`, { password: 'abcdefghijkl' }, owner)).statusCode).toBe(400)
    expect((await renewOperatorPassword(t, op, 'abcdefghijk')).statusCode).toBe(400)
    expect((await renewOperatorPassword(t, op, '1q2w3e4r5t6y')).json().code).toBe('PASSWORD_TOO_COMMON')
  })

  it('keeps TOTP secrets sealed in the database, never the base32 secret', async () => {
    const owner = await adminToken(t)
    const rows = await t.db.select({ username: operators.username, secret: operators.totpSecret }).from(operators).where(eq(operators.username, 'admin'))
    expect(rows[0]?.secret).toMatch(/^v1:/)
    expect(rows[0]?.secret).not.toContain(OPERATOR_TOTP_SECRET)

    const op = await createOperator(t, owner, 'support')
    const session = (await renewOperatorPassword(t, op, 'support-own-pass-4')).json().data.token
    const pending: string = (await t.post('/api/backoffice/auth/totp/start', undefined, session)).json().data.secret
    const [row] = await t.db.select({ pending: operators.totpPendingSecret }).from(operators).where(eq(operators.id, op.id))
    expect(row?.pending).toMatch(/^v1:/)
    expect(row?.pending).not.toContain(pending)
    const [plain] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operators)
      .where(eq(operators.totpSecret, OPERATOR_TOTP_SECRET))
    expect(plain?.n).toBe(0)
  })

  it('seals at start-up the secrets an older version stored in clear, and the operator still signs in with its app', async () => {
    // As an older version left it: the base32 secret itself in the row.
    const [row] = await t.db
      .insert(operators)
      .values({
        username: `legacy-${uniqueAddress()}`,
        passwordHash: await t.hasher.hash(OPERATOR_PASSWORD),
        role: 'finance',
        totpSecret: OPERATOR_TOTP_SECRET,
        createdAt: t.clock.now(),
      })
      .returning()
    expect(await t.services.backofficeAuth.sealPlainTotpSecrets()).toBe(1)
    const [after] = await t.db.select({ secret: operators.totpSecret }).from(operators).where(eq(operators.id, row!.id))
    expect(after?.secret).toMatch(/^v1:/)
    expect(after?.secret).not.toContain(OPERATOR_TOTP_SECRET)
    // The same authenticator app still works, and a second start seals nothing more.
    expect((await operatorLogin(t, { username: row!.username, password: OPERATOR_PASSWORD }, nextOperatorCode(t, row!.username))).statusCode).toBe(200)
    expect(await t.services.backofficeAuth.sealPlainTotpSecrets()).toBe(0)
  })

  it('answers every auth and back-office request with Cache-Control: no-store', async () => {
    const owner = await adminToken(t)
    const player = await makePlayer(t.db)
    const answers = [
      await t.get('/api/backoffice/me', owner),
      await t.get('/api/backoffice/withdrawals', owner),
      await t.get('/api/backoffice/me'),
      await operatorLogin(t, { username: 'admin', password: 'wrong-password-1' }),
      await t.post('/api/auth/login', { mobile: player.mobile, password: 'wrong-password' }),
      await t.request('POST', '/api/auth/login', { payload: { mobile: player.mobile, password: player.password }, address: uniqueAddress() }),
    ]
    for (const res of answers) expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store')
  })
})

describe('outside demo mode', () => {
  // The operator's SMS through a gateway that keeps what it sent (the real one is HTTP).
  const prod = useTestApp({
    config: PRODUCTION_CONFIG,
    deps: { sms: consoleSmsSender({ clock: systemClock, log: () => undefined }) },
  })

  it('a support operator without TOTP gets no working session: only enrolment', async () => {
    const owner = await adminToken(prod)
    const op = await createOperator(prod, owner, 'support')
    const renewed = await renewOperatorPassword(prod, op, 'support-own-pass-5')
    expect(renewed.json().data).toMatchObject({ role: 'support', must_enroll: true })
    op.password = 'support-own-pass-5'
    const signedIn = await operatorLogin(prod, op)
    expect(signedIn.json().data).toMatchObject({ must_enroll: true })
    for (const url of ['/api/backoffice/audit', '/api/backoffice/withdrawals', '/api/backoffice/dashboard']) {
      const res = await prod.get(url, signedIn.json().data.token)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code, url).toBe('TOTP_ENROLL_REQUIRED')
    }
  })
})

describe('the first owner, made at start-up', () => {
  const first = useTestApp()

  it('is a set-up account: no one’s group and not new, so it approves a second owner’s proposal at once (ADR 070)', async () => {
    await first.services.operators.ensureFirstOwner('admin', OPERATOR_PASSWORD, OPERATOR_TOTP_SECRET)
    const admin = await signInOperator(first, 'owner', { username: 'admin' })
    const other = await signInOperator(first, 'owner')
    const proposed = await first.post('/api/backoffice/operators', { username: 'finance-first', role: 'finance', phone: '0812399999' }, other.token)
    const approved = await first.post(`/api/backoffice/operators/requests/${proposed.json().data.request.id}/approve`, undefined, admin.token)
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data.operator).toMatchObject({ username: 'finance-first', role: 'finance' })
  })
})
