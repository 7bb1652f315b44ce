import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bytea, createdAt, instant, int64, requiredRef, serialId, sessionColumns, updatedAt } from './columns.ts'
import { OPERATOR_ROLES } from '@sanam/contract/schemas/backoffice'

/** A player's own bank account (bank code and account number): where their withdrawals are paid. */
export const playerBankAccount = () => ({
  bankCode: text('bank_code').notNull(),
  bankAccount: text('bank_account').notNull(),
})

/** Players (spec §3 User). A row exists only once the phone is confirmed (or OTP is off). */
export const players = pgTable(
  'players',
  {
    id: serialId(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    surname: text('surname').notNull(),
    ...playerBankAccount(),
    inviteCode: text('invite_code').notNull(),
    uplineId: int64('upline_id'),
    status: text('status', { enum: ['ACTIVE', 'LOCKED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Who locked the member and in which role, while LOCKED (ADR 036): an operator of a lower rank cannot unlock it.
     * Null for an active member.
     */
    lockedBy: int64('locked_by'),
    lockedByRole: text('locked_by_role', { enum: OPERATOR_ROLES }),
    /**
     * Set when an operator reset the password (issue 12 §5): the password is then a temporary one, good for signing in
     * only to choose a new one, within a day of this time. Cleared by the player's new password.
     */
    passwordResetAt: instant('password_reset_at'),
    /**
     * When the player said they are 20 or older and accepted the site's terms, at registration (issue 21 §3, ADR 046).
     * Null for a player registered before the app asked.
     */
    termsAcceptedAt: instant('terms_accepted_at'),
    /**
     * The bank account holder's name (the registered names: the account must be the player's own), normalised the
     * way linked accounts compare it: NFKC, lower case, white space collapsed. Players sharing it are linked.
     */
    nameKey: text('name_key').generatedAlwaysAs(
      sql`regexp_replace(lower(normalize(btrim(firstname) || ' ' || btrim(surname), NFKC)), '[[:space:]]+', ' ', 'g')`,
    ),
  },
  (t) => [
    uniqueIndex('players_mobile_key').on(t.mobile),
    index('players_name_key_idx').on(t.nameKey),
    uniqueIndex('players_bank_key').on(t.bankCode, t.bankAccount),
    uniqueIndex('players_invite_code_key').on(t.inviteCode),
    index('players_upline_idx').on(t.uplineId, t.createdAt),
    // New players per Bangkok day: the dashboard and the players report (issue 20 §5).
    index('players_created_idx').on(t.createdAt),
    // Contains-searches without reading every player (issue 22 §5, ADR 056): trigram indexes (pg_trgm) serve the
    // back-office's member search (the phone's start, the bank account or the name anywhere in it, any case) and the
    // deposit matcher's masked account ('%' and a mask). `playerMatches` writes the name as this same expression.
    index('players_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    index('players_bank_account_trgm_idx').using('gin', t.bankAccount.op('gin_trgm_ops')),
    index('players_name_trgm_idx').using('gin', sql`(${t.firstname} || ' ' || ${t.surname}) gin_trgm_ops`),
    // The masked-account matcher's exact key (ADR 063): every run of four digits of the account with its bank and its
    // place from the right end, so a statement's mask finds its few candidates by one key. The function is migration
    // 0027's; `windowKey` (deposits/account-match.ts) writes the key a mask is filed under.
    index('players_bank_account_windows_idx').using('gin', sql`bank_account_windows(${t.bankCode}, ${t.bankAccount})`),
  ],
)

/** The player a row belongs to (`player_id`), or another player it names (an accrual's beneficiary and source). */
export const playerRef = (name = 'player_id') => requiredRef(name, () => players.id)

/**
 * Registrations waiting for their OTP. Kept apart from players so an abandoned sign-up never
 * holds a phone number or a bank account: registering the same phone again replaces the row.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: serialId(),
    mobile: text('mobile').notNull(),
    /** sha256 of the challenge token handed to the app. */
    tokenHash: bytea('token_hash').notNull(),
    /** sha256(token ':' code): useless without the token, which is never stored. */
    otpHash: bytea('otp_hash').notNull(),
    otpRef: text('otp_ref').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    payload: jsonb('payload').$type<PendingPayload>().notNull(),
    sentAt: instant('sent_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_registrations_mobile_key').on(t.mobile)],
)

export interface PendingPayload {
  passwordHash: string
  firstname: string
  surname: string
  bankCode: string
  bankAccount: string
  uplineId: number | null
  /** When the player confirmed age and terms, as ISO 8601 (the payload is JSON); absent in a payload from before. */
  termsAcceptedAt?: string
}

/** Server-side sessions: only the token's hash is stored, so a session can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    ...sessionColumns(),
    playerId: playerRef(),
    /** When the session was last used, kept to the minute (one write a minute at most): idle sessions end. */
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_player_live_idx')
      .on(t.playerId)
      .where(sql`revoked_at is null`),
    // The dashboard counts today's active players by last use (issue 12 §2).
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
)

/**
 * Time-outs and self-exclusions a player chose (issue 21 §2, ADR 047): in force from `starts_at` until `ends_at`
 * (null: permanent). Append-only by trigger, like the ledger: nothing in the application, no player and no operator,
 * can end one early; a later choice that ends later is a new row, and the player's restriction is the latest end of
 * the rows in force.
 */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: serialId(),
    playerId: playerRef(),
    kind: text('kind', { enum: ['TIME_OUT', 'SELF_EXCLUSION'] }).notNull(),
    period: text('period', { enum: ['24H', '7D', '30D', '6M', '1Y', '5Y', 'PERMANENT'] }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('player_exclusions_player_idx').on(t.playerId, t.startsAt),
    check('player_exclusions_end_after_start', sql`ends_at is null or ends_at > starts_at`),
    check('player_exclusions_permanent', sql`(period = 'PERMANENT') = (ends_at is null)`),
  ],
)
