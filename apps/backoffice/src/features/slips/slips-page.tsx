import type { BackofficeSlipCheck } from '@sanam/contract'
import { formatAmount, formatDateTimeSeconds } from '@sanam/web-shared/format'
import { useState } from 'react'
import { FormDialog, mutationDialog } from '../../components/dialog.tsx'
import { TextField } from '../../components/fields.tsx'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { PagedList } from '../../components/paged-table.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { slipChecksQueryOptions, useCloseSlip, useRecheckSlip, type SlipCheckStatus } from './api/slip-checks.ts'

const STATUSES: readonly SlipCheckStatus[] = ['MANUAL_REVIEW', 'CHECKING', 'REFUSED', 'CREDITED', 'CLOSED']
/** The columns' headings after the id; the actions' follows where the operator may act. */
const HEADS = ['slips.member', 'slips.amount', 'slips.when', 'slips.sender', 'slips.receiver', 'slips.outcome', 'slips.verifier'] as const

/**
 * Players' slips (issue 37 §1, ADR 079): waiting for the verifier, refused with why, and the ones an operator must look
 * at. Finance may ask the verifier again (the same rules decide) or close an item with a reason; neither credits by an
 * operator's judgement: money a slip cannot prove goes through the deposit desk's manual deposit and a second operator.
 */
export function SlipsPage() {
  const me = useOperator()
  const toast = useToast()
  const [status, setStatus] = useState<SlipCheckStatus>('MANUAL_REVIEW')
  const [closing, setClosing] = useState<BackofficeSlipCheck>()
  const recheck = useRecheckSlip()
  const close = useCloseSlip()
  const canAct = movesMoney(me.data?.role) && status === 'MANUAL_REVIEW'
  return (
    <section className="panel">
      <h1 className="panel__title">{t('slips.title')}</h1>
      <p className="muted">{t('slips.lead')}</p>
      <ToggleTabs label={t('slips.status')} options={STATUSES} value={status} text={(s) => t(`slips.status.${s}`)} onChange={setStatus} />
      <PagedList query={(page) => slipChecksQueryOptions(status, page)} filter={status}>
        {(rows) => (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t(`slips.status.${status}`)}</caption>
              <ColumnHeads labels={['#', ...HEADS.map((head) => t(head)), ...(canAct ? [t('slips.actions')] : [])]} />
              <tbody>
                {rows.map((item) => (
                  <tr key={item.id}>
                    <td>{item.id}</td>
                    <td>{item.mobile ?? `#${item.player_id}`}</td>
                    <td className="num">{item.amount === null ? '-' : formatAmount(item.amount)}</td>
                    <td>{item.occurred_at ? formatDateTimeSeconds(item.occurred_at) : '-'}</td>
                    <td>{item.sender ?? '-'}</td>
                    <td>{item.receiver ?? '-'}</td>
                    <td>
                      {item.reason ? `${t(`slips.reason.${item.reason}`)}: ` : ''}
                      {item.message}
                      {item.close_note ? ` (${item.close_note})` : ''}
                    </td>
                    <td>
                      {item.verifier}
                      {item.verifier_code ? ` · ${item.verifier_code}` : ''} · {t('slips.attempts')} {item.attempts}
                      {item.next_attempt_at ? ` · ${t('slips.next')} ${formatDateTimeSeconds(item.next_attempt_at)}` : ''}
                    </td>
                    {canAct && (
                      <td>
                        <div className="row-actions">
                          <button
                            type="button"
                            className="button"
                            disabled={recheck.isPending}
                            onClick={() =>
                              recheck.mutate(item.id, {
                                onSuccess: ({ data, message }) => toast(`${message ?? ''} ${data.message}`.trim()),
                                onError: (error) => toast(errorText(error)),
                              })
                            }
                          >
                            {t('slips.recheck')} #{item.id}
                          </button>
                          <button type="button" className="button button--danger" onClick={() => setClosing(item)}>
                            {t('slips.close')} #{item.id}
                          </button>
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {closing && (
        <FormDialog
          title={`${t('slips.closeTitle')} #${closing.id}`}
          lead={t('slips.closeLead')}
          submitLabel={t('slips.close')}
          danger
          {...mutationDialog(close, () => setClosing(undefined))}
          onSubmit={(fields) =>
            close.mutate(
              { id: closing.id, note: fields.note ?? '' },
              {
                onSuccess: ({ message }) => {
                  toast(message ?? t('slips.status.CLOSED'))
                  setClosing(undefined)
                },
              },
            )
          }
        >
          <TextField required label={t('slips.note')} name="note" minLength={3} maxLength={300} />
        </FormDialog>
      )}
    </section>
  )
}
