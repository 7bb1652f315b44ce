import { AUDIT_ACTIONS, auditActionText, isAuditAction, type AuditEntryView } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { SelectField, TextField } from '../../components/fields.tsx'
import { DateRangeFields } from '../../components/date-range-fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { SearchForm } from '../../components/search-form.tsx'
import { useOperators } from '../../lib/api/get-operators.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useAuditActions } from './api/get-audit-actions.ts'
import { auditEntriesQueryOptions } from './api/get-audit-entries.ts'
import { AuditChange } from './audit-change.tsx'

type Filter = Record<'operator_id' | 'action' | 'member' | 'from' | 'to', string>
const NO_FILTER: Filter = { operator_id: '', action: '', member: '', from: '', to: '' }

const TARGETS = [
  'member',
  'operator',
  'operator_username',
  'operator_request',
  'deposit',
  'deposit_exception',
  'withdrawal',
  'payin_account',
  'promotion',
  'plan_version',
  'site',
  'site_content_version',
  'media',
  'provider',
  'game',
  'accrual_day',
]
/** A target in Thai (`สมาชิก #41`); a type this screen does not know, as it is. */
const targetText = (type: string, id: string) => `${TARGETS.includes(type) ? t(`audit.target.${type}` as MessageKey) : type} #${id}`

/** The audit log, newest first, in Thai words, filtered by operator, action, member and Bangkok dates. */
export function AuditPage() {
  const me = useOperator()
  const [filter, setFilter] = useState<Filter>(NO_FILTER)
  const actions = useAuditActions()
  // Only owners may list operators; others filter by id through the entries they see.
  const operators = useOperators({ enabled: me.data?.role === 'owner' })
  const columns = useMemo<ColumnDef<AuditEntryView, unknown>[]>(
    () => [
      { header: t('audit.at'), cell: ({ row }) => <span className="nowrap">{formatDateTimeSeconds(row.original.at)}</span> },
      { header: t('audit.operator'), cell: ({ row }) => row.original.operator_username ?? t('audit.system') },
      {
        header: t('audit.action'),
        cell: ({ row }) => (
          <span className="audit-action" title={row.original.action}>
            {auditActionText(row.original.action)}
          </span>
        ),
      },
      { header: t('audit.target'), cell: ({ row }) => <span className="nowrap">{targetText(row.original.target_type, row.original.target_id)}</span> },
      { header: t('audit.change'), cell: ({ row }) => <AuditChange before={row.original.before} after={row.original.after} /> },
      { header: t('audit.ip'), cell: ({ row }) => row.original.ip ?? '–' },
    ],
    [],
  )
  const search = (values: Record<string, string>) => setFilter(Object.fromEntries(Object.keys(NO_FILTER).map((key) => [key, values[key] ?? ''])) as Filter)
  // The actions the log holds, in the catalogue's order, named in Thai.
  const written = new Set(actions.data?.list ?? [])
  const actionOptions = [...Object.keys(AUDIT_ACTIONS).filter((a) => written.has(a)), ...[...written].filter((a) => !(a in AUDIT_ACTIONS))]
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
          <TextField label={t('audit.operatorId')} name="operator_id" inputMode="numeric" pattern="\d*" maxLength={15} />
        )}
        <SelectField
          label={t('audit.action')}
          name="action"
          defaultValue=""
          options={[{ value: '', text: t('audit.allActions') }, ...actionOptions.map((a) => ({ value: a, text: auditActionText(a) }))]}
        />
        <TextField label={t('audit.memberId')} name="member" maxLength={15} />
        <DateRangeFields />
      </SearchForm>
      <PagedTable
        caption={t('audit.title')}
        columns={columns}
        filter={filter}
        query={(page) => auditEntriesQueryOptions({ ...filter, action: isAuditAction(filter.action) ? filter.action : undefined, page: String(page) })}
      />
    </section>
  )
}
