import type { AuditEntryView } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { SelectField, TextField } from '../../components/fields.tsx'
import { DateRangeFields } from '../../components/date-range-fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { SearchForm } from '../../components/search-form.tsx'
import { useOperators } from '../../lib/api/get-operators.ts'
import { t } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useAuditActions } from './api/get-audit-actions.ts'
import { auditEntriesQueryOptions } from './api/get-audit-entries.ts'

type Filter = Record<'operator_id' | 'action' | 'target_type' | 'target_id' | 'from' | 'to', string>
const NO_FILTER: Filter = { operator_id: '', action: '', target_type: '', target_id: '', from: '', to: '' }

const showJson = (value: unknown) => (value === null || value === undefined ? '–' : JSON.stringify(value))

/** The audit log, newest first, filtered by operator, action, target and Bangkok dates. */
export function AuditPage() {
  const me = useOperator()
  const [filter, setFilter] = useState<Filter>(NO_FILTER)
  const actions = useAuditActions()
  // Only owners may list operators; others filter by id through the entries they see.
  const operators = useOperators({ enabled: me.data?.role === 'owner' })
  const columns = useMemo<ColumnDef<AuditEntryView, unknown>[]>(
    () => [
      { header: t('audit.at'), cell: ({ row }) => formatDateTimeSeconds(row.original.at) },
      { header: t('audit.operator'), cell: ({ row }) => row.original.operator_username ?? t('audit.system') },
      { header: t('audit.action'), cell: ({ row }) => <code>{row.original.action}</code> },
      { header: t('audit.target'), cell: ({ row }) => `${row.original.target_type} #${row.original.target_id}` },
      {
        header: t('audit.change'),
        cell: ({ row }) => (
          <span className="change">
            <code>{showJson(row.original.before)}</code> → <code>{showJson(row.original.after)}</code>
          </span>
        ),
      },
      { header: t('audit.ip'), cell: ({ row }) => row.original.ip ?? '–' },
    ],
    [],
  )
  const search = (values: Record<string, string>) => setFilter(Object.fromEntries(Object.keys(NO_FILTER).map((key) => [key, values[key] ?? ''])) as Filter)
  return (
    <section className="panel">
      <h1 className="panel__title">{t('audit.title')}</h1>
      <p className="muted">{t('audit.lead')}</p>
      <SearchForm onSearch={search}>
        {operators.data ? (
          <SelectField
            label={t('audit.operator')}
            name="operator_id"
            defaultValue=""
            options={[{ value: '', text: t('audit.allOperators') }, ...operators.data.list.map((o) => ({ value: String(o.id), text: o.username }))]}
          />
        ) : (
          <TextField label={t('audit.operator')} name="operator_id" inputMode="numeric" pattern="\d*" />
        )}
        <SelectField
          label={t('audit.action')}
          name="action"
          defaultValue=""
          options={[{ value: '', text: t('audit.allActions') }, ...(actions.data?.list ?? []).map((a) => ({ value: a, text: a }))]}
        />
        <TextField label={t('audit.targetType')} name="target_type" maxLength={64} />
        <TextField label={t('audit.targetId')} name="target_id" maxLength={64} />
        <DateRangeFields />
      </SearchForm>
      <PagedTable caption={t('audit.title')} columns={columns} filter={filter} query={(page) => auditEntriesQueryOptions({ ...filter, page: String(page) })} />
    </section>
  )
}
