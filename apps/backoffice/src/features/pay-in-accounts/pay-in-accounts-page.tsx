import { findBank, mayOperator, type PayinAccount } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { DecideNote, mayDecide } from '../../components/decision.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useDecidePayinAccount, type PayinStep } from './api/decide-payin-account.ts'
import { usePayinAccounts } from './api/get-payin-accounts.ts'
import { PayinAccountDialog } from './payin-account-dialog.tsx'
import { PageHead } from '../../components/page-head.tsx'

/** Where a version stands for players: waiting, live, retired or refused. */
const stateOf = (a: PayinAccount) => (a.status === 'PENDING' ? 'PENDING' : a.status === 'REJECTED' ? 'REJECTED' : a.active ? 'ACTIVE' : 'RETIRED')
const STATE_CLASS = { PENDING: 'state state--warn', ACTIVE: 'state state--in', RETIRED: 'state state--off', REJECTED: 'state state--off' } as const

/**
 * Pay-in accounts (issue 20 §2): the operator bank accounts players deposit into. Owners and finance propose a new
 * account or new details and retire one at once; a second finance operator activates: one that may not (its own
 * proposal, a related operator's, its first 24 hours) sees the button disabled with the server's reason (ADR 075).
 */
export function PayinAccountsPage() {
  const me = useOperator()
  const toast = useToast()
  const accounts = usePayinAccounts()
  const { mutate: decide, isPending: deciding } = useDecidePayinAccount()
  const [editing, setEditing] = useState<{ replaces?: PayinAccount }>()
  const role = me.data?.role
  const mayManage = mayOperator(role, 'payin.manage')
  const mayActivate = mayOperator(role, 'money.decide')

  const columns = useMemo<ColumnDef<PayinAccount, unknown>[]>(() => {
    const run = (id: number, step: PayinStep) =>
      decide({ id, step }, { onSuccess: ({ message }) => message && toast(message), onError: (failure) => toast(errorText(failure), 'error') })
    return [
      { header: '#', cell: ({ row }) => row.original.id },
      { header: t('payin.bank'), cell: ({ row }) => findBank(row.original.bank_code)?.th ?? row.original.bank_code },
      { header: t('payin.number'), cell: ({ row }) => <code>{row.original.account_number}</code> },
      { header: t('payin.name'), cell: ({ row }) => row.original.account_name },
      {
        header: t('payin.promptpay'),
        cell: ({ row }) => (row.original.promptpay_type ? `${t(`payin.promptpay.${row.original.promptpay_type}`)} ${row.original.promptpay_id}` : '-'),
      },
      {
        header: t('payin.state'),
        cell: ({ row }) => {
          const state = stateOf(row.original)
          return (
            <span className="stack">
              <span className={STATE_CLASS[state]}>{t(`payin.state.${state}` as MessageKey)}</span>
              {row.original.replaces_id !== null && (
                <span className="muted">
                  {t('payin.replaces')}
                  {row.original.replaces_id}
                </span>
              )}
            </span>
          )
        },
      },
      { header: t('payin.proposedBy'), cell: ({ row }) => row.original.proposed_by ?? t('payin.system') },
      {
        header: t('payin.decidedBy'),
        cell: ({ row }) => (row.original.status === 'PENDING' ? '-' : (row.original.decided_by ?? t('payin.system'))),
      },
      { header: t('payin.lastUsed'), cell: ({ row }) => formatDateTimeSeconds(row.original.last_used_at) },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => {
          const account = row.original
          const label = <span className="visually-hidden">{account.account_number}</span>
          if (account.status === 'PENDING') {
            // The server says whether this operator may activate it now, and why not (ADR 075).
            const blocked = !mayDecide(account.can_decide)
            const hint = `payin-${account.id}-hint`
            return (
              <span className="row-actions">
                {mayActivate && (
                  <button
                    type="button"
                    className="button"
                    disabled={deciding || blocked}
                    aria-describedby={blocked ? hint : undefined}
                    onClick={() => run(account.id, 'activate')}
                  >
                    {t('payin.activate')} {label}
                  </button>
                )}
                {mayActivate && <DecideNote id={hint} can={account.can_decide} />}
                {mayManage && (
                  <button type="button" className="button button--ghost" disabled={deciding} onClick={() => run(account.id, 'reject')}>
                    {t('payin.reject')} {label}
                  </button>
                )}
              </span>
            )
          }
          if (!account.active || !mayManage) return null
          return (
            <span className="row-actions">
              <button type="button" className="button button--ghost" onClick={() => setEditing({ replaces: account })}>
                {t('payin.change')} {label}
              </button>
              <button type="button" className="button button--danger" disabled={deciding} onClick={() => run(account.id, 'retire')}>
                {t('payin.retire')} {label}
              </button>
            </span>
          )
        },
      },
    ]
  }, [decide, deciding, mayActivate, mayManage, toast])

  return (
    <section className="panel">
      <PageHead screen="payin" action={mayManage && { text: t('payin.propose'), onClick: () => setEditing({}) }} />
      <DataTable caption={t('payin.title')} columns={columns} rows={accounts.data} loading={accounts.isPending} />
      {editing && <PayinAccountDialog replaces={editing.replaces} onClose={() => setEditing(undefined)} />}
    </section>
  )
}
