import { useEffect, useState } from 'react'
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-state.tsx'
import { Pager } from '../../../components/pager.tsx'
import { PromotionStatusBadge } from '../../../components/status-badge.tsx'
import { formatBahtWord } from '../../../lib/format.ts'
import { t } from '../../../lib/i18n/index.ts'
import { usePromotionHistoriesQuery } from '../api/get-promotion-histories.ts'

/** Spec §2 History activity tab: the promotions taken part in (description, bonus, status), paged. */
export function ActivityTab() {
  const [page, setPage] = useState(0)
  const history = usePromotionHistoriesQuery(page)

  useEffect(() => {
    if (history.error) console.warn('promotion history could not be loaded', history.error)
  }, [history.error])

  if (history.isPending) return <LoadingState />
  if (history.isError && !history.data) return <ErrorState onRetry={() => void history.refetch()} />
  const { list, size, total } = history.data
  if (list.length === 0 && page === 0) return <EmptyState />
  return (
    <>
      <div className="card table-card">
        <table className="data-table" aria-label={t('history.activityTable')} aria-busy={history.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{t('history.col.description')}</th>
              <th scope="col" className="data-table__number">
                {t('history.col.bonus')}
              </th>
              <th scope="col">{t('history.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <td>{item.description}</td>
                <td className="data-table__number">{formatBahtWord(item.bonus)}</td>
                <td>
                  <PromotionStatusBadge status={item.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} size={size} total={total} busy={history.isPlaceholderData} onChange={setPage} />
    </>
  )
}
