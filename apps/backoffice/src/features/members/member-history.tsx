import {
  transferKindText,
  type Adjustment,
  type MemberDownline,
  type MemberLedgerEntry,
  type MemberSession,
  type PromotionHistoryItem,
  type WalletHistoryItem,
} from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { PagedTable } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { approvalsQueryOptions } from '../../lib/api/get-approvals.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { memberHistoryQueryOptions } from './api/get-member-history.ts'

const TABS = ['ledger', 'money', 'promotions', 'downline', 'sessions', 'adjustments'] as const
type Tab = (typeof TABS)[number]

/** A signed amount: green in, red out, plain for a move between the member's own accounts. */
function Change({ baht }: { baht: number }) {
  if (baht === 0) return <span className="amount">{formatBaht(0)}</span>
  return <span className={`amount ${baht > 0 ? 'state' : 'state state--off'}`}>{`${baht > 0 ? '+' : '−'}${formatBaht(Math.abs(baht))}`}</span>
}

const ACCOUNTS = [
  'cash',
  'withdraw_hold',
  'referral',
  'rebate',
  'bank_in',
  'bank_out',
  'promotion',
  'referral_expense',
  'rebate_expense',
  'forfeit',
  'adjustment',
]

/** A ledger account in Thai: the member's own wallets, the house accounts, and `game:<provider>` as the provider. */
function accountName(kind: string): string {
  if (kind.startsWith('game:')) return `${t('account.game')} ${kind.slice('game:'.length)}`
  return ACCOUNTS.includes(kind) ? t(`account.${kind}` as MessageKey) : kind
}

const ledgerColumns: ColumnDef<MemberLedgerEntry, unknown>[] = [
  { header: t('members.at'), cell: ({ row }) => formatDateTimeSeconds(row.original.at) },
  { header: t('members.kind'), cell: ({ row }) => <span title={row.original.kind}>{transferKindText(row.original.kind)}</span> },
  { header: t('members.fromTo'), cell: ({ row }) => `${accountName(row.original.from)} → ${accountName(row.original.to)}` },
  { header: t('members.change'), cell: ({ row }) => (row.original.change === 0 ? formatBaht(row.original.amount) : <Change baht={row.original.change} />) },
  { header: t('members.reference'), cell: ({ row }) => <code>{row.original.reference}</code> },
]
const moneyColumns: ColumnDef<WalletHistoryItem, unknown>[] = [
  { header: t('members.at'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
  { header: t('members.type'), cell: ({ row }) => t(`members.type.${row.original.txtype}`) },
  { header: t('adjustments.amount'), cell: ({ row }) => <span className="amount">{formatBaht(row.original.txamount)}</span> },
  { header: t('members.sessionState'), cell: ({ row }) => t(`members.txStatus.${row.original.txstatus}`) },
]
const promotionColumns: ColumnDef<PromotionHistoryItem, unknown>[] = [
  { header: t('members.description'), accessorKey: 'description' },
  { header: t('members.bonus'), cell: ({ row }) => <span className="amount">{formatBaht(row.original.bonus)}</span> },
  { header: t('members.sessionState'), cell: ({ row }) => t(`members.txStatus.${row.original.status}`) },
]
const downlineColumns: ColumnDef<MemberDownline, unknown>[] = [
  { header: t('members.mobile'), accessorKey: 'mobile' },
  { header: t('members.name'), cell: ({ row }) => `${row.original.firstname} ${row.original.surname}` },
  { header: t('members.status'), cell: ({ row }) => t(row.original.status === 'LOCKED' ? 'members.locked' : 'members.active') },
  { header: t('members.created'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
]
const sessionColumns: ColumnDef<MemberSession, unknown>[] = [
  { header: t('members.sessionStarted'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
  { header: t('members.sessionLastSeen'), cell: ({ row }) => formatDateTimeSeconds(row.original.last_seen_at) },
  { header: t('members.sessionEnds'), cell: ({ row }) => formatDateTimeSeconds(row.original.revoked_at ?? row.original.expires_at) },
  {
    header: t('members.sessionState'),
    cell: ({ row }) => (
      <span className={row.original.live ? 'state' : 'state state--off'}>{t(row.original.live ? 'members.sessionLive' : 'members.sessionEnded')}</span>
    ),
  },
]
const adjustmentColumns: ColumnDef<Adjustment, unknown>[] = [
  { header: t('adjustments.created'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
  { header: t('adjustments.amount'), cell: ({ row }) => <Change baht={row.original.amount} /> },
  { header: t('adjustments.reason'), accessorKey: 'reason' },
  { header: t('adjustments.status'), cell: ({ row }) => t(`adjustments.status.${row.original.status}`) },
  { header: t('adjustments.requestedBy'), accessorKey: 'requested_by' },
  { header: t('adjustments.decidedBy'), cell: ({ row }) => row.original.decided_by ?? '–' },
]

/**
 * The member's history in tabs (issue 12 §5): every ledger transfer, deposits and withdrawals as the member sees them,
 * promotions, the friends they invited, their sessions and the manual adjustments of their money.
 */
export function MemberHistory({ id }: { id: number }) {
  const [tab, setTab] = useState<Tab>('ledger')
  const caption = t(`members.tab.${tab}` as MessageKey)
  return (
    <>
      <ToggleTabs label={t('members.tabs')} options={TABS} value={tab} text={(name) => t(`members.tab.${name}`)} onChange={setTab} />
      {tab === 'ledger' && <PagedTable key={tab} caption={caption} query={(page) => memberHistoryQueryOptions(id, 'ledger', page)} columns={ledgerColumns} />}
      {tab === 'money' && <PagedTable key={tab} caption={caption} query={(page) => memberHistoryQueryOptions(id, 'money', page)} columns={moneyColumns} />}
      {tab === 'promotions' && (
        <PagedTable key={tab} caption={caption} query={(page) => memberHistoryQueryOptions(id, 'promotions', page)} columns={promotionColumns} />
      )}
      {tab === 'downline' && (
        <PagedTable key={tab} caption={caption} query={(page) => memberHistoryQueryOptions(id, 'downline', page)} columns={downlineColumns} />
      )}
      {tab === 'sessions' && (
        <PagedTable key={tab} caption={caption} query={(page) => memberHistoryQueryOptions(id, 'sessions', page)} columns={sessionColumns} />
      )}
      {tab === 'adjustments' && (
        <PagedTable
          key={tab}
          caption={caption}
          query={(page) => approvalsQueryOptions({ kind: 'ADJUSTMENT', player_id: String(id), page: String(page) })}
          columns={adjustmentColumns}
        />
      )}
    </>
  )
}
