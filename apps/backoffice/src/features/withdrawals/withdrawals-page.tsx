import type { BackofficeWithdrawal } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { blockedBy, decisionColumn, DecisionDialog, useDecision, type Decision } from '../../components/decision.tsx'
import { TextField } from '../../components/fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useApproveWithdrawal } from './api/approve-withdrawal.ts'
import { withdrawalsQueryOptions, type WithdrawalStatus } from './api/get-withdrawals.ts'
import { useRejectWithdrawal } from './api/reject-withdrawal.ts'
import { WithdrawalContextFacts } from './withdrawal-context.tsx'
import { payoutBankQueryOptions } from './api/get-payout-bank.ts'

const STATUSES: readonly WithdrawalStatus[] = ['PENDING', 'PAYING', 'PAYOUT_HELD', 'OUTCOME_UNKNOWN', 'SUCCESS', 'FAIL', 'CANCEL']

/** The withdrawal queue: pending first; approve with the payout reference, or reject with a reason (money roles only). */
export function WithdrawalsPage() {
  const me = useOperator()
  const [status, setStatus] = useState<WithdrawalStatus>('PENDING')
  const { decision, open, close, decided } = useDecision<BackofficeWithdrawal>()
  const approve = useApproveWithdrawal()
  const reject = useRejectWithdrawal()
  // With a payout bank (ADR 081) an approval sends the payout to the bank: no reference is typed.
  const throughBank = Boolean(useQuery(payoutBankQueryOptions()).data?.bank)
  const decide = ({ kind, item }: Decision<BackofficeWithdrawal>, fields: Record<string, string>) =>
    kind === 'approve'
      ? approve.mutate(throughBank ? { id: item.id } : { id: item.id, payout_ref: fields.payout_ref ?? '' }, decided)
      : reject.mutate({ id: item.id, reason: fields.reason ?? '' }, decided)
  const canDecide = movesMoney(me.data?.role)

  const columns = useMemo<ColumnDef<BackofficeWithdrawal, unknown>[]>(
    () => [
      { header: t('withdrawals.id'), accessorKey: 'id' },
      { header: t('withdrawals.member'), accessorKey: 'mobile' },
      { header: t('withdrawals.amount'), cell: ({ row }) => <span className="amount">{formatBaht(row.original.amount)}</span> },
      { header: t('withdrawals.bank'), cell: ({ row }) => `${row.original.bank_code} · ${row.original.bank_account}` },
      { header: t('withdrawals.created'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
      ...(status === 'PENDING'
        ? ([{ header: t('withdrawals.context'), cell: ({ row }) => <WithdrawalContextFacts context={row.original.context} compact /> }] satisfies ColumnDef<
            BackofficeWithdrawal,
            unknown
          >[])
        : []),
      {
        header: t('withdrawals.approvals'),
        cell: ({ row }) => {
          const { approvals, needs_second_approval: fourEyes, status: state } = row.original
          if (approvals.length === 0) return fourEyes ? <span className="state state--warn">{t('withdrawals.fourEyes')}</span> : '–'
          return (
            <span>
              {approvals.map((a) => a.username).join(', ')}
              {fourEyes && state === 'PENDING' && approvals.length < 2 && <span className="state state--warn"> · {t('withdrawals.awaitingSecond')}</span>}
            </span>
          )
        },
      },
      ...(status === 'PENDING'
        ? canDecide
          ? [
              // The server says who may approve each withdrawal, and why not (ADR 075): four-eyes, the first 24 hours.
              decisionColumn<BackofficeWithdrawal>('withdrawals', open, (item) => blockedBy(`withdrawal-${item.id}-hint`, item.can_decide)),
            ]
          : []
        : ([
            { header: t('withdrawals.decided'), cell: ({ row }) => formatDateTimeSeconds(row.original.decided_at) },
            { header: t('withdrawals.result'), cell: ({ row }) => row.original.payout_ref ?? row.original.reason ?? '–' },
          ] satisfies ColumnDef<BackofficeWithdrawal, unknown>[])),
    ],
    [status, canDecide],
  )

  return (
    <section className="panel">
      <h1 className="panel__title">{t('withdrawals.title')}</h1>
      <ToggleTabs label={t('withdrawals.status')} options={STATUSES} value={status} text={(s) => t(`withdrawals.status.${s}`)} onChange={setStatus} />
      <PagedTable caption={t('withdrawals.title')} columns={columns} filter={status} query={(page) => withdrawalsQueryOptions(status, page)} />
      {decision && (
        <DecisionDialog
          queue="withdrawals"
          kind={decision.kind}
          title={`#${decision.item.id} · ${formatBaht(decision.item.amount)}`}
          busy={approve.isPending || reject.isPending}
          onSubmit={(fields) => decide(decision, fields)}
          onClose={close}
        >
          <WithdrawalContextFacts context={decision.item.context} />
          {decision.kind === 'approve' ? (
            throughBank ? (
              <p className="muted">{t('withdrawals.approveLeadBank')}</p>
            ) : (
              <TextField required label={t('withdrawals.payoutRef')} name="payout_ref" maxLength={128} />
            )
          ) : (
            <TextField required label={t('withdrawals.reason')} name="reason" maxLength={500} />
          )}
        </DecisionDialog>
      )}
    </section>
  )
}
