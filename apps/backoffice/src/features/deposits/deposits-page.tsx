import type { BackofficeDeposit } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { DateRangeFields } from '../../components/date-range-fields.tsx'
import { FormDialog, mutationDialog } from '../../components/dialog.tsx'
import { TextField } from '../../components/fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { SearchForm } from '../../components/search-form.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { useMemberSearch } from '../../lib/api/search-members.ts'
import { t } from '../../lib/i18n/th.ts'
import { moneyOutcomeText } from '../../lib/money-outcome.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useAssignDeposit } from './api/assign-deposit.ts'
import { useCreateManualDeposit } from './api/create-manual-deposit.ts'
import { depositHistoryQueryOptions, type DepositHistoryQuery } from './api/get-deposit-history.ts'
import { unmatchedDepositsQueryOptions } from './api/get-unmatched-deposits.ts'
import { SourceCounts } from './source-counts.tsx'

const VIEWS = ['unmatched', 'history'] as const

/** The columns both lists show: how much, from which account, and the note the matcher or the operator left. */
const AMOUNT: ColumnDef<BackofficeDeposit, unknown> = {
  header: t('deposits.amount'),
  cell: ({ row }) => <span className="amount">{formatBaht(row.original.amount)}</span>,
}
const FROM: ColumnDef<BackofficeDeposit, unknown> = {
  header: t('deposits.from'),
  cell: ({ row }) => `${row.original.from_bank_code} · ${row.original.from_account}${row.original.from_name ? ` · ${row.original.from_name}` : ''}`,
}
const NOTE: ColumnDef<BackofficeDeposit, unknown> = { header: t('deposits.note'), cell: ({ row }) => row.original.note ?? '–' }

/** Deposits (issue 12 §4): today's transfers per source (ADR 086), the unmatched queue, and the credited history with its search. */
export function DepositsPage() {
  const [view, setView] = useState<(typeof VIEWS)[number]>('unmatched')
  return (
    <section className="panel">
      <h1 className="panel__title">{t('deposits.page')}</h1>
      <SourceCounts />
      <ToggleTabs
        label={t('deposits.page')}
        options={VIEWS}
        value={view}
        text={(v) => t(v === 'unmatched' ? 'deposits.title' : 'deposits.history')}
        onChange={setView}
      />
      {view === 'unmatched' ? <UnmatchedDeposits /> : <DepositHistory />}
    </section>
  )
}

/**
 * Transfers the bank feed could not match to a member: assign one to a member found by phone, name or account
 * (once), or record a transfer the feed has not reported by hand, with its bank reference and a mandatory note. Either
 * may wait (ADR 035): a manual deposit always does, until the feed's transfer or a second operator confirms it; the
 * answer's message and reasons stay on the screen, with the way to the approvals queue.
 */
function UnmatchedDeposits() {
  const me = useOperator()
  const toast = useToast()
  const [assigning, setAssigning] = useState<BackofficeDeposit>()
  /** The assign dialog was submitted with no member chosen. */
  const [unpicked, setUnpicked] = useState(false)
  const [manual, setManual] = useState(false)
  const [outcome, setOutcome] = useState<{ text: string; pending: boolean }>()
  const done = {
    onSuccess: ({ data, message }: { data: { approval: Parameters<typeof moneyOutcomeText>[1] }; message: string | undefined }) => {
      const text = moneyOutcomeText(message, data.approval)
      toast(text)
      setOutcome({ text, pending: data.approval.status === 'PENDING' })
      setAssigning(undefined)
      setManual(false)
    },
  }
  const assign = useAssignDeposit()
  const credit = useCreateManualDeposit()
  const canCredit = movesMoney(me.data?.role)

  const columns = useMemo<ColumnDef<BackofficeDeposit, unknown>[]>(
    () => [
      { header: t('deposits.occurred'), cell: ({ row }) => formatDateTimeSeconds(row.original.occurred_at) },
      AMOUNT,
      FROM,
      { header: t('deposits.to'), accessorKey: 'to_account' },
      NOTE,
      ...(canCredit
        ? [
            {
              id: 'actions',
              header: t('common.actions'),
              cell: ({ row }) => (
                <button type="button" className="button" onClick={() => setAssigning(row.original)}>
                  {t('deposits.assign')} #{row.original.id}
                </button>
              ),
            } satisfies ColumnDef<BackofficeDeposit, unknown>,
          ]
        : []),
    ],
    [canCredit],
  )

  return (
    <>
      <div className="panel__head">
        <h2 className="detail__title">{t('deposits.title')}</h2>
        {canCredit && (
          <button type="button" className="button" onClick={() => setManual(true)}>
            {t('deposits.manualTitle')}
          </button>
        )}
      </div>
      <p className="muted">{t('deposits.lead')}</p>
      {outcome && (
        <div className={`notice ${outcome.pending ? 'notice--warn' : ''}`} role="status" aria-label={t('deposits.outcome')}>
          <p>{outcome.text}</p>
          {outcome.pending && <Link to="/approvals">{t('deposits.outcomeLink')}</Link>}
        </div>
      )}
      <PagedTable caption={t('deposits.title')} columns={columns} query={unmatchedDepositsQueryOptions} />
      {assigning && (
        <FormDialog
          title={`${t('deposits.assignTitle')} · ${formatBaht(assigning.amount)}`}
          lead={t('deposits.assignLead')}
          submitLabel={t('deposits.assign')}
          busy={assign.isPending}
          error={assign.error ? errorText(assign.error) : unpicked ? t('deposits.pickMember') : undefined}
          onSubmit={(fields) => {
            // No member chosen yet (a phone still being typed): say so, rather than send an empty phone.
            setUnpicked(!fields.mobile)
            if (fields.mobile) assign.mutate({ id: assigning.id, mobile: fields.mobile }, done)
          }}
          onClose={() => {
            setAssigning(undefined)
            setUnpicked(false)
            assign.reset()
          }}
        >
          <MemberPicker />
        </FormDialog>
      )}
      {manual && (
        <FormDialog
          title={t('deposits.manualTitle')}
          lead={t('deposits.manualLead')}
          submitLabel={t('deposits.manualSubmit')}
          {...mutationDialog(credit, () => setManual(false))}
          onSubmit={(fields) =>
            credit.mutate({ mobile: fields.mobile ?? '', amount: Number(fields.amount), bank_ref: fields.bank_ref ?? '', note: fields.note ?? '' }, done)
          }
        >
          <TextField required label={t('deposits.mobile')} name="mobile" inputMode="numeric" maxLength={10} pattern="0[689]\d{8}" />
          <TextField required label={t('deposits.amount')} name="amount" inputMode="numeric" pattern="\d+(\.\d{1,2})?" maxLength={12} />
          <TextField required label={t('deposits.bankRef')} name="bank_ref" maxLength={128} />
          <TextField required label={t('deposits.manualNote')} name="note" maxLength={500} />
        </FormDialog>
      )}
    </>
  )
}

/** A whole Thai mobile: searched for as soon as it is typed. */
const WHOLE_PHONE = /^0[689]\d{8}$/

/**
 * Finds the member to give a deposit to, by phone, name or bank account, inside the assign dialog: the chosen member's
 * phone is the dialog's `mobile` field. A whole phone number searches as soon as it is typed (and its one member is
 * chosen); other words search on Enter (which does not submit the dialog) or the search button.
 */
function MemberPicker() {
  const [q, setQ] = useState('')
  const [typed, setTyped] = useState('')
  const found = useMemberSearch(q)
  const search = () => setQ(typed.trim())
  const type = (value: string) => {
    setTyped(value)
    if (WHOLE_PHONE.test(value.trim())) setQ(value.trim())
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    search()
  }
  return (
    <div className="form">
      <label className="field">
        <span className="field__label">{t('deposits.findMember')}</span>
        <span className="row-actions">
          <input className="field__input" value={typed} maxLength={64} onChange={(e) => type(e.target.value)} onKeyDown={onKey} />
          <button type="button" className="button button--ghost" onClick={search}>
            {t('common.search')}
          </button>
        </span>
      </label>
      {found.data &&
        (found.data.list.length === 0 ? (
          <p className="muted">{t('deposits.noMembers')}</p>
        ) : (
          <fieldset className="field">
            <legend className="field__label">{t('deposits.findResults')}</legend>
            <ul className="picker">
              {found.data.list.map((m) => (
                <li key={m.id}>
                  <label>
                    <input type="radio" name="mobile" value={m.mobile} required defaultChecked={found.data?.list.length === 1 && m.mobile === q} />
                    <span>
                      {m.mobile} · {m.firstname} {m.surname} · {m.bank_code} {m.bank_account}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
    </div>
  )
}

type HistoryFilters = Omit<DepositHistoryQuery, 'page'>

/** Credited deposits (matched by the feed, assigned or entered by an operator), searchable; newest first. */
function DepositHistory() {
  const [filters, setFilters] = useState<HistoryFilters>({})
  const columns = useMemo<ColumnDef<BackofficeDeposit, unknown>[]>(
    () => [
      { header: t('deposits.credited'), cell: ({ row }) => formatDateTimeSeconds(row.original.credited_at) },
      { header: t('deposits.player'), cell: ({ row }) => row.original.mobile ?? '–' },
      AMOUNT,
      { header: t('deposits.bankRef'), cell: ({ row }) => <code>{row.original.external_id}</code> },
      {
        header: t('deposits.source'),
        cell: ({ row }) => `${t(`deposits.source.${row.original.source}`)} · ${t(`deposits.status.${row.original.status}`)}`,
      },
      FROM,
      NOTE,
    ],
    [],
  )
  const search = (values: Record<string, string>) => {
    const value = (name: string) => values[name] || undefined
    setFilters({ q: value('q'), amount: value('amount'), ref: value('ref'), from: value('from'), to: value('to') })
  }
  return (
    <>
      <p className="muted">{t('deposits.historyLead')}</p>
      <SearchForm onSearch={search}>
        <TextField className="filters__wide" label={t('deposits.player')} name="q" maxLength={64} />
        <TextField label={t('deposits.amount')} name="amount" inputMode="decimal" pattern="\d+(\.\d{1,2})?" maxLength={12} />
        <TextField label={t('deposits.bankRef')} name="ref" maxLength={128} />
        <DateRangeFields />
      </SearchForm>
      <PagedTable
        caption={t('deposits.history')}
        columns={columns}
        filter={filters}
        query={(page) => depositHistoryQueryOptions({ ...filters, page: String(page) })}
      />
    </>
  )
}
