import { RISK_OUTCOMES, type RiskOutcome } from '@sanam/contract'
import { type FormEvent } from 'react'
import { DecideNote, mayDecide } from '../../components/decision.tsx'
import { CheckboxField, SelectField, TextAreaField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useCloseCase, useConfirmClose, useRejectClose } from './api/act-on-case.ts'
import type { RiskCaseData } from './api/get-risk.ts'

const outcomeText = (outcome: string) => t(`risk.outcome.${outcome}` as MessageKey)

/**
 * Closing a case: an outcome, whether a report goes to the AMLO, and why. A confirmed risk or a report waits for a
 * second, different operator, who confirms it here (or turns it down); the server says whether the signed-in one may.
 */
export function CaseClosing({ riskCase: c }: { riskCase: RiskCaseData }) {
  const close = useCloseCase()
  const confirm = useConfirmClose()
  const reject = useRejectClose()
  const toast = useToast()
  const done = { onSuccess: ({ message }: { message?: string | undefined }) => toast(message ?? ''), onError: (e: unknown) => toast(errorText(e)) }
  if (c.status === 'CLOSED') return null
  const request = c.close_request
  if (request)
    return (
      <div className="notice notice--warn">
        <p>
          {t('risk.closeWaiting')}: {outcomeText(request.outcome)}
          {request.str && ` · ${t('risk.strLabel')}`} · {request.requested_by} · {request.note}
        </p>
        <DecideNote id={`risk-close-${c.id}`} can={c.can_decide} />
        <button type="button" className="button" disabled={!mayDecide(c.can_decide) || confirm.isPending} onClick={() => confirm.mutate(c.id, done)}>
          {t('risk.confirmClose')}
        </button>{' '}
        <button type="button" className="button" disabled={reject.isPending} onClick={() => reject.mutate({ id: c.id, reason: t('risk.rejectReason') }, done)}>
          {t('risk.rejectClose')}
        </button>
      </div>
    )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const outcome = String(data.get('outcome')) as RiskOutcome
    close.mutate({ id: c.id, body: { outcome, str: data.get('str') === 'on', note: String(data.get('note') ?? '') } }, done)
  }
  return (
    <form className="form" onSubmit={submit}>
      <h2 className="detail__subtitle">{t('risk.closeTitle')}</h2>
      <SelectField label={t('risk.outcomeLabel')} name="outcome" options={RISK_OUTCOMES.map((o) => ({ value: o, text: outcomeText(o) }))} />
      <CheckboxField label={t('risk.strLabel')} name="str" />
      <TextAreaField label={t('risk.closeNote')} name="note" required maxLength={500} />
      <button type="submit" className="button" disabled={close.isPending}>
        {t('risk.close')}
      </button>
    </form>
  )
}
