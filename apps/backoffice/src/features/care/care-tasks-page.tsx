import { mayOperator, msg, type CareTaskSummary } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { Link } from 'react-router'
import { PagedTable } from '../../components/paged-table.tsx'
import { useToast } from '../../components/toasts.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useEvaluateCareMarkers } from './api/evaluate-care-markers.ts'
import { careTasksQueryOptions, type CareStatus } from './api/get-care-tasks.ts'

const STATUSES: readonly CareStatus[] = ['OPEN', 'CLOSED']

const COLUMNS: ColumnDef<CareTaskSummary, unknown>[] = [
  {
    header: '#',
    cell: ({ row }) => (
      <Link to={`/care/${row.original.id}`}>
        {t('care.open')} #{row.original.id}
      </Link>
    ),
  },
  { header: t('care.member'), cell: ({ row }) => `${row.original.name} · ${row.original.mobile}` },
  { header: t('care.marker'), cell: ({ row }) => row.original.marker_text },
  { header: t('care.openedAt'), cell: ({ row }) => formatDateTimeSeconds(row.original.opened_at) },
  { header: t('care.interactions'), cell: ({ row }) => row.original.interactions },
]

/**
 * Care tasks (issue 39 §4, ADR 090): each a marker of harm seen on one player (net deposits or losses at a threshold,
 * night deposits, play after a returned withdrawal, declined deposits, a limit raised after hitting it), the oldest
 * open first. Kept apart from anti-money-laundering cases: a care task never holds money. Each opens its task page.
 * Those who run jobs (`jobs.run`) may have the markers checked now instead of at the job's next minute.
 */
export function CareTasksPage() {
  const [status, setStatus] = useState<CareStatus>('OPEN')
  const me = useOperator()
  const evaluate = useEvaluateCareMarkers()
  const toast = useToast()
  const mayEvaluate = mayOperator(me.data?.role, 'jobs.run')
  return (
    <section className="panel">
      <h1 className="panel__title">{t('care.title')}</h1>
      <p className="muted">{t('care.lead')}</p>
      {mayEvaluate && (
        <div className="row-actions care-check">
          <button
            type="button"
            className="button"
            disabled={evaluate.isPending}
            onClick={() =>
              evaluate.mutate(undefined, {
                onSuccess: ({ data, message }) => toast(message ?? msg('CARE_EVALUATED', data)),
                onError: (e) => toast(errorText(e), 'error'),
              })
            }
          >
            {t('care.evaluate')}
          </button>
          <span className="muted">{t('care.evaluateHint')}</span>
        </div>
      )}
      <ToggleTabs label={t('care.status')} options={STATUSES} value={status} text={(s) => t(`care.status.${s}`)} onChange={setStatus} />
      <PagedTable caption={t(`care.status.${status}`)} columns={COLUMNS} query={(page) => careTasksQueryOptions(status, page)} filter={status} />
    </section>
  )
}
