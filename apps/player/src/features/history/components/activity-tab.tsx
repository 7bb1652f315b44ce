import { PagedListTable } from '../../../components/paged-table.tsx'
import { PromotionStatusBadge } from '../../../components/status-badge.tsx'
import { formatBahtWord } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import { usePromotionHistoriesQuery } from '../api/get-promotion-histories.ts'

/** Spec §2 History activity tab: the promotions taken part in (description, bonus, status), paged. */
export function ActivityTab() {
  return (
    <PagedListTable
      label={t('history.activityTable')}
      usePage={usePromotionHistoriesQuery}
      columns={[
        { header: t('history.col.description'), cell: (item) => item.description },
        { header: t('history.col.bonus'), numeric: true, cell: (item) => formatBahtWord(item.bonus) },
        { header: t('history.col.status'), cell: (item) => <PromotionStatusBadge status={item.status} /> },
      ]}
    />
  )
}
