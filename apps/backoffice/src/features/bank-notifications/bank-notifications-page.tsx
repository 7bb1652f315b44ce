import { findBank, type BackofficeBankNotification, type BankNotificationStatus } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { DayFilter, useShownDay } from '../../components/day-filter.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { t } from '../../lib/i18n/th.ts'
import { bankNotificationsQueryOptions } from './api/get-bank-notifications.ts'

/** Every status but PARSED (a notification is PARSED only inside its own transaction), the money ones first. */
const VIEWS = [
  'ALL',
  'CREDITED',
  'MATCHED_EXISTING',
  'UNMATCHED',
  'AMBIGUOUS',
  'INCOMPLETE',
  'UNPARSED',
  'OUTGOING',
  'IGNORED',
] as const satisfies ReadonlyArray<BankNotificationStatus | 'ALL'>
type View = (typeof VIEWS)[number]

/** Statuses an operator should look at: the text was not money the system could place. */
const NEEDS_A_LOOK = new Set<BankNotificationStatus>(['UNPARSED', 'INCOMPLETE', 'AMBIGUOUS', 'UNMATCHED'])

const bankName = (code: string | null) => (code ? (findBank(code)?.short ?? code) : '–')
/** A deposit credited since (the feed completed it, an operator assigned it): the note of its wait is history. */
const creditedSince = (n: BackofficeBankNotification) => n.deposit_status === 'MATCHED' || n.deposit_status === 'ASSIGNED'

const COLUMNS: ColumnDef<BackofficeBankNotification, unknown>[] = [
  { header: t('notifications.received'), cell: ({ row }) => formatDateTimeSeconds(row.original.device_received_at) },
  { header: t('notifications.bank'), cell: ({ row }) => bankName(row.original.bank_code) },
  {
    header: t('notifications.status'),
    cell: ({ row }) => (
      <span className={NEEDS_A_LOOK.has(row.original.status) && !creditedSince(row.original) ? 'state state--warn' : 'state'}>
        {t(`notifications.status.${row.original.status}`)}
      </span>
    ),
  },
  {
    header: t('notifications.amount'),
    cell: ({ row }) => (row.original.amount === null ? '–' : <span className="amount">{formatBaht(row.original.amount)}</span>),
  },
  {
    header: t('notifications.from'),
    cell: ({ row }) => {
      const n = row.original
      const parts = [n.from_bank_code ? bankName(n.from_bank_code) : null, n.from_account, n.from_name].filter(Boolean)
      return parts.length > 0 ? parts.join(' · ') : '–'
    },
  },
  {
    header: t('notifications.text'),
    cell: ({ row }) => (
      <span className="notification-text">
        <span className="muted">{row.original.sender}:</span> {row.original.text}
      </span>
    ),
  },
  {
    header: t('notifications.outcome'),
    cell: ({ row }) => {
      const n = row.original
      const deposit =
        n.deposit_id === null
          ? null
          : `${t('notifications.deposit')} #${n.deposit_id}${n.deposit_status ? ` (${t(`deposits.status.${n.deposit_status}`)})` : ''}`
      return [deposit, creditedSince(n) ? null : n.note].filter(Boolean).join(' · ') || '–'
    },
  },
]

/**
 * Bank notifications (issue 37 §2, ADR 080): the texts the pay-in accounts' phones forwarded on a Bangkok day (today
 * first), every one kept, with what was read and what became of it. Outgoing money, codes, adverts and unreadable
 * texts are listed too, never credited.
 */
export function BankNotificationsPage() {
  const [day, setDay] = useShownDay()
  const [view, setView] = useState<View>('ALL')
  const query = { day, ...(view === 'ALL' ? {} : { status: view }) }
  return (
    <section className="panel">
      <h1 className="panel__title">{t('notifications.title')}</h1>
      <p className="muted">{t('notifications.lead')}</p>
      <DayFilter screen="notifications" day={day} onDay={setDay} />
      <ToggleTabs label={t('notifications.status')} options={VIEWS} value={view} text={(v) => t(`notifications.status.${v}`)} onChange={setView} />
      <PagedTable caption={t('notifications.title')} columns={COLUMNS} query={(page) => bankNotificationsQueryOptions(query, page)} filter={query} />
    </section>
  )
}
