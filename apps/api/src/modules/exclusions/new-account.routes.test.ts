import { randomUUID } from 'node:crypto'
import { msg } from '@sanam/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deposits, players } from '../../db/schema.ts'
import { PRODUCTION_CONFIG, useTestApp } from '../../../test/app.ts'
import { makePlayer, registerBody, uniqueAddress, uniqueBankAccount, uniqueName } from '../../../test/factories.ts'
import { balanceOf, bankSignature, expectLedgerOk, loginPlayer, postTransfer, signedInPlayer, transferBody, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 34 §3, ADR 047 (amended 2026-11-29): a time-out or self-exclusion holds against a new account. A registration
// that is the restricted person (their name and one more thing they share: a device, an address, a bank account) is
// refused with a neutral text; a transfer the matcher finds for another account of theirs waits for an operator.

const t = useTestApp({ verifyLedger: 'each' })

/** Where a request comes from: the player app's device id and the client address. */
interface From {
  deviceId?: string
  address?: string
}
const device = () => `device-${randomUUID()}`
const fromWhere = (from: From) => ({
  ...(from.address ? { address: from.address } : {}),
  ...(from.deviceId ? { headers: { 'x-device-id': from.deviceId } } : {}),
})

/** A player signed in on `from`'s device and address, then restricted for `period`; their balance is `cash`. */
async function restricted(period: string, from: From, cash = 0): Promise<SignedInPlayer> {
  // A name of its own, with a Latin letter so that its letter case can differ.
  const player = await signedInPlayer(t, { firstname: `${uniqueName()}Q`, surname: 'ใจดี' }, { cash, ...from })
  const res = await t.post('/api/user/@me/exclusion', { period, confirm: true }, player.token)
  if (res.statusCode !== 200) throw new Error(`exclusion refused: ${res.body}`)
  return { ...player, token: await loginPlayer(t, player, from) }
}

/** Registers as the player app does (the OTP from the SMS outbox), from `from`; answers the first refusal or the confirm. */
async function register(body: ReturnType<typeof registerBody>, from: From) {
  const started = await t.request('POST', '/api/auth/register', { payload: body, ...fromWhere(from) })
  if (started.statusCode !== 200) return started
  const code = t.outbox.outbox(body.mobile)[0]?.otp
  return t.request('POST', '/api/auth/confirm', {
    payload: { mobile: body.mobile, token: started.json().data.token, otp_code: code },
    ...fromWhere(from),
  })
}

/** The neutral refusal: nothing in its code or text says that anyone is excluded. */
function expectNeutralRefusal(res: { statusCode: number; json(): { code: string; message: string } }) {
  expect(res.statusCode).toBe(422)
  expect(res.json()).toMatchObject({ code: 'RULE_REFUSED', message: msg('REGISTRATION_REFUSED') })
  expect(res.json().message).not.toMatch(/พัก/)
}

async function accountOf(mobile: string) {
  const [row] = await t.db.select().from(players).where(eq(players.mobile, mobile))
  return row
}

const noteOf = async (depositId: number) => (await t.db.select().from(deposits).where(eq(deposits.id, depositId)))[0]

describe('a registration that is a restricted person is refused, with a neutral text', () => {
  it('the issue’s attack: excluded for good, registers again with a new phone and bank account on the same device, deposits 1,000: nothing opens, nothing is credited', async () => {
    const onDevice = { deviceId: device(), address: uniqueAddress() }
    const excluded = await restricted('PERMANENT', onDevice, 300)

    // Same name (in other letter case: the name key compares lower case), same device; a new phone, a new bank
    // account, another network.
    expect(excluded.firstname.toLowerCase()).not.toBe(excluded.firstname)
    const again = registerBody({ firstname: excluded.firstname.toLowerCase(), surname: excluded.surname, bank_code: '004' })
    const res = await register(again, { deviceId: onDevice.deviceId, address: uniqueAddress() })
    expectNeutralRefusal(res)
    expect(t.outbox.outbox(again.mobile)).toEqual([])
    expect(await accountOf(again.mobile)).toBeUndefined()
    expect((await t.post('/api/auth/login', { mobile: again.mobile, password: again.password })).statusCode).toBe(401)

    // The transfer from the new bank account finds no account: it waits for an operator, and nobody is credited.
    const transfer = await postTransfer(t, transferBody({ bankCode: '004', bankAccount: again.bank_account }, { amount: 1_000 }))
    expect(transfer.json().data.status).toBe('UNMATCHED')
    expect((await noteOf(transfer.json().data.deposit_id))?.creditedAt).toBeNull()
    expect(await balanceOf(t, excluded.token)).toBe(300)
    await expectLedgerOk(t)
  })

  it('name and address: from the address the restricted player last signed in from', async () => {
    const at = { address: uniqueAddress() }
    const excluded = await restricted('1Y', at)
    const again = registerBody({ firstname: excluded.firstname, surname: excluded.surname })
    expectNeutralRefusal(await register(again, at))
    expect(await accountOf(again.mobile)).toBeUndefined()
  })

  it('name and bank account: one a transfer credited to the restricted player came from', async () => {
    const excluded = await restricted('6M', { address: uniqueAddress() })
    // The player paid once from another account of theirs; two finance operators gave that transfer to them.
    const other = { bankCode: '025', bankAccount: uniqueBankAccount() }
    const name = `${excluded.firstname} ${excluded.surname}`
    const { deposit_id } = (await postTransfer(t, transferBody(other, { amount: 400, from_name: name }))).json().data
    const [first, second] = [await signInOperator(t, 'finance'), await signInOperator(t, 'finance')]
    const assigned = await t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: excluded.mobile }, first.token)
    expect(assigned.json().data.status, assigned.body).toBe('PENDING')
    expect((await t.post(`/api/backoffice/approvals/${assigned.json().data.approval.id}/approve`, undefined, second.token)).statusCode).toBe(200)
    expect(await balanceOf(t, excluded.token)).toBe(400)

    // A new registration with that account, the same name, and nothing else in common.
    const again = registerBody({ firstname: excluded.firstname, surname: excluded.surname, bank_code: other.bankCode, bank_account: other.bankAccount })
    expectNeutralRefusal(await register(again, { deviceId: device(), address: uniqueAddress() }))
    expect(await accountOf(again.mobile)).toBeUndefined()
  })

  it('name and phone: the restricted player’s own phone is answered as taken, exactly as any taken phone is', async () => {
    const excluded = await restricted('PERMANENT', { address: uniqueAddress() })
    const active = await makePlayer(t.db, { firstname: uniqueName() })
    const asExcluded = await register(registerBody({ mobile: excluded.mobile, firstname: excluded.firstname, surname: excluded.surname }), {})
    const asActive = await register(registerBody({ mobile: active.mobile, firstname: active.firstname, surname: active.surname }), {})
    // Nothing opens, and the answer does not tell the one from the other: no stranger learns who is excluded.
    expect([asExcluded.statusCode, asExcluded.json().code, asExcluded.json().message]).toEqual([409, 'MOBILE_TAKEN', asActive.json().message])
    expect(asActive.json().code).toBe('MOBILE_TAKEN')
    expect(t.outbox.outbox(excluded.mobile)).toEqual([])
  })

  it('an exclusion that begins between the code and its confirmation is caught at the confirmation', async () => {
    const onDevice = { deviceId: device(), address: uniqueAddress() }
    const player = await signedInPlayer(t, { firstname: uniqueName() }, onDevice)
    const again = registerBody({ firstname: player.firstname, surname: player.surname })
    const started = await t.request('POST', '/api/auth/register', { payload: again, ...fromWhere(onDevice) })
    expect(started.statusCode).toBe(200)
    expect((await t.post('/api/user/@me/exclusion', { period: '30D', confirm: true }, player.token)).statusCode).toBe(200)
    const confirm = await t.request('POST', '/api/auth/confirm', {
      payload: { mobile: again.mobile, token: started.json().data.token, otp_code: t.outbox.outbox(again.mobile)[0]?.otp },
      ...fromWhere(onDevice),
    })
    expectNeutralRefusal(confirm)
    expect(await accountOf(again.mobile)).toBeUndefined()
  })
})

describe('no false refusals', () => {
  it('another person of the same name with nothing else in common registers', async () => {
    const excluded = await restricted('PERMANENT', { deviceId: device(), address: uniqueAddress() })
    const namesake = registerBody({ firstname: excluded.firstname, surname: excluded.surname })
    const res = await register(namesake, { deviceId: device(), address: uniqueAddress() })
    expect(res.statusCode, res.body).toBe(200)
    expect(await loginPlayer(t, namesake)).toEqual(expect.any(String))
  })

  it('a time-out blocks a new account on its device while it runs, and not once it has ended', async () => {
    const onDevice = { deviceId: device(), address: uniqueAddress() }
    const resting = await restricted('24H', onDevice)
    const during = registerBody({ firstname: resting.firstname, surname: resting.surname })
    expectNeutralRefusal(await register(during, onDevice))

    t.clock.advance(24 * 3_600_000 + 1_000)
    const after = registerBody({ firstname: resting.firstname, surname: resting.surname })
    const res = await register(after, onDevice)
    expect(res.statusCode, res.body).toBe(200)
    expect(await accountOf(after.mobile)).toBeDefined()
  })
})

describe('a restricted person’s transfer is never credited to another account of theirs', () => {
  it('an account on the same device that exists anyway (opened before this rule): its transfer waits, and an operator can give it to the restricted account', async () => {
    const onDevice = { deviceId: device(), address: uniqueAddress() }
    const excluded = await restricted('PERMANENT', onDevice, 200)
    // Opened before registrations were compared with exclusions, and used on the same device.
    const other = await signedInPlayer(t, { firstname: excluded.firstname, surname: excluded.surname, createdAt: t.clock.now() }, onDevice)

    const transfer = await postTransfer(t, transferBody(other, { amount: 1_000 }))
    expect(transfer.json().data.status).toBe('UNMATCHED')
    const held = await noteOf(transfer.json().data.deposit_id)
    expect(held).toMatchObject({ status: 'UNMATCHED', playerId: null, creditedAt: null })
    expect(held?.note).toBe(msg('UNMATCHED_EXCLUDED_PERSON', { member: other.id, excluded: excluded.id }))
    expect(await balanceOf(t, other.token)).toBe(0)
    expect(await balanceOf(t, excluded.token)).toBe(200)

    // Two operators give it to the restricted account, which can only withdraw it.
    const [first, second] = [await signInOperator(t, 'finance'), await signInOperator(t, 'finance')]
    const assigned = await t.post(`/api/backoffice/deposits/${held!.id}/assign`, { mobile: excluded.mobile }, first.token)
    expect((await t.post(`/api/backoffice/approvals/${assigned.json().data.approval.id}/approve`, undefined, second.token)).statusCode).toBe(200)
    expect(await balanceOf(t, excluded.token)).toBe(1_200)
    expect(await balanceOf(t, other.token)).toBe(0)
    await expectLedgerOk(t)
  })

  it('a second account from before the exclusion on the same address: held; a namesake’s with nothing shared: credited', async () => {
    const at = { address: uniqueAddress() }
    const firstname = uniqueName()
    const second = await signedInPlayer(t, { firstname, surname: 'ใจดี' }, at)
    const namesake = await signedInPlayer(t, { firstname, surname: 'ใจดี' }, { deviceId: device(), address: uniqueAddress() })
    const player = await signedInPlayer(t, { firstname, surname: 'ใจดี' }, at)
    expect((await t.post('/api/user/@me/exclusion', { period: '5Y', confirm: true }, player.token)).statusCode).toBe(200)

    expect((await postTransfer(t, transferBody(second, { amount: 700 }))).json().data.status).toBe('UNMATCHED')
    expect(await balanceOf(t, second.token)).toBe(0)
    expect((await postTransfer(t, transferBody(namesake, { amount: 700 }))).json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, namesake.token)).toBe(700)
    // Their own account is credited as before (ADR 047: a restricted player's money is theirs).
    expect((await postTransfer(t, transferBody(player, { amount: 50 }))).json().data.status).toBe('MATCHED')
    await expectLedgerOk(t)
  })
})

describe('in production mode (an HTTP SMS gateway, the operator’s own bank-feed secret)', () => {
  const prod = useTestApp({ config: PRODUCTION_CONFIG, verifyLedger: 'each' })
  const signedTransfer = (body: ReturnType<typeof transferBody>) =>
    postTransfer(prod, body, bankSignature(prod, JSON.stringify(body), { secret: PRODUCTION_CONFIG.BANK_WEBHOOK_SECRET }))

  it('the issue’s attack: refused before any code is sent; the 1,000 is credited to no new account, and another account on the device is held', async () => {
    const onDevice = { deviceId: device(), address: uniqueAddress() }
    const excluded = await signedInPlayer(prod, { firstname: `${uniqueName()}Q`, surname: 'ใจดี' }, onDevice)
    expect((await prod.post('/api/user/@me/exclusion', { period: 'PERMANENT', confirm: true }, excluded.token)).statusCode).toBe(200)
    const excludedToken = await loginPlayer(prod, excluded, onDevice)

    const again = registerBody({ firstname: excluded.firstname, surname: excluded.surname })
    const res = await prod.request('POST', '/api/auth/register', { payload: again, ...fromWhere({ deviceId: onDevice.deviceId, address: uniqueAddress() }) })
    expectNeutralRefusal(res)
    const lost = await signedTransfer(transferBody({ bankCode: again.bank_code, bankAccount: again.bank_account }, { amount: 1_000 }))
    expect(lost.json().data.status).toBe('UNMATCHED')

    // An account of the same person that exists anyway (opened before the rule) on the same device.
    const other = await signedInPlayer(prod, { firstname: excluded.firstname, surname: excluded.surname }, onDevice)
    expect((await signedTransfer(transferBody(other, { amount: 1_000 }))).json().data.status).toBe('UNMATCHED')
    expect(await balanceOf(prod, other.token)).toBe(0)
    expect(await balanceOf(prod, excludedToken)).toBe(0)
    await expectLedgerOk(prod)
  })
})
