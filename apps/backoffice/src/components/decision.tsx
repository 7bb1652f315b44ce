import type { CanDecide } from '@sanam/contract'
import type { ColumnDef } from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'
import { errorText } from '../lib/api-client.ts'
import { t } from '../lib/i18n/th.ts'
import { FormDialog } from './dialog.tsx'
import { TextField } from './fields.tsx'
import { useToast } from './toasts.tsx'

/** The queues an operator approves or rejects items of; their texts are `<queue>.approve`, `<queue>.rejectTitle`, …. */
type Queue = 'approvals' | 'withdrawals'
export type Decision<T> = { kind: 'approve' | 'reject'; item: T }

/**
 * A queue's decision: the one whose dialog is open, and what a sent decision does (its message as a toast and the
 * dialog closed; a refusal as an error toast, the dialog left open).
 */
export function useDecision<T>() {
  const toast = useToast()
  const [decision, setDecision] = useState<Decision<T>>()
  const decided = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setDecision(undefined)
    },
    onError: (failure: unknown) => toast(errorText(failure), 'error'),
  }
  return { decision, open: setDecision, close: () => setDecision(undefined), decided }
}

/** Why approving an item is not allowed: with a reason shown under the buttons, or just disabled (true). */
type Blocked = { id: string; text: string } | boolean | undefined

/**
 * Whether the signed-in operator may decide an item now, as the server said it with the item (ADR 075): the web app
 * never works the rule out itself. An item the server said nothing of (decided, or not a queue's) is not blocked.
 */
export const mayDecide = (can: CanDecide | undefined) => can?.ok !== false

/** Approving blocked as the server said, with its reason (the action, until when, who acts instead) under the buttons. */
export const blockedBy = (id: string, can: CanDecide | undefined): Blocked => (mayDecide(can) ? undefined : { id, text: can?.reason ?? '' })

/** The server's reason the signed-in operator may not decide an item now, for `aria-describedby` of its buttons. */
export function DecideNote({ id, can }: { id: string; can: CanDecide | undefined }) {
  if (mayDecide(can)) return null
  return (
    <span id={id} className="cell-note state--warn">
      {can?.reason}
    </span>
  )
}

/** A queue's actions column: each row's approve and reject buttons; `blocked` says when approving is not allowed. */
export function decisionColumn<T extends { id: number }>(
  queue: Queue,
  onDecide: (decision: Decision<T>) => void,
  blocked: (item: T) => Blocked,
): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: t('common.actions'),
    cell: ({ row }) => <DecisionButtons queue={queue} item={row.original} onDecide={onDecide} blocked={blocked(row.original)} />,
  }
}

/** A queue row's approve and reject buttons, each naming the item's `#id`; approving may be blocked, with the reason. */
function DecisionButtons<T extends { id: number }>(props: { queue: Queue; item: T; onDecide: (decision: Decision<T>) => void; blocked: Blocked }) {
  const { queue, item, blocked } = props
  const hint = typeof blocked === 'object' ? blocked : undefined
  return (
    <span className="row-actions">
      <button
        type="button"
        className="button"
        disabled={blocked !== undefined && blocked !== false}
        aria-describedby={hint?.id}
        onClick={() => props.onDecide({ kind: 'approve', item })}
      >
        {t(`${queue}.approve`)} #{item.id}
      </button>
      <button type="button" className="button button--danger" onClick={() => props.onDecide({ kind: 'reject', item })}>
        {t(`${queue}.reject`)} #{item.id}
      </button>
      {hint && <DecideNote id={hint.id} can={{ ok: false, reason: hint.text }} />}
    </span>
  )
}

/** The dialog that sends a decision: its title (with `title` after it), lead and button from the queue's texts. */
export function DecisionDialog(props: {
  queue: Queue
  kind: Decision<unknown>['kind']
  title: string
  busy: boolean
  onSubmit: (fields: Record<string, string>) => void
  onClose: () => void
  children: ReactNode
}) {
  const { queue, kind } = props
  return (
    <FormDialog
      title={`${t(`${queue}.${kind}Title`)} ${props.title}`}
      lead={t(`${queue}.${kind}Lead`)}
      submitLabel={t(`${queue}.${kind}`)}
      danger={kind === 'reject'}
      busy={props.busy}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {props.children}
    </FormDialog>
  )
}

/**
 * The approve and reject buttons of the one version waiting for a second operator (the plan, the site's content, the
 * risk rules' parameters),
 * each naming its `#id`; approving is blocked, with the server's reason, when its `can_decide` says so (ADR 075). Their texts are
 * `<screen>.approve` and `<screen>.reject`; `children` are further notes in the same row.
 */
export function PendingVersionButtons(props: {
  screen: 'plan' | 'site' | 'riskParams'
  pending: { id: number; can_decide?: CanDecide | undefined }
  mayApprove: boolean
  mayReject: boolean
  onDecide: (kind: Decision<unknown>['kind']) => void
  children?: ReactNode
}) {
  const { screen } = props
  const { id, can_decide: can } = props.pending
  const blocked = !mayDecide(can)
  const hint = `${screen}-decide-hint`
  return (
    <div className="row-actions">
      {props.mayApprove && (
        <button type="button" className="button" disabled={blocked} aria-describedby={blocked ? hint : undefined} onClick={() => props.onDecide('approve')}>
          {t(`${screen}.approve`)} #{id}
        </button>
      )}
      {props.mayReject && (
        <button type="button" className="button button--danger" onClick={() => props.onDecide('reject')}>
          {t(`${screen}.reject`)} #{id}
        </button>
      )}
      {props.mayApprove && <DecideNote id={hint} can={can} />}
      {props.children}
    </div>
  )
}

/** What a version's decision is told: the server's message, or the refusal. */
type Decided = { onSuccess: (answer: { message: string | undefined }) => void; onError: (failure: unknown) => void }

/**
 * A page of versions under two keys: which decision's dialog is open, and the proposal form's key (a new form, at the
 * values then in force, once a decision or a proposal went through).
 */
export function usePendingVersion() {
  const [deciding, setDeciding] = useState<Decision<unknown>['kind']>()
  const [formKey, setFormKey] = useState(0)
  return {
    deciding,
    decide: setDeciding,
    close: () => setDeciding(undefined),
    formKey,
    renewForm: () => setFormKey((k) => k + 1),
  }
}
export type PendingVersion = ReturnType<typeof usePendingVersion>

/**
 * The dialog that approves or rejects the one version waiting (the plan, the risk rules' parameters), while `state`
 * has one open: title, lead and button from `<screen>.approveTitle`, `.approveLead`, `.approve`, `.rejectTitle`,
 * `.reject`; a reject asks for `<screen>.rejectReason`. Once the server took it: its message, the dialog closed, a new form.
 */
export function PendingVersionDialog(props: {
  screen: 'plan' | 'riskParams'
  pendingId: number
  state: PendingVersion
  approve: { mutate: (variables: { id: number }, decided: Decided) => void; isPending: boolean }
  reject: { mutate: (variables: { id: number; reason: string }, decided: Decided) => void; isPending: boolean }
}) {
  const { screen, pendingId: id, state } = props
  const kind = state.deciding
  const toast = useToast()
  if (!kind) return null
  const decided: Decided = {
    onSuccess: ({ message }) => {
      if (message) toast(message)
      state.close()
      state.renewForm()
    },
    onError: (failure) => toast(errorText(failure), 'error'),
  }
  return (
    <FormDialog
      title={`${t(kind === 'approve' ? `${screen}.approveTitle` : `${screen}.rejectTitle`)} #${id}`}
      lead={kind === 'approve' ? t(`${screen}.approveLead`) : undefined}
      submitLabel={t(kind === 'approve' ? `${screen}.approve` : `${screen}.reject`)}
      danger={kind === 'reject'}
      busy={props.approve.isPending || props.reject.isPending}
      onSubmit={(fields) => (kind === 'approve' ? props.approve.mutate({ id }, decided) : props.reject.mutate({ id, reason: fields.reason ?? '' }, decided))}
      onClose={state.close}
    >
      {kind === 'reject' && <TextField required label={t(`${screen}.rejectReason`)} name="reason" maxLength={500} />}
    </FormDialog>
  )
}

/** A value in force and, beside it when a version waits, the proposed one, marked `changedLabel` when it differs. */
export function ProposedValueCells(props: { now: string; proposed?: string | undefined; changed: boolean; changedLabel: string }) {
  return (
    <>
      <td className="amount">{props.now}</td>
      {props.proposed !== undefined && (
        <td className={`amount ${props.changed ? 'state--warn' : ''}`}>
          {props.proposed}
          {props.changed && <span className="cell-note">{props.changedLabel}</span>}
        </td>
      )}
    </>
  )
}
