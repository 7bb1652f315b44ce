import type { Adjustment, Page } from '@sanam/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { Field, FormDialog } from '../../components/dialog.tsx'
import { Pager } from '../../components/pager.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { api, get } from '../../lib/api.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { adjustmentColumns } from './member-history.tsx'

const STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const

/**
 * Manual adjustments of members' money (issue 12 §5): those above the four-eyes amount wait here for a second
 * operator; the one who asked cannot approve (the server refuses it too). Any money operator may reject.
 */
export function AdjustmentsPage() {
  const me = useOperator()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING')
  const [page, setPage] = useState(0)
  const [rejecting, setRejecting] = useState<Adjustment>()
  const list = useQuery({
    queryKey: ['adjustments', status, page],
    queryFn: () => get<Page<Adjustment>>(`/backoffice/adjustments?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  })
  const decide = useMutation({
    mutationFn: ({ id, reject }: { id: number; reject?: string }) =>
      api<Adjustment>(`/backoffice/adjustments/${id}/${reject === undefined ? 'approve' : 'reject'}`, {
        method: 'POST',
        ...(reject === undefined ? {} : { body: { reason: reject } }),
      }),
    onSuccess: async ({ message }) => {
      if (message) toast(message)
      setRejecting(undefined)
      await queryClient.invalidateQueries({ queryKey: ['adjustments'] })
      await queryClient.invalidateQueries({ queryKey: ['member-history'] })
    },
    onError: (failure) => toast(failure.message, 'error'),
  })
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
                    disabled={row.original.requested_by === me.data?.username || decide.isPending}
                    onClick={() => decide.mutate({ id: row.original.id })}
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
    [canDecide, me.data?.username, decide],
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
          busy={decide.isPending}
          error={decide.error?.message}
          onSubmit={(fields) => decide.mutate({ id: rejecting.id, reject: fields.reason ?? '' })}
          onClose={() => setRejecting(undefined)}
        >
          <Field label={t('adjustments.rejectReason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
    </section>
  )
}
