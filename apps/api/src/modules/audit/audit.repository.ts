import { createHash, createHmac } from 'node:crypto'
import type { AuditAction } from '@sanam/contract'
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { readPage, rowsOf, type DbNumber } from '../../db/rows.ts'
import { auditLog, operators, players } from '../../db/schema.ts'

/** Who acted: an operator at an address. Start-up and scripts act with `null`. */
export interface AuditActor {
  operatorId: number
  /** The client address TRUST_PROXY yields. */
  ip: string | null
}

export interface AuditEntry {
  actor: AuditActor | null
  /** A name of the contract's catalogue (AUDIT_ACTIONS), which the back-office shows in Thai. */
  action: AuditAction
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  at: Date
}

/**
 * The entry of a four-eyes proposal made (plan, risk parameters, site content): `before`, what is in force; after, the
 * new version waiting as PENDING, with its reason where the proposer gives one, and the values it proposes.
 */
export function proposalEntry(
  actor: AuditActor | null,
  at: Date,
  target: { action: AuditAction; targetType: string; id: number },
  before: object,
  proposed: { reason?: string; values: object },
): AuditEntry {
  const { action, targetType, id } = target
  const reason = proposed.reason === undefined ? {} : { reason: proposed.reason }
  return { actor, action, targetType, targetId: String(id), before, after: { version: id, status: 'PENDING', ...reason, ...proposed.values }, at }
}

/**
 * The entry of a waiting item turned down (a four-eyes proposal, a withdrawal): it was PENDING (with what it `held`,
 * where the reader needs it), it is now `refused` (REJECTED unless the item names its refusal otherwise), for `reason`.
 */
export function refusalEntry(
  actor: AuditActor,
  at: Date,
  target: { action: AuditAction; targetType: string; id: number },
  reason: string,
  { refused = 'REJECTED', held = {} }: { refused?: string; held?: object } = {},
): AuditEntry {
  const { action, targetType, id } = target
  return { actor, action, targetType, targetId: String(id), before: { status: 'PENDING', ...held }, after: { status: refused, reason }, at }
}

export interface AuditFilter {
  operatorId?: number
  action?: string
  /** Entries about this member (a phone, or an id): the member is the target, or the money decision recorded is theirs. */
  member?: string
  targetType?: string
  targetId?: string
  /** Inclusive lower bound. */
  from?: Date
  /** Exclusive upper bound. */
  to?: Date
}

/** Shaped like the ledger's failures (no account: the chain is one sequence), so both print and answer alike. */
export interface AuditChainFailure {
  check: 'audit_chain'
  account?: undefined
  detail: string
}

/** The chain's head: its newest entry. `hash` in hex. */
export interface AuditHead {
  id: number
  seq: number
  hash: string
}

/** A head recorded elsewhere (the export, ADR 037) that the chain must still contain, unchanged. */
export interface ExpectedHead {
  seq: number
  hash: string
}

/** Taken by every audit insert (here and in the trigger), so the chain has one order whatever the writers. */
const CHAIN_LOCK = 7_302_030
/** Rows read per round trip while verifying: the chain is walked in pages, never held whole in memory. */
const VERIFY_PAGE = 2_000

/**
 * The append-only operator audit log (ADR 030, ADR 037). The runtime database role may only insert and read it; a
 * trigger refuses UPDATE, DELETE and TRUNCATE as well, and another refuses an entry that does not extend the chain.
 * Each entry's hash is HMAC-SHA256 with `key` (AUDIT_HMAC_KEY, which the database never sees) over the previous hash
 * and the entry's fields, so nobody who can write to the database, a superuser included, can rewrite an entry and
 * make the chain agree without the key. This repository only inserts and reads.
 */
export function createAuditRepository(options: { key: string }) {
  const keyed = (prev: Buffer | null, message: string) =>
    createHmac('sha256', options.key)
      .update(prev ?? Buffer.alloc(0))
      .update(message, 'utf8')
      .digest()
  const legacy = (prev: Buffer | null, message: string) =>
    createHash('sha256')
      .update(prev ?? Buffer.alloc(0))
      .update(message, 'utf8')
      .digest()

  return {
    /**
     * Appends `entry` to the chain in the caller's transaction: takes the chain lock (held to commit), reads the head,
     * has the database encode the entry's fields exactly as they will be stored, and inserts it with its keyed hash.
     */
    async record(db: Db, entry: AuditEntry): Promise<void> {
      const row = {
        operatorId: entry.actor?.operatorId ?? null,
        ip: entry.actor?.ip ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: entry.at,
      }
      await db.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`)
      const json = (value: unknown) => (value === null ? null : JSON.stringify(value))
      const [next] = rowsOf<{ seq: DbNumber; prev: string | null; message: string }>(
        await db.execute(sql`
          with last as (select chain_seq, hash from audit_log where chain_seq is not null order by chain_seq desc limit 1),
            next as (select coalesce((select chain_seq from last), 0) + 1 as seq)
          select next.seq, (select encode(hash, 'hex') from last) as prev,
            audit_row_message(next.seq, ${row.operatorId}::bigint, ${row.action}::text, ${row.targetType}::text, ${row.targetId}::text,
              ${json(row.before)}::jsonb, ${json(row.after)}::jsonb, ${row.ip}::text, ${row.createdAt.toISOString()}::timestamptz) as message
          from next`),
      )
      if (!next) throw new Error('audit chain: no head read')
      const prevHash = next.prev === null ? null : Buffer.from(next.prev, 'hex')
      await db.insert(auditLog).values({ ...row, chainSeq: Number(next.seq), prevHash, hash: keyed(prevHash, next.message) })
    },

    /** A page of entries matching `filter`, newest first, with the operator's username. */
    async list(db: Db, filter: AuditFilter, page: number, size: number) {
      const where = and(...conditionsOf(filter))
      return readPage(
        db
          .select({
            id: auditLog.id,
            operatorId: auditLog.operatorId,
            operatorUsername: operators.username,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            before: auditLog.before,
            after: auditLog.after,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(operators, eq(operators.id, auditLog.operatorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .$dynamic(),
        db.select({ n: count() }).from(auditLog).where(where),
        page,
        size,
      )
    },

    /** The action names written so far, for the filter. */
    async actions(db: Db): Promise<string[]> {
      const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action)
      return rows.map((r) => r.action)
    },

    /** The newest committed entry, or null for an empty log: what the head export writes out (ADR 037). */
    async head(db: Db): Promise<AuditHead | null> {
      const [last] = rowsOf<{ id: DbNumber; seq: DbNumber; hash: string }>(
        await db.execute(
          sql`select id, chain_seq as seq, encode(hash, 'hex') as hash from audit_log where chain_seq is not null order by chain_seq desc limit 1`,
        ),
      )
      return last ? { id: Number(last.id), seq: Number(last.seq), hash: last.hash } : null
    },

    /**
     * Walks the chain in order and names every break: an entry whose hash is not the keyed hash of its fields (or,
     * up to the mark, the legacy sha256: ADR 037), whose `prev_hash` is not the previous entry's hash, a gap in
     * `chain_seq` (removed), an entry outside the chain. Entries removed from the very end leave no trace in the chain
     * itself: `expected`, a head exported earlier, must still be in the chain with the same hash. Answers the head.
     */
    async verifyChain(db: Db, expected?: ExpectedHead): Promise<{ checked: number; failures: AuditChainFailure[]; head: AuditHead | null }> {
      const failures: AuditChainFailure[] = []
      const fail = (detail: string) => failures.push({ check: 'audit_chain', detail })
      for (const r of rowsOf<{ id: DbNumber }>(await db.execute(sql`select id from audit_log where chain_seq is null order by id`))) {
        fail(`audit entry ${r.id} is outside the chain`)
      }
      const [mark] = rowsOf<{ through: DbNumber }>(await db.execute(sql`select legacy_through as through from audit_chain_mark`))
      // No mark (it is written by the migration) reads as "every entry keyed": the stricter reading.
      const legacyThrough = Number(mark?.through ?? 0)

      let checked = 0
      let previous = null as { seq: number; hash: Buffer } | null
      let head: AuditHead | null = null
      let expectedSeen = false
      for (;;) {
        const after: number = previous?.seq ?? 0
        const rows: ChainRow[] = rowsOf<ChainRow>(
          await db.execute(sql`
            select id, chain_seq as seq, encode(prev_hash, 'hex') as prev, encode(hash, 'hex') as hash,
              audit_row_message(chain_seq, operator_id, action, target_type, target_id, before, after, ip, created_at) as message
            from audit_log
            where chain_seq > ${after}
            order by chain_seq
            limit ${VERIFY_PAGE}`),
        )
        for (const r of rows) {
          checked += 1
          const seq: number = Number(r.seq)
          const prev = r.prev === null ? null : Buffer.from(r.prev, 'hex')
          const hash = Buffer.from(r.hash ?? '', 'hex')
          if (seq !== (previous?.seq ?? 0) + 1) fail(`entries before chain position ${seq} are missing`)
          else if (!sameHash(prev, previous?.hash ?? null)) fail(`audit entry ${r.id} does not follow the entry before it`)
          const wanted: Buffer = seq <= legacyThrough ? legacy(prev, r.message) : keyed(prev, r.message)
          if (!wanted.equals(hash)) {
            fail(
              seq <= legacyThrough
                ? `audit entry ${r.id} was changed after it was written`
                : `audit entry ${r.id} was changed after it was written, or written without the audit key`,
            )
          }
          if (expected && seq === expected.seq) {
            expectedSeen = true
            if (r.hash !== expected.hash.toLowerCase()) fail(`audit entry ${r.id} at chain position ${seq} is not the exported head ${expected.hash}`)
          }
          previous = { seq, hash }
          head = { id: Number(r.id), seq, hash: r.hash ?? '' }
        }
        if (rows.length < VERIFY_PAGE) break
      }
      if (expected && !expectedSeen) {
        fail(`the exported head, chain position ${expected.seq}, is missing: entries were removed from the end of the audit log`)
      }
      return { checked, failures, head }
    },

    /**
     * Problems with the connection's role for a real-money server (ADR 037): it must not be able to change or remove
     * an audit entry, nor disable the log's triggers (own it, be a superuser or a member of its owner).
     */
    async rewriteRights(db: Db): Promise<string[]> {
      const [r] = rowsOf<{ role: string; superuser: boolean; owns: boolean; change: boolean }>(
        await db.execute(sql`
          select current_user as role,
            (select rolsuper from pg_roles where rolname = current_user) as superuser,
            pg_has_role(current_user, c.relowner, 'MEMBER') as owns,
            has_table_privilege('audit_log', 'UPDATE') or has_table_privilege('audit_log', 'DELETE') or has_table_privilege('audit_log', 'TRUNCATE') as change
          from pg_class c where c.oid = 'audit_log'::regclass`),
      )
      if (!r) return ['the audit_log table is missing']
      const problems: string[] = []
      if (r.superuser) problems.push(`the role ${r.role} is a superuser`)
      else if (r.owns) problems.push(`the role ${r.role} owns audit_log (or is a member of its owner) and could disable its triggers`)
      if (r.change && !r.superuser) problems.push(`the role ${r.role} may UPDATE, DELETE or TRUNCATE audit_log`)
      return problems
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.operatorId !== undefined) conditions.push(eq(auditLog.operatorId, filter.operatorId))
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action))
  if (filter.member !== undefined) {
    // A phone starts with 0; an id never does.
    const id = filter.member.startsWith('0')
      ? sql`(select ${players.id}::text from ${players} where ${players.mobile} = ${filter.member})`
      : sql`${filter.member}`
    conditions.push(
      or(
        and(eq(auditLog.targetType, 'member'), sql`${auditLog.targetId} = ${id}`),
        sql`${auditLog.after}->>'player_id' = ${id}`,
        sql`${auditLog.before}->>'player_id' = ${id}`,
      )!,
    )
  }
  if (filter.targetType !== undefined) conditions.push(eq(auditLog.targetType, filter.targetType))
  if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId))
  if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, filter.from))
  if (filter.to !== undefined) conditions.push(lt(auditLog.createdAt, filter.to))
  return conditions
}

interface ChainRow {
  id: DbNumber
  seq: DbNumber
  prev: string | null
  hash: string | null
  message: string
}

function sameHash(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b)
}
