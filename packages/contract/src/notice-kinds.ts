/**
 * What a player may be told on LINE (issue 38 §3, ADR 088): the notices module decides what is sent, the player
 * chooses here which of them go to LINE. `promotion` only with the player's explicit opt-in (off by default); a
 * player in a time-out or self-exclusion gets nothing but `exclusion`. No zod here: the player app imports it.
 */
export const NOTICE_KINDS = ['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion', 'promotion'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** What a player who has never chosen gets on LINE: every notice about their own money and protection, no promotion. */
export const DEFAULT_LINE_NOTICES: readonly NoticeKind[] = ['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion']
