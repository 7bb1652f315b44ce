import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { bytea, createdAt, instant, int64, serialId, sessionColumns } from './columns.ts'
import { OPERATOR_ROLES } from '@sanam/contract/schemas/backoffice'

/** Back-office operators. */
export const operators = pgTable(
  'operators',
  {
    id: serialId(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    createdAt: createdAt(),
    /** Set when an owner disables the operator: no sign-in, every session ended. */
    disabledAt: instant('disabled_at'),
    /**
     * Set when an owner created the operator or reset its password or authenticator (ADR 036): the password is then a
     * one-time password, good within a day only for choosing a new one. Cleared by the operator's own new password.
     */
    passwordResetAt: instant('password_reset_at'),
    /** The enrolled TOTP secret, sealed with TOTP_ENCRYPTION_KEY (lib/totp.ts); null until enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** The secret shown during enrolment, sealed the same way, until a code from it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The highest TOTP time step accepted: a code is taken once (no replay inside its window). */
    totpLastStep: int64('totp_last_step'),
    lastLoginAt: instant('last_login_at'),
    /**
     * The operator's own mobile phone (ADR 070): where its one-time passwords go by SMS, so no other operator ever
     * holds one. Null only for operators made before phones were kept; they get one through a change (two owners).
     */
    phone: text('phone'),
  },
  (t) => [uniqueIndex('operators_username_key').on(t.username)],
)

/** An operator's id in another row (null where the system acted, unless the column says `.notNull()`). */
export const operatorRef = (name: string) => int64(name).references(() => operators.id)

/** A second operator's decision on what another proposed: who decided and when (both null while it waits). */
export const decisionColumns = () => ({ decidedBy: operatorRef('decided_by'), decidedAt: instant('decided_at') })

/**
 * A four-eyes version's review (db/reviewed.ts reads them): who proposed it (null: the system), when, who decided it,
 * when, why it was refused, and from when an applied one is in force. The plan's and the risk rules' versions.
 */
export const versionReviewColumns = () => ({
  proposedBy: operatorRef('proposed_by'),
  createdAt: createdAt(),
  ...decisionColumns(),
  rejectReason: text('reject_reason'),
  effectiveFrom: instant('effective_from'),
})

/**
 * Who did what to which operator (ADR 036): creation, password and authenticator resets and role changes, by whom and
 * when. Read by the money rules: an operator is too new to decide money for a day after its creation or a reset, and
 * two operators related by such a change within 30 days never complete one four-eyes decision together.
 */
export const operatorChanges = pgTable(
  'operator_changes',
  {
    id: serialId(),
    operatorId: operatorRef('operator_id').notNull(),
    /** The operator who made the change (who proposed it, when a second owner approved it); null for set-up. */
    byOperatorId: operatorRef('by_operator_id'),
    /** `setup`: an owner named at set-up (BACKOFFICE_OWNERS) or a demo desk operator, made by no operator (ADR 070). */
    kind: text('kind', { enum: ['create', 'password_reset', 'totp_reset', 'role_change', 'phone_change', 'setup'] }).notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('operator_changes_operator_idx').on(t.operatorId, t.at), index('operator_changes_by_idx').on(t.byOperatorId, t.at)],
)

/**
 * A change to an operator who may move money or change money settings, proposed by one owner and waiting for a second
 * owner unrelated to the first (ADR 070): creation, role change, password or authenticator reset, a new phone. The
 * change is made, as the proposer's, only when it is approved; a rejected or applied row is kept as it was decided.
 */
export const operatorRequests = pgTable(
  'operator_requests',
  {
    id: serialId(),
    kind: text('kind', { enum: ['create', 'role_change', 'password_reset', 'totp_reset', 'phone_change'] }).notNull(),
    /** The operator changed; null for a creation until it is applied. */
    operatorId: operatorRef('operator_id'),
    /** A creation's username. */
    username: text('username'),
    /** A creation's or role change's role. */
    role: text('role', { enum: OPERATOR_ROLES }),
    /** A creation's or phone change's phone. */
    phone: text('phone'),
    status: text('status', { enum: ['pending', 'applied', 'rejected'] }).notNull(),
    requestedBy: operatorRef('requested_by').notNull(),
    requestedAt: instant('requested_at').notNull(),
    ...decisionColumns(),
  },
  (t) => [
    index('operator_requests_pending_idx').on(t.status, t.id),
    // One pending change per operator and one pending creation per username: a second proposal waits for the first.
    uniqueIndex('operator_requests_pending_operator_key')
      .on(t.operatorId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('operator_requests_pending_username_key')
      .on(t.username)
      .where(sql`${t.status} = 'pending'`),
  ],
)

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serialId(),
    ...sessionColumns(),
    operatorId: operatorRef('operator_id').notNull(),
    /** Last use, for the idle end (BACKOFFICE_IDLE_MINUTES); written at most once a minute. */
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
)

/**
 * Append-only record of every operator action (a trigger refuses UPDATE and DELETE), hash-chained: a BEFORE INSERT
 * trigger (migration 0010) gives each row the next `chain_seq`, the previous row's hash as `prev_hash` and
 * `hash = sha256(prev_hash || the row's fields)`, under a lock that serialises the chain (ADR 030).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    operatorId: operatorRef('operator_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    /** The operator's address (TRUST_PROXY applied); null for start-up and scripts. */
    ip: text('ip'),
    chainSeq: int64('chain_seq'),
    prevHash: bytea('prev_hash'),
    hash: bytea('hash'),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    uniqueIndex('audit_log_chain_seq_key').on(t.chainSeq),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
    index('audit_log_created_idx').on(t.createdAt),
  ],
)

/**
 * Where the keyed chain begins (ADR 037): entries at chain positions up to `legacy_through` were hashed with plain
 * sha256 before the key existed (migration 0015); every later one is HMAC-SHA256 with AUDIT_HMAC_KEY. One row, written
 * by the migration; the runtime role may only read it.
 */
export const auditChainMark = pgTable(
  'audit_chain_mark',
  {
    one: boolean('one').primaryKey().default(true),
    legacyThrough: int64('legacy_through').notNull(),
    markedAt: instant('marked_at').notNull().defaultNow(),
  },
  (t) => [check('audit_chain_mark_one_row', sql`${t.one}`)],
)
