import { PagedListTable } from '../../../components/paged-table.tsx'
import { StatusBadge } from '../../../components/status-badge.tsx'
import { formatBaht, formatDateTime } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import { useWalletHistoriesQuery } from '../api/get-wallet-histories.ts'

const TYPE_LABEL: Record<string, string> = { DEPOSIT: t('action.deposit'), WITHDRAW: t('action.withdraw') }

/** Spec §2 History deposit-withdraw tab: type, amount, status in its colour and the Buddhist-era date, each its own column, paged. */
export function WalletTab() {
  return (
    <PagedListTable
      label={t('history.walletTable')}
      usePage={useWalletHistoriesQuery}
      columns={[
        { header: t('history.col.type'), cell: (item) => <span className="data-table__word">{TYPE_LABEL[item.txtype] ?? item.txtype}</span> },
        { header: t('history.col.amount'), numeric: true, cell: (item) => formatBaht(item.txamount) },
        { header: t('history.col.status'), cell: (item) => <StatusBadge status={item.txstatus} /> },
        { header: t('history.col.date'), cell: (item) => <span className="data-table__date">{formatDateTime(item.created_at)}</span> },
      ]}
    />
  )
}
