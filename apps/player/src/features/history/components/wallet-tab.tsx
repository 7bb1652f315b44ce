import { useEffect, useState } from 'react'
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-state.tsx'
import { Pager } from '../../../components/pager.tsx'
import { StatusBadge } from '../../../components/status-badge.tsx'
import { formatBaht, formatDateTime } from '../../../lib/format.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useWalletHistoriesQuery } from '../api/get-wallet-histories.ts'

const TYPE_LABEL: Record<string, string> = { DEPOSIT: t('action.deposit'), WITHDRAW: t('action.withdraw') }

/** Spec §2 History deposit-withdraw tab: type, amount, status in its colour and the Buddhist-era date, paged. */
export function WalletTab() {
  const [page, setPage] = useState(0)
  const history = useWalletHistoriesQuery(page)

  // Spec §8: a failed history load is logged (and shown with a retry); it does not end the session.
  useEffect(() => {
    if (history.error) console.warn('wallet history could not be loaded', history.error)
  }, [history.error])

  if (history.isPending) return <LoadingState />
  if (history.isError && !history.data) return <ErrorState onRetry={() => void history.refetch()} />
  const { list, size, total } = history.data
  if (list.length === 0 && page === 0) return <EmptyState />
  return (
    <>
      <div className="card table-card">
        <table className="data-table" aria-label={t('history.walletTable')} aria-busy={history.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{t('history.col.type')}</th>
              <th scope="col" className="data-table__number">
                {t('history.col.amount')}
              </th>
              <th scope="col">{t('history.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <td>
                  {TYPE_LABEL[item.txtype] ?? item.txtype}
                  <span className="data-table__sub">{formatDateTime(item.created_at)}</span>
                </td>
                <td className="data-table__number">{formatBaht(item.txamount)}</td>
                <td>
                  <StatusBadge status={item.txstatus} />
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
