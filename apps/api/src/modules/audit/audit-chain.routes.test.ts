import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { openAsRuntimeRole } from '../../../test/database.ts'
import { testConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { inTransaction } from '../../db/transaction.ts'
import { auditHeadExport, lastExportedHead } from './audit-head-export.ts'
import { createAuditRepository } from './audit.repository.ts'
import { adminToken } from '../../../test/operators.ts'

// Issue 18 §6: an audit log the application cannot rewrite. Before: with the trigger disabled, the application's own
// database account rewrote an entry and re-hashed the chain, and `ledger/verify` still said ok (the hash had no key and
// the runtime role owned the table); rows removed from the end left no trace. ADR 037.

const auditRepository = createAuditRepository({ key: testConfig().auditHmacKey })

type Verified = { ok: boolean; failures: Array<{ check: string; detail: string }>; audit_head: { id: number; seq: number; hash: string } | null }

/**
 * The real app on a database of its own for one describe block (each tampers with its chain), signed in as the first
 * owner, with the helpers the tests share.
 */
function chainApp() {
  const t = useTestApp()
  let owner: string
  beforeAll(async () => {
    owner = await adminToken(t)
  })
  const verify = async (head?: string): Promise<Verified> => {
    const res = await t.get(`/api/backoffice/ledger/verify${head ? `?head=${head}` : ''}`, owner)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  return {
    t,
    verify,
    get: (url: string) => t.get(url, owner),
    chainFailures: async (head?: string) => (await verify(head)).failures.filter((f) => f.check === 'audit_chain').map((f) => f.detail),
    record: (targetId: string, db: Db = t.db) =>
      inTransaction(db, (tx) =>
        auditRepository.record(tx, { actor: null, action: 'media.upload', targetType: 'test', targetId, after: { n: targetId }, at: t.clock.now() }),
      ),
    /** Runs `work` as a superuser would, with the log's triggers off, and turns them back on. */
    async behindTheTriggers(work: () => Promise<void>) {
      await t.db.execute(sql`alter table audit_log disable trigger user`)
      try {
        await work()
      } finally {
        await t.db.execute(sql`alter table audit_log enable trigger user`)
      }
    },
    /** A rewrite by someone who can do anything in the database but does not hold the key: re-chains from `fromSeq` on. */
    async rechainWithoutTheKey(fromSeq: number) {
      await t.db.execute(
        sql.raw(`
        do $$
        declare r record; prev bytea;
        begin
          select hash into prev from audit_log where chain_seq = ${fromSeq - 1};
          for r in select * from audit_log where chain_seq >= ${fromSeq} order by chain_seq loop
            update audit_log set prev_hash = prev,
              hash = audit_row_hash(prev, r.chain_seq, r.operator_id, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.created_at)
              where id = r.id returning hash into prev;
          end loop;
        end $$`),
      )
    },
  }
}

describe('entries from before the key (ADR 037: the legacy mark)', () => {
  const { t, chainFailures, record, behindTheTriggers, rechainWithoutTheKey } = chainApp()

  it('verify with plain sha256 up to the mark and keyed after it; an edit of a legacy entry is still found', async () => {
    await record('legacy-1')
    await record('legacy-2')
    // What migration 0015 finds on an existing database: a chain hashed without a key, and the mark at its end.
    await behindTheTriggers(async () => {
      await rechainWithoutTheKey(1)
      await t.db.execute(sql`update audit_chain_mark set legacy_through = (select max(chain_seq) from audit_log)`)
    })
    await record('keyed-1')
    expect(await chainFailures()).toEqual([])

    const [legacy] = rowsOf<{ id: unknown }>(await t.db.execute(sql`select id from audit_log where target_id = 'legacy-1'`))
    await behindTheTriggers(async () => {
      await t.db.execute(sql`update audit_log set target_id = 'legacy-x' where id = ${Number(legacy!.id)}`)
    })
    expect(await chainFailures()).toEqual([`audit entry ${Number(legacy!.id)} was changed after it was written`])
  })
})

describe('ledger/verify answers the chain’s head', () => {
  const { t, verify, get, record } = chainApp()
  it('names the newest entry, its position and hash; a head given back in the wrong form is a 400', async () => {
    await record('head')
    const [last] = rowsOf<{ id: unknown; seq: unknown; hash: string }>(
      await t.db.execute(sql`select id, chain_seq as seq, encode(hash, 'hex') as hash from audit_log order by chain_seq desc limit 1`),
    )
    const answer = await verify()
    expect(answer.ok).toBe(true)
    expect(answer.audit_head).toEqual({ id: Number(last!.id), seq: Number(last!.seq), hash: last!.hash })
    expect((await verify(`${answer.audit_head!.seq}:${answer.audit_head!.hash}`)).ok).toBe(true)
    const bad = await get('/api/backoffice/ledger/verify?head=12:abc')
    expect(bad.statusCode).toBe(400)
  })
})

describe('a rewrite by a superuser, who does not hold the key', () => {
  const { t, verify, chainFailures, record, behindTheTriggers, rechainWithoutTheKey } = chainApp()
  it('edits an entry and re-hashes the chain after it the old way: every re-hashed entry is named', async () => {
    for (const n of ['a', 'b', 'c']) await record(`rewrite-${n}`)
    const [victim] = rowsOf<{ id: unknown; seq: unknown }>(await t.db.execute(sql`select id, chain_seq as seq from audit_log where target_id = 'rewrite-a'`))
    const seq = Number(victim!.seq)
    const rewritten = rowsOf<{ id: unknown }>(await t.db.execute(sql`select id from audit_log where chain_seq >= ${seq} order by chain_seq`)).map((r) =>
      Number(r.id),
    )
    await behindTheTriggers(async () => {
      await t.db.execute(sql`update audit_log set after = '{"n":"rewritten"}'::jsonb where chain_seq = ${seq}`)
      await rechainWithoutTheKey(seq)
    })
    expect(await chainFailures()).toEqual(rewritten.map((id) => `audit entry ${id} was changed after it was written, or written without the audit key`))
    expect((await verify()).ok).toBe(false)
  })
})

describe('the exported head', () => {
  const { t, verify, chainFailures, record, behindTheTriggers, rechainWithoutTheKey } = chainApp()
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-audit-head-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is written to AUDIT_HEAD_FILE and the log as the chain advances; entries removed from the end are found against it', async () => {
    const file = path.join(dir, 'heads.log')
    const logged: object[] = []
    const exporter = auditHeadExport({
      db: t.db,
      auditRepository,
      file,
      now: () => t.clock.now(),
      log: { info: (details) => logged.push(details), error: () => undefined },
    })
    await record('export-1')
    await exporter.tick()
    await exporter.tick() // unchanged: nothing new written
    await record('export-2')
    await record('export-3')
    const head = await exporter.tick()
    const lines = (await readFile(file, 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lastExportedHead(await readFile(file, 'utf8'))).toBe(`${head!.seq}:${head!.hash}`)
    expect(logged.at(-1)).toEqual({ audit_head: head })

    // Someone removes the two newest entries: the chain left behind is whole, only the exported head shows the loss.
    await behindTheTriggers(async () => {
      await t.db.execute(sql`delete from audit_log where chain_seq > ${head!.seq - 2}`)
    })
    expect(await chainFailures()).toEqual([])
    expect(await chainFailures(lastExportedHead(await readFile(file, 'utf8')))).toEqual([
      `the exported head, chain position ${head!.seq}, is missing: entries were removed from the end of the audit log`,
    ])

    // Rows written again over the gap (by the application, with the key) do not bring the exported head back.
    await record('export-2-again')
    await record('export-3-again')
    const failures = await chainFailures(`${head!.seq}:${head!.hash}`)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatch(new RegExp(`at chain position ${head!.seq} is not the exported head`))
  })

  it('catches the whole chain re-hashed without the key and the legacy mark moved to its end', async () => {
    await record('mark-1')
    const exported = (await verify()).audit_head!
    await record('mark-2')
    await behindTheTriggers(async () => {
      await t.db.execute(sql`update audit_log set after = '{"n":"rewritten"}'::jsonb where target_id = 'mark-1'`)
      await rechainWithoutTheKey(1)
      await t.db.execute(sql`update audit_chain_mark set legacy_through = (select max(chain_seq) from audit_log)`)
    })
    // Every entry now claims to predate the key, and the chain is consistent in itself...
    expect(await chainFailures()).toEqual([])
    // ...but not with the head exported before.
    expect(await chainFailures(`${exported.seq}:${exported.hash}`)).toEqual([
      expect.stringMatching(new RegExp(`at chain position ${exported.seq} is not the exported head`)),
    ])
  })
})

describe.runIf(process.env.SANAM_TEST_DB === 'postgres')('the runtime role (PostgreSQL)', () => {
  const { t, chainFailures, record } = chainApp()
  it('inserts and reads the log; cannot change, remove, truncate it, disable its triggers or replace their function', async () => {
    const runtime = await openAsRuntimeRole(t.database)
    try {
      await record('runtime-writes', runtime.db)
      expect(await auditRepository.rewriteRights(runtime.db)).toEqual([])
      const refused = async (statement: ReturnType<typeof sql>) => {
        const error = await runtime.db.execute(statement).then(
          () => null,
          (e: unknown) => e as { cause?: { code?: string; message?: string } },
        )
        expect(error?.cause?.code, String(error?.cause?.message)).toBe('42501') // insufficient_privilege
        return error?.cause?.message ?? ''
      }
      expect(await refused(sql`update audit_log set action = 'edited'`)).toMatch(/permission denied/)
      expect(await refused(sql`delete from audit_log`)).toMatch(/permission denied/)
      expect(await refused(sql`truncate audit_log`)).toMatch(/permission denied/)
      expect(await refused(sql`alter table audit_log disable trigger audit_log_append_only`)).toMatch(/must be owner/)
      expect(await refused(sql`alter table audit_log disable trigger all`)).toMatch(/must be owner/)
      expect(await refused(sql`create or replace function audit_log_chain() returns trigger language plpgsql as $$ begin return new; end $$`)).toMatch(
        /must be owner|permission denied/,
      )
      expect(await refused(sql`update audit_chain_mark set legacy_through = 1000000`)).toMatch(/permission denied/)
      expect(await chainFailures()).toEqual([])

      // What it may do, append, it cannot do without the key: a forged entry is named.
      const [last] = rowsOf<{ seq: unknown; hash: string }>(
        await runtime.db.execute(sql`select chain_seq as seq, encode(hash, 'hex') as hash from audit_log order by chain_seq desc limit 1`),
      )
      const [forged] = rowsOf<{ id: unknown }>(
        await runtime.db.execute(sql`
          insert into audit_log (action, target_type, target_id, created_at, chain_seq, prev_hash, hash)
          values ('member.unlock', 'member', '1', now(), ${Number(last!.seq) + 1}, decode(${last!.hash}, 'hex'), sha256('forged'::bytea))
          returning id`),
      )
      expect(await chainFailures()).toEqual([`audit entry ${Number(forged!.id)} was changed after it was written, or written without the audit key`])
    } finally {
      await runtime.close()
    }
  })

  it('the start-up check: the owner’s connection could rewrite the log, the runtime role’s cannot', async () => {
    expect(await auditRepository.rewriteRights(t.db)).toEqual([expect.stringMatching(/superuser/)])
  })
})
