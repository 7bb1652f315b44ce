import type { DepositException } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import { useState } from 'react'
import { FormDialog, mutationDialog } from '../../components/dialog.tsx'
import { TextField } from '../../components/fields.tsx'
import { PagedList } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { t } from '../../lib/i18n/th.ts'
import { moneyOutcomeText } from '../../lib/money-outcome.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { depositExceptionsQueryOptions, type ExceptionStatus } from './api/get-deposit-exceptions.ts'
import { useResolveDepositException } from './api/resolve-deposit-exception.ts'
import { compareLines } from './compare.ts'
import { ColumnHeads } from '../../components/column-heads.tsx'

const STATUSES: readonly ExceptionStatus[] = ['OPEN', 'CREDITED', 'DISMISSED']
type Resolving = { action: 'CREDIT' | 'DISMISS'; item: DepositException }
/** A flag on a transfer already credited past the member's own deposit limit (ADR 048): acknowledged, never credited. */
const creditedAlready = (item: DepositException) => item.reasons.some((r) => r.code === 'DEPOSIT_LIMIT')

/**
 * Deposit exceptions (issue 18 §3, ADR 035): a bank-feed transfer whose reference a record already holds with another
 * amount, sender or pay-in account. Nobody was credited; each shows both records side by side, and a money operator
 * resolves it with a reason: credit the transfer to the member it belongs to, or dismiss it. Also a transfer credited
 * past the member's own deposit limit (ADR 048): credited already, it is only acknowledged (DISMISS) with a note.
 */
export function ExceptionsPage() {
  const me = useOperator()
  const toast = useToast()
  const [status, setStatus] = useState<ExceptionStatus>('OPEN')
  const [resolving, setResolving] = useState<Resolving>()
  const resolve = useResolveDepositException()
  const canResolve = movesMoney(me.data?.role) && status === 'OPEN'
  return (
    <section className="panel">
      <h1 className="panel__title">{t('exceptions.title')}</h1>
      <p className="muted">{t('exceptions.lead')}</p>
      <p className="muted">{t('exceptions.limitLead')}</p>
      <ToggleTabs label={t('exceptions.status')} options={STATUSES} value={status} text={(s) => t(`exceptions.status.${s}`)} onChange={setStatus} />
      <PagedList query={(page) => depositExceptionsQueryOptions(status, page)} filter={status}>
        {(rows) => (
          <ol className="exceptions">
            {rows.map((item) => (
              <li key={item.id} className="exception">
                <ExceptionCard item={item} />
                {canResolve && (
                  <div className="row-actions">
                    {creditedAlready(item) ? (
                      <button type="button" className="button" onClick={() => setResolving({ action: 'DISMISS', item })}>
                        {t('exceptions.acknowledge')} #{item.id}
                      </button>
                    ) : (
                      <>
                        <button type="button" className="button" onClick={() => setResolving({ action: 'CREDIT', item })}>
                          {t('exceptions.credit')} #{item.id}
                        </button>
                        <button type="button" className="button button--danger" onClick={() => setResolving({ action: 'DISMISS', item })}>
                          {t('exceptions.dismiss')} #{item.id}
                        </button>
                      </>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </PagedList>
      {resolving && (
        <FormDialog
          title={`${t(resolving.action === 'CREDIT' ? 'exceptions.creditTitle' : creditedAlready(resolving.item) ? 'exceptions.acknowledgeTitle' : 'exceptions.dismissTitle')} #${resolving.item.id}`}
          lead={t(
            resolving.action === 'CREDIT' ? 'exceptions.creditLead' : creditedAlready(resolving.item) ? 'exceptions.acknowledgeLead' : 'exceptions.dismissLead',
          )}
          submitLabel={t(
            resolving.action === 'CREDIT' ? 'exceptions.credit' : creditedAlready(resolving.item) ? 'exceptions.acknowledge' : 'exceptions.dismiss',
          )}
          danger={resolving.action === 'DISMISS' && !creditedAlready(resolving.item)}
          {...mutationDialog(resolve, () => setResolving(undefined))}
          onSubmit={(fields) => {
            const reason = fields.reason ?? ''
            const body =
              resolving.action === 'CREDIT' ? { action: 'CREDIT' as const, mobile: fields.mobile ?? '', reason } : { action: 'DISMISS' as const, reason }
            resolve.mutate(
              { id: resolving.item.id, body },
              {
                onSuccess: ({ data, message }) => {
                  toast(data.approval ? moneyOutcomeText(message, data.approval) : (message ?? t('exceptions.status.DISMISSED')))
                  setResolving(undefined)
                },
              },
            )
          }}
        >
          {/* Never prefilled with the existing record's member: the transfer came from another account. */}
          {resolving.action === 'CREDIT' && (
            <TextField required label={t('exceptions.mobile')} name="mobile" inputMode="numeric" maxLength={10} pattern="0[689]\d{8}" />
          )}
          <TextField required label={t('exceptions.reason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
    </section>
  )
}

/** One exception: why it is one, and the feed's transfer beside the record it collided with, line by line. */
function ExceptionCard({ item }: { item: DepositException }) {
  const title = `exception-${item.id}`
  return (
    <article aria-labelledby={title}>
      <h2 id={title} className="detail__subtitle">
        {t('exceptions.item')} #{item.id} · <span className="state--warn">{item.reasons.map((r) => r.text).join(' · ')}</span>
      </h2>
      <div className="table-wrap">
        <table className="table compare">
          <caption className="visually-hidden">
            {t('exceptions.compare')} #{item.id}
          </caption>
          <ColumnHeads labels={[t('exceptions.field'), t('exceptions.transfer'), `${t('exceptions.existing')} #${item.existing.id}`]} />
          <tbody>
            {compareLines(item).map((line) => (
              <tr key={line.label} className={line.differs ? 'compare__differs' : undefined}>
                <th scope="row">
                  {t(line.label)}
                  {line.differs && <span className="state--warn"> · {t('exceptions.differs')}</span>}
                </th>
                <td>{line.transfer}</td>
                <td>{line.existing}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('exceptions.member')}</th>
              <td>–</td>
              <td>{item.existing.mobile ?? '–'}</td>
            </tr>
            <tr>
              <th scope="row">{t('exceptions.recordStatus')}</th>
              <td>{t(`exceptions.status.${item.status}`)}</td>
              <td>
                {t(`deposits.status.${item.existing.status}`)} · {t(`deposits.source.${item.existing.source}`)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      {item.resolved_at && (
        <p className="muted">
          {t('exceptions.resolvedBy')}: {item.resolved_by ?? '–'} · {formatDateTimeSeconds(item.resolved_at)} · {t('exceptions.resolution')}:{' '}
          {item.resolution_note ?? '–'}
        </p>
      )}
    </article>
  )
}
