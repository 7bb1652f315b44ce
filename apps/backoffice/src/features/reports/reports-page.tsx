import { REPORT_IDS, REPORTS, type ReportColumn, type ReportId } from '@sanam/contract'
import { formatBaht, formatDay, formatWhole } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { lazy, Suspense, useMemo, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { SelectField } from '../../components/fields.tsx'
import { DataTable } from '../../components/data-table.tsx'
import { DateRangeFields } from '../../components/date-range-fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { bangkokDay } from '@sanam/contract/bangkok'
import { t } from '../../lib/i18n/th.ts'
import { useDownloadReport } from './api/download-report.ts'
import { useReport, type ReportTable } from './api/get-report.ts'

// The chart library (recharts) is loaded with the chart, in a chunk of its own, after the figures are on screen.
const ReportChart = lazy(() => import('./report-chart.tsx').then((m) => ({ default: m.ReportChart })))

type Row = ReportTable['rows'][number]

const isReport = (value: string | null): value is ReportId => REPORT_IDS.includes(value as ReportId)

/** A cell as the operator reads it: Thai money, whole numbers, Thai dates, '–' for none. */
export function cellText(column: ReportColumn, value: Row[string] | undefined): string {
  if (value === null || value === undefined || value === '') return '–'
  if (column.type === 'money') return formatBaht(Number(value))
  if (column.type === 'count') return formatWhole(Number(value))
  if (column.type === 'day') return formatDay(String(value))
  return String(value)
}

/**
 * The reports (issue 20 §5): pick a report and a range of Bangkok days (this month so far at first), read its totals,
 * chart and rows, and download the same rows as CSV. The choice lives in the address, so a report can be linked.
 */
export function ReportsPage() {
  const today = bangkokDay(new Date())
  const [params, setParams] = useSearchParams()
  const report = isReport(params.get('report')) ? (params.get('report') as ReportId) : REPORT_IDS[0]
  const range = { from: params.get('from') ?? `${today.slice(0, 8)}01`, to: params.get('to') ?? today }
  const table = useReport(report, range)
  const download = useDownloadReport()
  const toast = useToast()
  const definition = REPORTS[report]
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () =>
      definition.columns.map((column) => ({
        id: column.key,
        header: column.label,
        cell: ({ row }) => (
          <span className={column.type === 'money' || column.type === 'count' ? 'amount' : undefined}>{cellText(column, row.original[column.key])}</span>
        ),
      })),
    [definition],
  )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setParams({ report: String(form.get('report')), from: String(form.get('from')), to: String(form.get('to')) })
  }
  const save = () =>
    download.mutate(
      { report, range },
      { onSuccess: (name) => toast(`${t('reports.downloaded')} ${name}`), onError: (error) => toast(errorText(error), 'error') },
    )
  const totals = definition.columns.filter((c) => c.type === 'money' || c.type === 'count')
  return (
    <section className="panel">
      <h1 className="panel__title">{t('reports.title')}</h1>
      <p className="muted">{t('reports.lead')}</p>
      <form className="filters" onSubmit={submit} key={`${report}-${range.from}-${range.to}`}>
        <SelectField
          className="filters__wide"
          label={t('reports.report')}
          name="report"
          defaultValue={report}
          options={REPORT_IDS.map((id) => ({ value: id, text: REPORTS[id].title }))}
        />
        <DateRangeFields value={range} required />
        <button type="submit" className="button">
          {t('reports.show')}
        </button>
        <button type="button" className="button button--ghost" onClick={save} disabled={download.isPending || table.isError}>
          {download.isPending ? t('reports.downloading') : t('reports.download')}
        </button>
      </form>
      <h2 className="detail__title">
        {definition.title} · {formatDay(range.from)} – {formatDay(range.to)}
      </h2>
      {table.isError ? (
        <p className="form__error" role="alert">
          {errorText(table.error)}
        </p>
      ) : (
        <>
          <ul className="cards" aria-label={t('reports.totals')}>
            {totals.map((column) => (
              <li key={column.key} className="card">
                <span className="card__label">{column.label}</span>
                <span className="card__value amount">{table.data ? cellText(column, table.data.totals[column.key]) : '…'}</span>
              </li>
            ))}
          </ul>
          {table.data && table.data.report === report && table.data.rows.length > 0 && (
            <Suspense fallback={<p className="muted">{t('reports.chartLoading')}</p>}>
              <ReportChart report={report} rows={table.data.rows} />
            </Suspense>
          )}
          <DataTable
            caption={definition.title}
            columns={columns}
            rows={table.data?.report === report ? table.data.rows : undefined}
            loading={table.isFetching}
          />
        </>
      )}
    </section>
  )
}
