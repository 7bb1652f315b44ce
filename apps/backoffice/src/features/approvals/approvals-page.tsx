import type { Approval, ApprovalKind } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { blockedBy, decisionColumn, DecisionDialog, useDecision } from '../../components/decision.tsx'
import { TextField } from '../../components/fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { approvalsQueryOptions, type ApprovalsQuery } from '../../lib/api/get-approvals.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useApproveApproval } from './api/approve-approval.ts'
import { useRejectApproval } from './api/reject-approval.ts'
import { decisionNote } from './approval-rules.ts'

const STATUSES: readonly NonNullable<ApprovalsQuery['status']>[] = ['PENDING', 'APPLIED', 'REJECTED']
const KINDS: readonly (ApprovalKind | 'ALL')[] = ['ALL', 'MANUAL_DEPOSIT', 'ASSIGN_DEPOSIT', 'ADJUSTMENT', 'WITHDRAWAL']

/** A signed amount: green to the member, red from the member. */
function Signed({ baht }: { baht: number }) {
  return <span className={`amount ${baht < 0 ? 'state--off' : 'state--in'}`}>{`${baht < 0 ? '−' : '+'}${formatBaht(Math.abs(baht))}`}</span>
}

/** Why it waits: the policy's reasons, each in Thai. */
function Reasons({ item }: { item: Approval }) {
  if (item.reasons.length === 0) return '–'
  return (
    <ul className="reasons">
      {item.reasons.map((r) => (
        <li key={r.code}>{r.text}</li>
      ))}
    </ul>
  )
}

function Decided({ item }: { item: Approval }) {
  const note = decisionNote(item)
  return (
    <span>
      {item.decided_by ?? '–'}
      {item.decided_at && <span className="cell-note">{formatDateTimeSeconds(item.decided_at)}</span>}
      {note && <span className="cell-note">{'key' in note ? t(note.key) : note.text}</span>}
    </span>
  )
}

/**
 * The approvals queue (issue 18 §1, ADR 035): every operator money action that waits for a second, different operator
 * (manual deposits no bank transfer confirms, assignments, adjustments, withdrawal payouts): for whom, how much, who
 * asked, when and why. A money operator approves or rejects with a reason; an action it may not approve (its own, a
 * related operator's, or within its first 24 hours) has its approve button disabled with the server's reason (ADR 075).
 */
export function ApprovalsPage() {
  const me = useOperator()
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING')
  const [kind, setKind] = useState<(typeof KINDS)[number]>('ALL')
  const { decision, open, close, decided } = useDecision<Approval>()
  const approve = useApproveApproval()
  const reject = useRejectApproval()
  const operator = me.data
  const canDecide = movesMoney(operator?.role) && status === 'PENDING'

  const columns = useMemo<ColumnDef<Approval, unknown>[]>(
    () => [
      { header: t('approvals.id'), cell: ({ row }) => `#${row.original.id}` },
      { header: t('approvals.kind'), cell: ({ row }) => <span className="nowrap">{t(`approvals.kind.${row.original.kind}`)}</span> },
      { header: t('approvals.member'), accessorKey: 'mobile' },
      { header: t('approvals.amount'), cell: ({ row }) => <Signed baht={row.original.amount} /> },
      {
        header: t('approvals.reference'),
        cell: ({ row }) => (
          <span>
            {row.original.reference ? <code className="nowrap">{row.original.reference}</code> : '–'}
            {row.original.reason && <span className="cell-note">{row.original.reason}</span>}
          </span>
        ),
      },
      { header: t('approvals.why'), cell: ({ row }) => <Reasons item={row.original} /> },
      {
        header: t('approvals.requestedBy'),
        cell: ({ row }) => (
          <span>
            {row.original.requested_by}
            <span className="cell-note">{formatDateTimeSeconds(row.original.created_at)}</span>
          </span>
        ),
      },
      ...(status === 'PENDING'
        ? canDecide
          ? [
              // The server says who may approve each waiting action, and why not (ADR 075).
              decisionColumn<Approval>('approvals', open, (item) => blockedBy(`approval-${item.id}-hint`, item.can_decide)),
            ]
          : []
        : [{ id: 'decided', header: t('approvals.decidedBy'), cell: ({ row }) => <Decided item={row.original} /> } satisfies ColumnDef<Approval, unknown>]),
    ],
    [status, canDecide],
  )

  const item = decision?.item
  return (
    <section className="panel">
      <h1 className="panel__title">{t('approvals.title')}</h1>
      <p className="muted">{t('approvals.lead')}</p>
      <ToggleTabs label={t('approvals.status')} options={STATUSES} value={status} text={(s) => t(`approvals.status.${s}`)} onChange={setStatus} />
      <ToggleTabs label={t('approvals.kindFilter')} options={KINDS} value={kind} text={(k) => t(`approvals.kind.${k}`)} onChange={setKind} />
      <PagedTable
        caption={t('approvals.title')}
        columns={columns}
        filter={[status, kind]}
        // Asked again every 15 s: other operators' requests and the bank feed's confirmations arrive meanwhile.
        query={(page) => ({ ...approvalsQueryOptions({ status, kind: kind === 'ALL' ? undefined : kind, page: String(page) }), refetchInterval: 15_000 })}
      />
      {decision && item && (
        <DecisionDialog
          queue="approvals"
          kind={decision.kind}
          title={`#${item.id}`}
          busy={approve.isPending || reject.isPending}
          onSubmit={(fields) =>
            decision.kind === 'approve' ? approve.mutate({ id: item.id }, decided) : reject.mutate({ id: item.id, reason: fields.reason ?? '' }, decided)
          }
          onClose={close}
        >
          <dl className="facts">
            <dt>{t('approvals.kind')}</dt>
            <dd>{t(`approvals.kind.${item.kind}`)}</dd>
            <dt>{t('approvals.member')}</dt>
            <dd>{item.mobile}</dd>
            <dt>{t('approvals.amount')}</dt>
            <dd>
              <Signed baht={item.amount} />
            </dd>
            <dt>{t('approvals.reference')}</dt>
            <dd>{item.reference ?? '–'}</dd>
            <dt>{t('approvals.requestedBy')}</dt>
            <dd>
              {item.requested_by} · {formatDateTimeSeconds(item.created_at)}
            </dd>
            <dt>{t('approvals.why')}</dt>
            <dd>
              <Reasons item={item} />
            </dd>
          </dl>
          {decision.kind === 'reject' && <TextField required label={t('approvals.rejectReason')} name="reason" maxLength={500} />}
        </DecisionDialog>
      )}
    </section>
  )
}
