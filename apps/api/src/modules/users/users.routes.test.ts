import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { bearer, loginPlayer, signedInPlayer } from '../../../test/money.ts'

const t = useTestApp()

describe('GET /api/user/@me', () => {
  it('answers the logged-in player, with the Thai bank name and no promotion yet', async () => {
    const player = await makePlayer(t.db, { bankCode: '025', firstname: 'มานี', surname: 'มีนา' })
    const res = await t.get('/api/user/@me', await loginPlayer(t, player))
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      success: true,
      data: {
        uid: player.id,
        mobile: player.mobile,
        firstname: 'มานี',
        surname: 'มีนา',
        invite_code: player.inviteCode,
        bank: { code: '025', name: 'ธนาคารกรุงศรีอยุธยา', account: player.bankAccount },
        promotion: { enabled: false },
        created_at: player.createdAt.toISOString(),
        restriction: null,
      },
    })
    expect(JSON.stringify(res.json())).not.toContain('password')
  })

  it.each([
    ['no header', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a huge token', bearer('y'.repeat(5000))],
  ])('answers 401 with the Thai message for %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/@me', headers })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', message: 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง' })
  })
})

describe('POST /api/user/@me/password', () => {
  it('changes the password and ends every session of the player, but not of others', async () => {
    const player = await makePlayer(t.db)
    const other = await makePlayer(t.db)
    const a = await loginPlayer(t, player)
    const b = await loginPlayer(t, player)
    const otherToken = await loginPlayer(t, other)

    const res = await t.post('/api/user/@me/password', { old: player.password, new: 'brand-new-1' }, a)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: 'เปลี่ยนรหัสผ่านสำเร็จ' })

    for (const token of [a, b]) {
      expect((await t.get('/api/user/@me', token)).statusCode).toBe(401)
    }
    expect((await t.get('/api/user/@me', otherToken)).statusCode).toBe(200)

    const oldLogin = await t.post('/api/auth/login', { mobile: player.mobile, password: player.password })
    expect(oldLogin.statusCode).toBe(401)
    await loginPlayer(t, { mobile: player.mobile, password: 'brand-new-1' })
  })

  it('refuses a wrong current password and changes nothing', async () => {
    const { token, ...player } = await signedInPlayer(t)
    const res = await t.post('/api/user/@me/password', { old: 'not-it-1', new: 'brand-new-1' }, token)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'OLD_PASSWORD_WRONG', message: 'รหัสผ่านเดิมไม่ถูกต้อง' })
    expect((await t.get('/api/user/@me', token)).statusCode).toBe(200)
    await loginPlayer(t, player)
  })

  it.each([
    ['a short new password', { old: 'secret123', new: '12345' }, 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร'],
    ['a missing old password', { new: 'brand-new-1' }, null],
    ['numbers for strings', { old: 123456, new: 1234567 }, null],
    ['an extra field', { old: 'secret123', new: 'brand-new-1', uid: 1 }, 'มีข้อมูลที่ระบบไม่รู้จัก'],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const { token, ...player } = await signedInPlayer(t)
    const res = await t.app.inject({ method: 'POST', url: '/api/user/@me/password', headers: bearer(token), payload })
    expect(res.statusCode).toBe(400)
    if (message) expect(res.json().message).toBe(message)
    await loginPlayer(t, player)
  })

  it('needs a session', async () => {
    const res = await t.post('/api/user/@me/password', { old: 'secret123', new: 'brand-new-1' })
    expect(res.statusCode).toBe(401)
  })
})
