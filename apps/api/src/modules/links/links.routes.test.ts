// Linked accounts (issue 10, point 5): players sharing the bank account holder's name, a device or an address are
// linked; commission and rebate between a linked downline and upline are not paid but recorded with the reason; the
// back-office lists a member's links. Named *.routes.test.ts so it also runs on PostgreSQL.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer, registerBody, uniqueAddress, uniqueName } from '../../../test/factories.ts'
import { bearer, loginPlayer } from '../../../test/money.ts'
import { accrue, member, play, referralOptions, walletsOf } from '../../../test/referral.ts'
import { signInOperator } from '../../../test/operators.ts'
import { accruals, playerSignals } from '../../db/schema.ts'
import { sha256 } from '../../lib/crypto.ts'
import { bangkokDayRange } from '@sanam/contract/bangkok'
import { linkableAddress } from './links.service.ts'
import { nameKeyOf } from './links.repository.ts'
import { rowsOf } from '../../db/rows.ts'

const t = useTestApp(referralOptions({ OTP_REQUIRED: 'false' }))

const links = (token: string | null, id: number | string) => t.get(`/api/backoffice/members/${id}/links`, token ?? undefined)

describe('GET /api/backoffice/members/:id/links', () => {
  it('lists who shares a device, an address (registration or latest sign-in) or the account holder name, and why', async () => {
    const device = randomUUID()
    const home = uniqueAddress()
    const a = await member(t)
    // B signs in on A's phone; C registers from the address A signs in from; D has A's name (spaced differently).
    await loginPlayer(t, a, { address: home, deviceId: device })
    const b = await member(t)
    await loginPlayer(t, b, { address: uniqueAddress(), deviceId: device })
    const cBody = registerBody({ firstname: uniqueName() })
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: cBody, remoteAddress: home })).statusCode).toBe(200)
    const d = await makePlayer(t.db, { firstname: ` ${a.firstname}`, surname: `${a.surname}  ` })
    const stranger = await member(t)

    const owner = await signInOperator(t, 'support')
    const res = await links(owner.token, a.id)
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json().data.list as Array<{ player_id: number; reasons: string[]; addresses: string[] }>
    const c = list.find((l) => l.reasons.includes('ADDRESS'))
    expect(list).toEqual([
      expect.objectContaining({ player_id: b.id, mobile: b.mobile, reasons: ['DEVICE'], addresses: [] }),
      expect.objectContaining({ mobile: cBody.mobile, reasons: ['ADDRESS'], addresses: [home] }),
      expect.objectContaining({ player_id: d.id, reasons: ['NAME'], addresses: [] }),
    ])
    expect(c).toBeDefined()
    expect(list.some((l) => l.player_id === stranger.id)).toBe(false)
    // Links go both ways.
    expect((await links(owner.token, b.id)).json().data.list).toEqual([expect.objectContaining({ player_id: a.id, reasons: ['DEVICE'] })])

    // Only the latest sign-in address counts: once A signs in elsewhere, C (registered at A's old address) is not linked.
    await loginPlayer(t, a, { address: uniqueAddress() })
    expect(((await links(owner.token, a.id)).json().data.list as Array<{ reasons: string[] }>).some((l) => l.reasons.includes('ADDRESS'))).toBe(false)

    // The device id is kept only as its hash.
    const stored = await t.db.select().from(playerSignals).where(eq(playerSignals.kind, 'DEVICE'))
    expect(stored.some((s) => s.value === device)).toBe(false)
    expect(
      stored
        .filter((s) => s.value === sha256(device).toString('hex'))
        .map((s) => s.playerId)
        .sort(),
    ).toEqual([a.id, b.id].sort())
  })

  it('is for operators only, and refuses a player token, an unknown member and a malformed id', async () => {
    const player = await member(t)
    expect((await links(null, player.id)).statusCode).toBe(401)
    const asPlayer = await links(player.token, player.id)
    expect(asPlayer.statusCode).toBe(401)
    expect(asPlayer.json()).toMatchObject({ success: false })
    const owner = await signInOperator(t)
    expect((await links(owner.token, 99_999_999)).statusCode).toBe(404)
    const bad = await links(owner.token, 'abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('รหัสสมาชิกไม่ถูกต้อง')
  })
})

describe('linkable addresses', () => {
  it('links by public addresses only: loopback, private and link-local ones (a proxy not trusted) identify nobody', async () => {
    expect(linkableAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(linkableAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(linkableAddress('2001:db8::1')).toBe('2001:db8::1')
    for (const none of [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.0.9',
      'fd00::1',
      'fe80::1',
      '',
      undefined,
      'nonsense',
    ]) {
      expect(linkableAddress(none)).toBeNull()
    }
    // Two players signing in from this machine (no proxy address) are not linked by it.
    const a = await member(t)
    const b = await member(t)
    await loginPlayer(t, a)
    await loginPlayer(t, b)
    const owner = await signInOperator(t)
    expect((await links(owner.token, a.id)).json().data.list).toEqual([])
    expect(b.id).toBeGreaterThan(a.id)
  })
})

describe('referral accrual between linked accounts', () => {
  it('pays no commission to a linked upline and no rebate to a linked downline, and records each at 0 with the reason', async () => {
    const day = '2026-11-05'
    const upline = await member(t)
    const linkedDown = await member(t, { uplineId: upline.id })
    const otherDown = await member(t, { uplineId: upline.id })
    // The downline signs in once on the upline's device: the same person, most likely.
    const device = randomUUID()
    await loginPlayer(t, upline, { address: uniqueAddress(), deviceId: device })
    await loginPlayer(t, linkedDown, { address: uniqueAddress(), deviceId: device })

    await play(t, linkedDown, 1000, `${day}T12:00:00+07:00`)
    await play(t, otherDown, 1000, `${day}T12:00:00+07:00`)
    t.clock.set(bangkokDayRange(day).end)
    const owner = await signInOperator(t)
    expect((await accrue(t, day, bearer(owner.token))).statusCode).toBe(200)

    const rows = await t.db
      .select({
        beneficiaryId: accruals.beneficiaryId,
        level: accruals.level,
        amount: accruals.amount,
        skipReason: accruals.skipReason,
        turnover: accruals.turnover,
      })
      .from(accruals)
      .where(and(eq(accruals.day, day), sql`${accruals.sourceId} in (${linkedDown.id}, ${otherDown.id})`))
    const of = (sourceBeneficiary: number, level: number) => rows.find((r) => r.beneficiaryId === sourceBeneficiary && r.level === level)
    // Linked: both rows written, at 0, with the reason; the turnover is kept for the record.
    expect(of(linkedDown.id, 0)).toMatchObject({ amount: 0n, skipReason: 'LINKED_ACCOUNT', turnover: 100_000n })
    expect(rows.find((r) => r.beneficiaryId === upline.id && r.level === 1 && r.amount === 0n)).toMatchObject({ skipReason: 'LINKED_ACCOUNT' })
    // Not linked: paid as usual (3 % commission, 0.5 % rebate).
    expect(of(otherDown.id, 0)).toMatchObject({ amount: 500n, skipReason: null })
    expect(rows.find((r) => r.beneficiaryId === upline.id && r.level === 1 && r.amount > 0n)).toMatchObject({ amount: 3_000n, skipReason: null })

    expect((await walletsOf(t, upline)).bonus).toBe(30)
    expect((await walletsOf(t, linkedDown)).refund).toBe(0)
    expect((await walletsOf(t, otherDown)).refund).toBe(5)
    // A second run pays nothing more.
    expect((await accrue(t, day, bearer(owner.token))).statusCode).toBe(200)
    expect((await walletsOf(t, upline)).bonus).toBe(30)
  })
})

describe('nameKeyOf', () => {
  it('writes a name not yet registered exactly as players.name_key keeps a registered one', async () => {
    for (const [firstname, surname] of [
      [' Somchai ', 'JAIDEE'],
      ['สม  ชาย', ' ใจดี  '],
      ['ｓｏｍｃｈａｉ', 'Ｊａｉｄｅｅ'],
      ['น้ำ', 'ใจดี'],
    ] as const) {
      const player = await makePlayer(t.db, { firstname, surname })
      const [row] = rowsOf<{ same: boolean }>(
        await t.db.execute(sql`select ${nameKeyOf(firstname, surname)} = name_key as same from players where id = ${player.id}`),
      )
      expect(row?.same, `${firstname} ${surname}`).toBe(true)
    }
  })
})
