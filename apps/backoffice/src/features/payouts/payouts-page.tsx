import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DecideNote, mayDecide } from '../../components/decision.tsx'
import { FormDialog } from '../../components/dialog.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { PagedTable } from '../../components/paged-table.tsx'
import { useToast } from '../../components/toasts.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import {
  payoutSummaryQueryOptions,
  payoutsQueryOptions,
  useConfirmPayout,
  useProposePayout,
  useRecheckPayout,
  useRefusePayout,
  useSendPayoutAgain,
  type Payout,
  type PayoutQueue,
} from './api/payouts.ts'

const QUEUES: readonly PayoutQueue[] = ['UNKNOWN', 'HELD']

/** How long a payout has waited, in hours and minutes (the queue is read oldest first). */
export function ageText(seconds: number): string {
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return hours > 0 ? `${hours} ${t('payouts.hours')} ${minutes} ${t('payouts.minutes')}` : `${minutes} ${t('payouts.minutes')}`
}

type Dialog = { kind: 'propose' | 'confirm' | 'refuse'; item: Payout }

/** The columns every queue shows: the withdrawal, the member's account, Sanam's reference with why it waits, its age. */
const WHAT_COLUMNS: ColumnDef<Payout, unknown>[] = [
  {
    header: t('payouts.withdrawal'),
    cell: ({ row }) => (
      <span className="stack">
        <span>#{row.original.withdrawal_id}</span>
        <span className="amount">{formatBaht(row.original.amount)}</span>
      </span>
    ),
  },
  {
    header: t('payouts.member'),
    cell: ({ row }) => (
      <span className="stack">
        <span>{row.original.mobile}</span>
        <span className="muted">{row.original.member_name}</span>
        <span className="muted">
          {row.original.bank_code} · {row.original.bank_account}
        </span>
      </span>
    ),
  },
  {
    header: t('payouts.reason'),
    cell: ({ row }) => (
      <span className="stack">
        <code>{row.original.reference}</code>
        <span className="cell-note">{row.original.reason ?? '–'}</span>
      </span>
    ),
  },
  {
    header: t('payouts.age'),
    cell: ({ row }) => (
      <span className="stack">
        <span className={row.original.age_seconds >= 3600 ? 'state state--warn' : ''}>{ageText(row.original.age_seconds)}</span>
        <span className="muted">{formatDateTimeSeconds(row.original.since)}</span>
        {row.original.status === 'UNKNOWN' && (
          <span className="muted">
            {t('payouts.checks')} {row.original.checks} {t('payouts.times')}
          </span>
        )}
      </span>
    ),
  },
]

/** The unknown queue's proposal of an outcome, waiting for a second operator. */
const PROPOSAL_COLUMN: ColumnDef<Payout, unknown> = {
  header: t('payouts.proposal'),
  cell: ({ row }) => {
    const p = row.original.proposal
    if (!p) return '–'
    return (
      <span className="stack">
        <span>
          {t(`payouts.proposal.${p.outcome}`)}
          {p.bank_reference ? ` · ${p.bank_reference}` : ''}
        </span>
        <span className="muted">
          {t('payouts.proposedBy')} {p.by}
        </span>
      </span>
    )
  },
}

/**
 * Payouts through the bank (ADR 081): the unknown ones (nobody knows whether the money left) with their age, asked of
 * the bank again or resolved by two operators from the statement; and the ones the bank's checks held before sending
 * (the account name), sent again or refused.
 */
export function PayoutsPage() {
  const me = useOperator()
  const toast = useToast()
  const [queue, setQueue] = useState<PayoutQueue>('UNKNOWN')
  const [dialog, setDialog] = useState<Dialog>()
  const summary = useQuery(payoutSummaryQueryOptions())
  const recheck = useRecheckPayout()
  const propose = useProposePayout()
  const confirm = useConfirmPayout()
  const sendAgain = useSendPayoutAgain()
  const refuse = useRefusePayout()
  const canAct = movesMoney(me.data?.role)
  const done = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setDialog(undefined)
    },
    onError: (failure: unknown) => toast(errorText(failure), 'error'),
  }

  const columns = useMemo<ColumnDef<Payout, unknown>[]>(
    () => [
      ...WHAT_COLUMNS,
      ...(queue === 'UNKNOWN' ? [PROPOSAL_COLUMN] : []),
      ...(canAct
        ? ([
            {
              id: 'actions',
              header: t('common.actions'),
              cell: ({ row }) => {
                const item = row.original
                const hint = `payout-${item.id}-hint`
                if (item.status === 'HELD')
                  return (
                    <span className="row-actions">
                      <RowButton
                        text={t('payouts.sendAgain')}
                        item={item}
                        disabled={sendAgain.isPending}
                        onClick={() => sendAgain.mutate({ id: item.id }, done)}
                      />
                      <RowButton text={t('payouts.refuse')} item={item} look="danger" onClick={() => setDialog({ kind: 'refuse', item })} />
                    </span>
                  )
                return (
                  <span className="row-actions">
                    <RowButton
                      text={t('payouts.recheck')}
                      item={item}
                      look="ghost"
                      disabled={recheck.isPending}
                      onClick={() => recheck.mutate({ id: item.id }, done)}
                    />
                    <RowButton text={t('payouts.propose')} item={item} look="ghost" onClick={() => setDialog({ kind: 'propose', item })} />
                    {item.proposal && (
                      <RowButton
                        text={t('payouts.confirm')}
                        item={item}
                        disabled={!mayDecide(item.can_decide)}
                        describedBy={mayDecide(item.can_decide) ? undefined : hint}
                        onClick={() => setDialog({ kind: 'confirm', item })}
                      />
                    )}
                    {item.proposal && <DecideNote id={hint} can={item.can_decide} />}
                  </span>
                )
              },
            },
          ] satisfies ColumnDef<Payout, unknown>[])
        : []),
    ],
    // The mutations' busy flags only disable buttons; the handlers read the latest state when clicked.
    [queue, canAct, recheck.isPending, sendAgain.isPending],
  )

  const bank = summary.data?.bank
  return (
    <section className="panel">
      <h1 className="panel__title">{t('payouts.title')}</h1>
      {summary.data && <p className="muted">{bank ? `${t('payouts.bank')}: ${bank}` : t('payouts.noBank')}</p>}
      <ToggleTabs
        label={t('payouts.queue')}
        options={QUEUES}
        value={queue}
        text={(q) => `${t(`payouts.queue.${q}`)} (${(q === 'UNKNOWN' ? summary.data?.unknown : summary.data?.held) ?? 0})`}
        onChange={setQueue}
      />
      <p className="muted">{t(queue === 'UNKNOWN' ? 'payouts.unknownLead' : 'payouts.heldLead')}</p>
      <PagedTable caption={t('payouts.title')} columns={columns} filter={queue} query={(page) => payoutsQueryOptions(queue, page)} />
      {dialog?.kind === 'propose' && (
        <FormDialog
          title={`${t('payouts.proposeTitle')} #${dialog.item.withdrawal_id} · ${formatBaht(dialog.item.amount)}`}
          lead={t('payouts.proposeLead')}
          submitLabel={t('payouts.propose')}
          busy={propose.isPending}
          onSubmit={(fields) =>
            propose.mutate(
              fields.outcome === 'PAID'
                ? { id: dialog.item.id, outcome: 'PAID', bank_reference: fields.bank_reference ?? '', note: fields.note ?? '' }
                : { id: dialog.item.id, outcome: 'NOT_PAID', note: fields.note ?? '' },
              done,
            )
          }
          onClose={() => setDialog(undefined)}
        >
          <SelectField
            label={t('payouts.outcome')}
            name="outcome"
            options={(['PAID', 'NOT_PAID'] as const).map((o) => ({ value: o, text: t(`payouts.proposal.${o}`) }))}
          />
          <TextField label={t('payouts.bankReference')} hint={t('payouts.bankReferenceHint')} name="bank_reference" maxLength={128} />
          <TextField label={t('payouts.note')} name="note" maxLength={500} />
        </FormDialog>
      )}
      {dialog?.kind === 'confirm' && dialog.item.proposal && (
        <FormDialog
          title={`${t('payouts.confirmTitle')} #${dialog.item.withdrawal_id} · ${formatBaht(dialog.item.amount)}`}
          lead={t(dialog.item.proposal.outcome === 'PAID' ? 'payouts.confirmLeadPaid' : 'payouts.confirmLeadNotPaid')}
          submitLabel={t('payouts.confirm')}
          danger={dialog.item.proposal.outcome === 'NOT_PAID'}
          busy={confirm.isPending}
          onSubmit={() => confirm.mutate({ id: dialog.item.id, proposed_at: dialog.item.proposal!.at }, done)}
          onClose={() => setDialog(undefined)}
        >
          <p>
            {t(`payouts.proposal.${dialog.item.proposal.outcome}`)}
            {dialog.item.proposal.bank_reference ? ` · ${dialog.item.proposal.bank_reference}` : ''} · {t('payouts.proposedBy')} {dialog.item.proposal.by}
          </p>
        </FormDialog>
      )}
      {dialog?.kind === 'refuse' && (
        <FormDialog
          title={`${t('payouts.refuseTitle')} #${dialog.item.withdrawal_id}`}
          lead={t('payouts.refuseLead')}
          submitLabel={t('payouts.refuse')}
          danger
          busy={refuse.isPending}
          onSubmit={(fields) => refuse.mutate({ id: dialog.item.id, reason: fields.reason ?? '' }, done)}
          onClose={() => setDialog(undefined)}
        >
          <TextField required label={t('withdrawals.reason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
    </section>
  )
}

/** A row's action, named with the withdrawal it acts on: the rows' buttons differ by it for a screen reader (and a test). */
function RowButton(props: {
  text: string
  item: Payout
  look?: 'danger' | 'ghost'
  disabled?: boolean
  describedBy?: string | undefined
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={props.look ? `button button--${props.look}` : 'button'}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onClick={props.onClick}
    >
      {props.text} #{props.item.withdrawal_id}
    </button>
  )
}
