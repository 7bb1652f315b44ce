import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { registerBody } from '../test/factories.ts'
import { bankSignature, expectLedgerOk, postTransfer, transferBody } from '../test/money.ts'
import { nextOperatorCode, OPERATOR_TOTP_SECRET, OPERATOR_PASSWORD } from '../test/operators.ts'
import { callSeamless, launch } from '../test/seamless.ts'
import { loggerOptions } from './app.ts'
import { DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { testConfig } from './config.ts'
import type { SmsMessage } from './modules/sms/sms.ts'
import { signatureHeaders } from '@sanam/contract/signing'

// No password, OTP, token, signature or secret in any log line: the server's own logger settings (loggerOptions,
// the redaction the real server runs with) at `trace`, writing to a captured stream, through the flows that carry
// them: register with OTP, confirm, login, password change, operator login, game launch and seamless calls, the demo
// game page, the bank feed, and refusals of each. Then every captured line is searched for every secret used.
//
// The SMS goes through a gateway stub, as in production: the console sender exists to show the OTP on the console in
// demo mode, and is not what is tested here.

const lines: string[] = []
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    done()
  },
})
const sent: SmsMessage[] = []
const t = useTestApp({
  deps: {
    logger: { ...loggerOptions(testConfig()), level: 'trace', stream: capture },
    sms: { name: 'stub', send: async (message: SmsMessage) => void sent.push(message) },
  },
})

describe('secrets in the log', () => {
  it('no password, OTP, token, signature or secret appears in any log line of the flows that carry them', async () => {
    const secrets: Record<string, string> = {}
    const keep = (name: string, value: string | undefined) => {
      expect(value, name).toBeTruthy()
      secrets[name] = value!
    }

    // Register with OTP, confirm (a wrong code first), log in (a wrong password first).
    const body = registerBody({ password: 'Reg1stration-Pw' })
    keep('registration password', body.password)
    const register = await t.post('/api/auth/register', body)
    expect(register.statusCode, register.body).toBe(200)
    keep('registration token', register.json().data.token)
    keep('OTP', sent.at(-1)?.otp?.code)
    const wrongOtp = secrets.OTP === '000000' ? '111111' : '000000'
    await t.post('/api/auth/confirm', { mobile: body.mobile, token: secrets['registration token'], otp_code: wrongOtp })
    const confirm = await t.post('/api/auth/confirm', { mobile: body.mobile, token: secrets['registration token'], otp_code: secrets.OTP })
    expect(confirm.statusCode, confirm.body).toBe(200)
    await t.post('/api/auth/login', { mobile: body.mobile, password: 'Wrong-Guess-77' })
    keep('wrong password', 'Wrong-Guess-77')
    const login = await t.post('/api/auth/login', { mobile: body.mobile, password: body.password })
    expect(login.statusCode, login.body).toBe(200)
    keep('player token', login.json().data.token)

    // Money in through the signed bank feed (and a badly signed attempt), a game launch, seamless calls, the demo page.
    const me = await t.get('/api/user/@me', secrets['player token']!)
    const transfer = JSON.stringify(transferBody({ bankCode: me.json().data.bank.code, bankAccount: me.json().data.bank.account }, { amount: 300 }))
    keep('bank signature', bankSignature(t, transfer)['x-signature']!)
    keep('bank secret', DEMO_BANK_WEBHOOK_SECRET)
    const credited = await postTransfer(t, JSON.parse(transfer), secrets['bank signature'])
    expect(credited.json().data.status, credited.body).toBe('MATCHED')
    await postTransfer(t, JSON.parse(transfer), bankSignature(t, transfer, { secret: 'a-wrong-secret-000' }))
    keep('game session token', await launch(t, secrets['player token']!))
    keep('seamless secret', DEMO_SEAMLESS_SECRET)
    const bet = { session_token: secrets['game session token'], round_id: 'r-1', tx_id: randomUUID(), amount: '10.00', game_code: 'fortune_ox' }
    const betSignature = signatureHeaders(DEMO_SEAMLESS_SECRET, {
      method: 'POST',
      path: '/api/seamless/pgsoft/bet',
      body: JSON.stringify({ request_id: 'q-1', ...bet }),
      now: t.clock.now(),
    })
    keep('seamless signature', betSignature['x-signature']!)
    await t.app.inject({
      method: 'POST',
      url: '/api/seamless/pgsoft/bet',
      headers: { 'content-type': 'application/json', ...betSignature },
      payload: JSON.stringify({ request_id: 'q-1', ...bet }),
    })
    expect((await callSeamless(t, 'pgsoft', 'balance', { session_token: secrets['game session token'] })).json().status).toBe('OK')
    await callSeamless(t, 'pgsoft', 'balance', { session_token: secrets['game session token'] }, { signature: 'sha256=' + '0'.repeat(64) })
    await t.get(`/play/${encodeURIComponent(secrets['game session token']!)}`)
    await t.get(`/play/${encodeURIComponent(secrets['game session token']!)}/nothing`)

    // Password change (a wrong old password first), then logout.
    keep('new password', 'Changed-Pw-2026')
    await t.post('/api/user/@me/password', { old: 'Not-The-Old-1', new: secrets['new password'] }, secrets['player token']!)
    keep('wrong old password', 'Not-The-Old-1')
    const change = await t.post('/api/user/@me/password', { old: body.password, new: secrets['new password'] }, secrets['player token']!)
    expect(change.statusCode, change.body).toBe(200)

    // Operator: a wrong password, the right one, a call with the token.
    await t.services.operators.ensureFirstOwner('admin', OPERATOR_PASSWORD, OPERATOR_TOTP_SECRET)
    keep('operator password', OPERATOR_PASSWORD)
    keep('operator TOTP secret', OPERATOR_TOTP_SECRET)
    await t.post('/api/backoffice/auth/login', { username: 'admin', password: 'operator-guess-1' })
    const code = nextOperatorCode(t)
    keep('operator TOTP code', code)
    const operator = await t.post('/api/backoffice/auth/login', { username: 'admin', password: OPERATOR_PASSWORD, otp: code })
    expect(operator.statusCode, operator.body).toBe(200)
    keep('operator token', operator.json().data.token)
    await t.get('/api/backoffice/withdrawals', secrets['operator token']!)
    // A malformed body with a secret in it, and a request with cookies and an API key, still log nothing of them.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', cookie: `sid=${secrets['player token']}` },
      payload: `{"password":"${secrets['new password']}"`,
    })

    expect(lines.length, 'the logger wrote nothing: is the capture wired?').toBeGreaterThan(20)
    // The request log is there (so the search below searched something real).
    expect(lines.some((line) => line.includes('/api/auth/login'))).toBe(true)
    for (const line of lines) {
      for (const [name, secret] of Object.entries(secrets)) {
        expect(line.includes(secret) || line.includes(encodeURIComponent(secret)), `the ${name} is in a log line: ${line.slice(0, 400)}`).toBe(false)
      }
    }
    await expectLedgerOk(t)
  })

  it('redacts credentials in anything logged with the server settings: headers, and password/otp/token fields', async () => {
    t.app.log.info({ req: { headers: { authorization: 'Bearer abc-secret-1', cookie: 'sid=abc-secret-2', 'x-signature': 'sha256=abc-secret-3' } } }, 'headers')
    t.app.log.info({ body: { password: 'abc-secret-4', otp_code: '123987', token: 'abc-secret-5', session_token: 'abc-secret-6' } }, 'a body')
    t.app.log.info({ password: 'abc-secret-7' }, 'top level')
    const logged = lines.slice(-3).join('\n')
    for (const secret of ['abc-secret-1', 'abc-secret-2', 'abc-secret-3', 'abc-secret-4', '123987', 'abc-secret-5', 'abc-secret-6', 'abc-secret-7'])
      expect(logged).not.toContain(secret)
    expect(logged).toContain('[hidden]')
  })
})
