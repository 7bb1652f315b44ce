import type { Page, UnmatchedDeposit } from '@sanam/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { Field, FormDialog } from '../../components/dialog.tsx'
import { Pager } from '../../components/pager.tsx'
import { useToast } from '../../components/toasts.tsx'
import { api, get } from '../../lib/api.ts'
import { formatBaht, formatDateTime } from '../../lib/format.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'

/**
 * Transfers the bank feed could not match to a member: assign one to a member (once), or credit a transfer that never
 * came through the feed by hand, with its bank reference and a mandatory note.
 */
export function DepositsPage() {
  const me = useOperator()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(0)
  const [assigning, setAssigning] = useState<UnmatchedDeposit>()
  const [manual, setManual] = useState(false)
  const list = useQuery({
    queryKey: ['unmatched', page],
    queryFn: () => get<Page<UnmatchedDeposit>>(`/backoffice/deposits/unmatched?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  })
  const done = async ({ message }: { message: string | undefined }) => {
    if (message) toast(message)
    setAssigning(undefined)
    setManual(false)
    await queryClient.invalidateQueries({ queryKey: ['unmatched'] })
  }
  const assign = useMutation({
    mutationFn: ({ id, mobile }: { id: number; mobile: string }) => api(`/backoffice/deposits/${id}/assign`, { method: 'POST', body: { mobile } }),
    onSuccess: done,
  })
  const credit = useMutation({
    mutationFn: (fields: Record<string, string>) =>
      api('/backoffice/deposits/manual', {
        method: 'POST',
        body: { mobile: fields.mobile, amount: Number(fields.amount), bank_ref: fields.bank_ref, note: fields.note },
      }),
    onSuccess: done,
  })
  const canCredit = movesMoney(me.data?.role)

  const columns = useMemo<ColumnDef<UnmatchedDeposit, unknown>[]>(
    () => [
      { header: t('deposits.occurred'), cell: ({ row }) => formatDateTime(row.original.occurred_at) },
      { header: t('deposits.amount'), cell: ({ row }) => <span className="amount">{formatBaht(row.original.amount)}</span> },
      {
        header: t('deposits.from'),
        cell: ({ row }) => `${row.original.from_bank_code} · ${row.original.from_account}${row.original.from_name ? ` · ${row.original.from_name}` : ''}`,
      },
      { header: t('deposits.to'), accessorKey: 'to_account' },
      { header: t('deposits.note'), cell: ({ row }) => row.original.note ?? '–' },
      ...(canCredit
        ? [
            {
              id: 'actions',
              header: t('common.actions'),
              cell: ({ row }) => (
                <button type="button" className="button" onClick={() => setAssigning(row.original)}>
                  {t('deposits.assign')} #{row.original.id}
                </button>
              ),
            } satisfies ColumnDef<UnmatchedDeposit, unknown>,
          ]
        : []),
    ],
    [canCredit],
  )

  return (
    <section className="panel">
      <div className="panel__head">
        <h1 className="panel__title">{t('deposits.title')}</h1>
        {canCredit && (
          <button type="button" className="button" onClick={() => setManual(true)}>
            {t('deposits.manualTitle')}
          </button>
        )}
      </div>
      <p className="muted">{t('deposits.lead')}</p>
      <DataTable caption={t('deposits.title')} columns={columns} rows={list.data?.list} loading={list.isPending} />
      {list.data && <Pager page={page} size={list.data.size} total={list.data.total} onPage={setPage} />}
      {assigning && (
        <FormDialog
          title={`${t('deposits.assignTitle')} · ${formatBaht(assigning.amount)}`}
          submitLabel={t('deposits.assign')}
          busy={assign.isPending}
          error={assign.error?.message}
          onSubmit={(fields) => assign.mutate({ id: assigning.id, mobile: fields.mobile ?? '' })}
          onClose={() => {
            setAssigning(undefined)
            assign.reset()
          }}
        >
          <Field label={t('deposits.mobile')} name="mobile" inputMode="numeric" maxLength={10} pattern="0[689]\d{8}" />
        </FormDialog>
      )}
      {manual && (
        <FormDialog
          title={t('deposits.manualTitle')}
          lead={t('deposits.manualLead')}
          submitLabel={t('deposits.manualSubmit')}
          busy={credit.isPending}
          error={credit.error?.message}
          onSubmit={(fields) => credit.mutate(fields)}
          onClose={() => {
            setManual(false)
            credit.reset()
          }}
        >
          <Field label={t('deposits.mobile')} name="mobile" inputMode="numeric" maxLength={10} pattern="0[689]\d{8}" />
          <Field label={t('deposits.amount')} name="amount" inputMode="numeric" pattern="\d+(\.\d{1,2})?" maxLength={12} />
          <Field label={t('deposits.bankRef')} name="bank_ref" maxLength={128} />
          <Field label={t('deposits.manualNote')} name="note" maxLength={500} />
        </FormDialog>
      )}
    </section>
  )
}
