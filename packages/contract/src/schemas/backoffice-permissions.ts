import { z } from 'zod'
import type { OperatorRole } from './backoffice.ts'
import { reviewFields } from './fields.ts'

/**
 * The one table of who may do what in the back-office (ADR 036). Every back-office route's guard names one of these
 * permissions, the operator app's menu shows an area to the roles of its permission, and the role-walk test reads the
 * roles from here. Administering operators and moving money are separate duties: an owner administers and moves no
 * money (no payout, no second approval); finance moves money; support reads and handles members without money.
 */
export const OPERATOR_PERMISSIONS = {
  /** Its own session: who it is, signing out, enrolling TOTP, its own password. */
  'self.session': ['owner', 'finance', 'support', 'compliance'],
  /** Reading the queues, members, dashboard and audit log. */
  'backoffice.read': ['owner', 'finance', 'support', 'compliance'],
  /** Acting on a member without money: lock, unlock, end sessions, password reset. */
  'members.handle': ['owner', 'finance', 'support'],
  /** Deciding money: payouts and rejections, deposits credited by hand, adjustments, and every first or second approval. */
  'money.decide': ['finance'],
  /** Checking the ledger's invariants and the audit chain. */
  'ledger.verify': ['owner', 'finance'],
  /** Creating operators, changing their roles, disabling them, resetting their password or authenticator. */
  'operators.manage': ['owner'],
  /** Uploading an image (stored by content, served under /media/) for a field the operator then edits. */
  'media.upload': ['owner', 'finance', 'support'],
  /** Reading the reports (GGR, deposits and withdrawals, bonus cost, referral, players) and exporting them as CSV. */
  'reports.read': ['owner', 'finance'],
  /** Proposing a change to the referral plan and limits, or turning a proposal down (a second finance operator applies it). */
  'plan.manage': ['owner', 'finance'],
  /** Running scheduled jobs by hand (the referral accrual, the care markers). */
  'jobs.run': ['owner'],
  /** Editing the game catalogue: providers and games, maintenance, the lobby flag, order, images. */
  'catalogue.manage': ['owner', 'support'],
  /** Proposing, changing and retiring pay-in accounts (a second finance operator activates: 'money.decide'). */
  'payin.manage': ['owner', 'finance'],
  /** Drafting, editing, scheduling and disabling promotions (a new version is published by a second operator with money.decide). */
  'promotions.manage': ['owner', 'finance'],
  /** Site settings: title, description, theme colours, logo, favicon, slides and the contact and help links. */
  'site.manage': ['owner', 'support'],
  /** Player care (ADR 090): reading care tasks and recording what was done; the roles that handle members, and compliance. */
  'care.work': ['owner', 'finance', 'support', 'compliance'],
  /** Working AML and fraud cases (issue 39 §2): the inbox, notes, assignment, closing, the report draft; no money. */
  'risk.work': ['owner', 'finance', 'compliance'],
  /** Proposing a change to the risk rules' parameters, or turning one down (a second such operator applies it). */
  'risk.params': ['owner', 'finance', 'compliance'],
} as const satisfies Record<string, readonly OperatorRole[]>

export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS

/** Whether `role` holds `permission`. */
export const mayOperator = (role: OperatorRole | undefined, permission: OperatorPermission): boolean =>
  role !== undefined && (OPERATOR_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role)

/**
 * Ranks for undoing: an operator may undo (unlock) only what an operator of the same or a lower rank did, so support
 * cannot unlock a member that finance or an owner locked, and finance cannot undo an owner's lock.
 */
export const OPERATOR_RANK: Record<OperatorRole, number> = { owner: 3, finance: 2, support: 1, compliance: 1 }

/**
 * What a waiting four-eyes item asks of whoever decides it (ADR 075), as the refusal and the list name it: the action
 * ("อนุมัติรายการเงิน", "เผยแพร่โปรโมชั่น", …) and the role that may decide it.
 */
export type DeskAction = 'money' | 'withdrawal' | 'promotion' | 'plan' | 'site' | 'payin' | 'operator_request' | 'risk_case' | 'risk_params'

/**
 * Whether the signed-in operator may decide a waiting item now (ADR 075), computed on the server by the same money
 * policy the decision asks: `ok` false with the reason in Thai (the action, who must act instead) and, when the
 * refusal ends by itself, the instant it ends (`until`, ISO). Answered with each pending item of a queue.
 */
export const CanDecide = z.object({ ok: z.boolean(), reason: z.string().optional(), until: z.string().optional() })
export type CanDecide = z.infer<typeof CanDecide>

export const SettingsVersionStatus = z.enum(['PENDING', 'APPLIED', 'REJECTED'])

/**
 * One version of a set of settings that one operator proposes and a second applies from a date (the referral plan and
 * the risk rules' parameters): why and by whom (null: the first start's defaults), its review, from when it applies,
 * and on the proposal waiting whether the signed-in operator may approve it now. The settings' own values sit beside.
 */
export const settingsVersionFields = {
  id: z.number().int(),
  status: SettingsVersionStatus,
  reason: z.string(),
  proposed_by: z.string().nullable(),
  proposed_by_id: z.number().int().nullable(),
  ...reviewFields,
  effective_from: z.string().nullable(),
  can_decide: CanDecide.optional(),
}
