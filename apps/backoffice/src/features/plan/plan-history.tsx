import { formatBaht, formatDateTimeSeconds, formatProgressPercent } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { t } from '../../lib/i18n/th.ts'
import type { PlanVersion } from '@sanam/contract'
import { TitledSection } from '../../components/titled-section.tsx'

/** Every version of the plan: its status, since when, who proposed and decided it, its rates and limits. */
export function PlanHistory({ history }: { history: PlanVersion[] }) {
  const columns = useMemo<ColumnDef<PlanVersion, unknown>[]>(
    () => [
      { header: '#', cell: ({ row }) => `#${row.original.id}` },
      { header: t('plan.status'), cell: ({ row }) => t(`plan.status.${row.original.status}`) },
      {
        header: t('plan.since'),
        cell: ({ row }) =>
          row.original.status !== 'APPLIED'
            ? '–'
            : row.original.proposed_by_id === null
              ? t('plan.sinceStart')
              : formatDateTimeSeconds(row.original.effective_from),
      },
      {
        header: t('plan.proposedBy'),
        cell: ({ row }) => (
          <span>
            {row.original.proposed_by ?? '–'}
            {/* The first version's reason is the server's own note; its "since" cell says where it came from. */}
            {row.original.proposed_by_id !== null && <span className="cell-note">{row.original.reason}</span>}
          </span>
        ),
      },
      {
        header: t('plan.decidedBy'),
        cell: ({ row }) => (
          <span>
            {row.original.decided_by ?? '–'}
            {row.original.reject_reason && <span className="cell-note">{row.original.reject_reason}</span>}
          </span>
        ),
      },
      {
        header: t('plan.group.referral'),
        cell: ({ row }) =>
          `${formatProgressPercent(row.original.level1_percent)} / ${formatProgressPercent(row.original.level2_percent)} / ${formatProgressPercent(row.original.level3_percent)} · ${formatProgressPercent(row.original.rebate_percent)}`,
      },
      {
        header: t('plan.group.limits'),
        cell: ({ row }) => `${formatBaht(row.original.deposit_min)} / ${formatBaht(row.original.withdraw_min)} / ${formatBaht(row.original.four_eyes_above)}`,
      },
    ],
    [],
  )
  return (
    <TitledSection className="panel" titleClassName="panel__title" title={t('plan.history')}>
      <DataTable caption={t('plan.history')} columns={columns} rows={history} loading={false} />
    </TitledSection>
  )
}
