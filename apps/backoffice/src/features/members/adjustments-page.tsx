import type { Adjustment } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { Field, FormDialog } from '../../components/dialog.tsx'
import { Pager } from '../../components/pager.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useApproveAdjustment } from './api/approve-adjustment.ts'
import { adjustmentsQueryOptions, type AdjustmentsQuery } from './api/get-adjustments.ts'
import { useRejectAdjustment } from './api/reject-adjustment.ts'
import { adjustmentColumns } from './member-history.tsx'

const STATUSES: readonly NonNullable<AdjustmentsQuery['status']>[] = ['PENDING', 'APPLIED', 'REJECTED']

/**
 * Manual adjustments of members' money (issue 12 §5): those above the four-eyes amount wait here for a second
 * operator; the one who asked cannot approve (the server refuses it too). Any money operator may reject.
 */
export function AdjustmentsPage() {
  const me = useOperator()
  const toast = useToast()
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING')
  const [page, setPage] = useState(0)
  const [rejecting, setRejecting] = useState<Adjustment>()
  // Asked again every 15 s: adjustments above the four-eyes amount arrive from other operators.
  const list = useQuery({ ...adjustmentsQueryOptions({ status, page: String(page) }), refetchInterval: 15_000 })
  const approve = useApproveAdjustment()
  const reject = useRejectAdjustment()
  const decided = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setRejecting(undefined)
    },
  }
  const { mutate: approveOne, isPending: approving } = approve
  const canDecide = movesMoney(me.data?.role) && status === 'PENDING'
  const columns = useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      { header: t('adjustments.member'), accessorKey: 'mobile' },
      ...adjustmentColumns,
      ...(canDecide
        ? [
            {
              id: 'actions',
              header: t('common.actions'),
              cell: ({ row }) => (
                <span className="row-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={row.original.requested_by === me.data?.username || approving}
                    onClick={() =>
                      approveOne(
                        { id: row.original.id },
                        { onSuccess: ({ message }) => message && toast(message), onError: (failure) => toast(errorText(failure), 'error') },
                      )
                    }
                  >
                    {t('adjustments.approve')} #{row.original.id}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => setRejecting(row.original)}>
                    {t('adjustments.reject')} #{row.original.id}
                  </button>
                </span>
              ),
            } satisfies ColumnDef<Adjustment, unknown>,
          ]
        : []),
    ],
    [canDecide, me.data?.username, approving, approveOne, toast],
  )
  return (
    <section className="panel">
      <h1 className="panel__title">{t('adjustments.title')}</h1>
      <p className="muted">{t('adjustments.lead')}</p>
      <ToggleTabs
        label={t('adjustments.status')}
        options={STATUSES}
        value={status}
        text={(s) => t(`adjustments.status.${s}`)}
        onChange={(s) => {
          setStatus(s)
          setPage(0)
        }}
      />
      <DataTable caption={t('adjustments.title')} columns={columns} rows={list.data?.list} loading={list.isPending} />
      {list.data && <Pager page={page} size={list.data.size} total={list.data.total} onPage={setPage} />}
      {rejecting && (
        <FormDialog
          title={`${t('adjustments.rejectTitle')} #${rejecting.id} · ${rejecting.mobile}`}
          submitLabel={t('adjustments.reject')}
          danger
          busy={reject.isPending}
          error={reject.error ? errorText(reject.error) : undefined}
          onSubmit={(fields) => reject.mutate({ id: rejecting.id, reason: fields.reason ?? '' }, decided)}
          onClose={() => setRejecting(undefined)}
        >
          <Field label={t('adjustments.rejectReason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
    </section>
  )
}
