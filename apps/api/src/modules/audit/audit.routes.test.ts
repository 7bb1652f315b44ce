import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { bearer } from '../../../test/money.ts'
import { testConfig } from '../../config.ts'
import { rowsOf } from '../../db/rows.ts'
import { inTransaction } from '../../db/transaction.ts'
import { createAuditRepository } from './audit.repository.ts'
import { adminToken, signInOperator } from '../../../test/operators.ts'

// Issue 12 §6: the audit log is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), hash-chained so an edit
// or a removal is found by the ledger check, and readable by filter. Runs on PGlite and on PostgreSQL.

const t = useTestApp()
let owner: string
beforeAll(async () => {
  owner = (await signInOperator(t)).token
})
/** The app's own: the same key (the demo key, in tests). */
const auditRepository = createAuditRepository({ key: testConfig().auditHmacKey })

const verify = async () => (await t.get('/api/backoffice/ledger/verify', owner)).json().data
const chainFailures = async () => ((await verify()).failures as Array<{ check: string; detail: string }>).filter((f) => f.check === 'audit_chain')
/** An entry of the test's own target type: only the chain sees it. */
const record = (targetId: string, at = t.clock.now()) =>
  inTransaction(t.db, (tx) => auditRepository.record(tx, { actor: null, action: 'media.upload', targetType: 'test', targetId, after: { n: targetId }, at }))

describe('append-only', () => {
  it.each([
    ['UPDATE', sql`update audit_log set action = 'edited'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('the database refuses %s on the audit log', async (_name, statement) => {
    await record('a')
    const before = rowsOf<{ n: unknown }>(await t.db.execute(sql`select count(*) as n from audit_log`))[0]!.n
    // Drizzle wraps the database's error; the trigger's own words are in its cause.
    await expect(t.db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/audit_log is append-only/) } })
    expect(rowsOf<{ n: unknown }>(await t.db.execute(sql`select count(*) as n from audit_log`))[0]!.n).toEqual(before)
  })
})

describe('hash chain', () => {
  it('stays one unbroken chain under concurrent writers', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => record(String(i))))
    const seqs = rowsOf<{ seq: unknown }>(await t.db.execute(sql`select chain_seq as seq from audit_log order by chain_seq`)).map((r) => Number(r.seq))
    expect(seqs).toEqual(seqs.map((_, i) => i + 1))
    expect(await chainFailures()).toEqual([])
    expect((await verify()).ok).toBe(true)
  })

  it('makes the ledger check name an edited entry and a removed one (done behind the trigger’s back)', async () => {
    await record('victim')
    await record('after-victim')
    const [victim] = rowsOf<{ id: unknown }>(await t.db.execute(sql`select id from audit_log where target_id = 'victim'`))
    const id = Number(victim!.id)

    await t.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`)
    try {
      await t.db.execute(sql`update audit_log set after = '{"n":"rewritten"}'::jsonb where id = ${id}`)
      expect(await chainFailures()).toEqual([
        { check: 'audit_chain', detail: `audit entry ${id} was changed after it was written, or written without the audit key` },
      ])
      expect((await verify()).ok).toBe(false)
      // Put back exactly as written: the hash matches again.
      await t.db.execute(sql`update audit_log set after = '{"n":"victim"}'::jsonb where id = ${id}`)
      expect(await chainFailures()).toEqual([])

      await t.db.execute(sql`delete from audit_log where id = ${id}`)
      const failures = await chainFailures()
      expect(failures.length).toBeGreaterThan(0)
      expect(failures[0]!.detail).toMatch(/are missing/)
      expect((await verify()).ok).toBe(false)
    } finally {
      await t.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`)
    }
  })
})

describe('GET /api/backoffice/audit', () => {
  it('filters by operator, action, target and Bangkok days, newest first, paged', async () => {
    const fresh = await buildTestApp()
    try {
      const admin = await adminToken(fresh)
      const support = await signInOperator(fresh, 'support')
      const day1 = new Date('2026-11-20T17:30:00Z') // 00:30 on 21 November in Bangkok
      const day2 = new Date('2026-11-21T18:00:00Z') // 01:00 on 22 November in Bangkok
      for (const [i, at] of [day1, day2, day2].entries()) {
        await inTransaction(fresh.db, (tx) =>
          auditRepository.record(tx, {
            actor: { operatorId: support.id, ip: '203.0.113.7' },
            action: 'member.lock',
            targetType: 'member',
            targetId: String(i),
            at,
          }),
        )
      }
      const list = async (query: string) => {
        const res = await fresh.app.inject({ method: 'GET', url: `/api/backoffice/audit?${query}`, headers: bearer(admin) })
        expect(res.statusCode, res.body).toBe(200)
        return res.json().data as { list: Array<{ target_id: string; operator_username: string; ip: string; at: string }>; total: number }
      }
      const mine = await list(`operator_id=${support.id}&action=member.lock`)
      expect(mine.total).toBe(3)
      expect(mine.list.map((e) => e.target_id)).toEqual(['2', '1', '0'])
      expect(mine.list[0]).toMatchObject({ operator_username: support.username, ip: '203.0.113.7' })
      expect((await list('action=member.lock&from=2026-11-22&to=2026-11-22')).list.map((e) => e.target_id)).toEqual(['2', '1'])
      expect((await list('action=member.lock&to=2026-11-21')).list.map((e) => e.target_id)).toEqual(['0'])
      expect((await list('target_type=member&target_id=1')).list.map((e) => e.target_id)).toEqual(['1'])
      expect((await list('action=member.lock&page=1')).list).toEqual([])

      // Not a day, and days or instants that do not exist (the JavaScript parser would take some of them): refused in
      // Thai before any reaches the database.
      for (const from of ['yesterday', '0004-30-52', '2026-02-30', '2026-11-01T25:00:00Z', '2026-11-01T10:00:00']) {
        const bad = await fresh.app.inject({ method: 'GET', url: `/api/backoffice/audit?from=${from}`, headers: bearer(admin) })
        expect(bad.statusCode, from).toBe(400)
        expect(bad.json().message, from).toBe('วันที่ไม่ถูกต้อง')
      }
    } finally {
      await fresh.close()
    }
  })

  it('filters by member, by phone or id (the member is the target, or the money decision is theirs), and refuses a bad filter in Thai', async () => {
    const fresh = await buildTestApp()
    try {
      const admin = await adminToken(fresh)
      const one = await makePlayer(fresh.db)
      const two = await makePlayer(fresh.db)
      const [a, b] = [String(one.id), String(two.id)]
      const entries = [
        { action: 'member.lock', targetType: 'member', targetId: a, after: { status: 'LOCKED' } },
        { action: 'deposit.assign', targetType: 'deposit', targetId: '900', after: { player_id: one.id, amount: 100 } },
        { action: 'member.lock', targetType: 'member', targetId: b, after: { status: 'LOCKED' } },
        { action: 'withdrawal.reject', targetType: 'withdrawal', targetId: '7', before: { player_id: two.id } },
        { action: 'deposit.assign', targetType: 'deposit', targetId: a, after: { player_id: two.id, amount: 100 } },
      ] as const
      for (const entry of entries) await inTransaction(fresh.db, (tx) => auditRepository.record(tx, { actor: null, ...entry, at: fresh.clock.now() }))
      const get = (query: string) => fresh.app.inject({ method: 'GET', url: `/api/backoffice/audit?${query}`, headers: bearer(admin) })
      const about = async (query: string) => {
        const res = await get(query)
        expect(res.statusCode, res.body).toBe(200)
        return (res.json().data.list as Array<{ action: string; target_id: string }>).map((e) => `${e.action} ${e.target_id}`)
      }
      expect(await about(`member=${a}`)).toEqual(['deposit.assign 900', `member.lock ${a}`])
      expect(await about(`member=${one.mobile}`)).toEqual(['deposit.assign 900', `member.lock ${a}`])
      expect(await about(`member=${two.mobile}`)).toEqual([`deposit.assign ${a}`, 'withdrawal.reject 7', `member.lock ${b}`])
      expect(await about(`member=${b}&action=member.lock`)).toEqual([`member.lock ${b}`])
      expect(await about('member=0899999999')).toEqual([])

      for (const [query, message] of [
        ['action=member.explode', 'ไม่รู้จักการกระทำนี้'],
        ['member=08123', 'กรุณากรอกเบอร์โทรศัพท์ (10 หลัก) หรือรหัสสมาชิก'],
        ['operator_id=me', 'รหัสผู้ใช้งานไม่ถูกต้อง'],
      ] as const) {
        const bad = await get(query)
        expect(bad.statusCode, query).toBe(400)
        expect(bad.json().message, query).toBe(message)
      }
    } finally {
      await fresh.close()
    }
  })
})
