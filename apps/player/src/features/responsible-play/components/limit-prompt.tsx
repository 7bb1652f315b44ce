import type { AnswerCarePromptBody } from '@sanam/contract'
import { useState, type FormEvent } from 'react'
import { AmountInput } from '../../../components/amount-input.tsx'
import { SubmitButton } from '../../../components/form/form-actions.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useChangeLimit } from '../api/change-limit.ts'
import { useLimitAmount } from '../hooks/use-limit-amount.ts'

const PERIODS = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH'] as const

/**
 * The deposit-limit prompt (at registration, or the yearly one): a deposit limit set through the limits' own flow, or
 * declined, which asks a second time before it is recorded.
 */
export function LimitPrompt({
  kind,
  busy,
  onAnswer,
}: {
  kind: 'DEPOSIT_LIMIT' | 'YEARLY_LIMIT'
  busy: boolean
  onAnswer: (body: AnswerCarePromptBody) => void
}) {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('DEPOSIT_MONTH')
  const amount = useLimitAmount()
  const [declining, setDeclining] = useState(false)
  const change = useChangeLimit()
  const { showToast } = useToast()
  const title = t(declining ? 'care.declineTitle' : kind === 'DEPOSIT_LIMIT' ? 'care.limitTitle' : 'care.yearlyTitle')

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const value = amount.read()
    if (value === null) return
    change.mutate(
      { action: 'set', body: { kind: period, value } },
      {
        onSuccess: () => onAnswer({ kind, answer: 'LIMIT_SET' }),
        onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }),
      },
    )
  }

  return (
    <section className="card care-prompt" aria-labelledby="care-prompt-title" data-testid="care-limit-prompt">
      <h2 className="care-prompt__title" id="care-prompt-title">
        {title}
      </h2>
      {declining ? (
        <>
          <p>{t('care.declineText')}</p>
          <button type="button" className="button button--primary button--large" onClick={() => setDeclining(false)}>
            {t('care.backToLimit')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => onAnswer({ kind, answer: 'DECLINED', confirmed: true })}>
            {t('care.confirmDecline')}
          </button>
        </>
      ) : (
        <form className="care-prompt__form" noValidate onSubmit={handleSubmit}>
          <p>{t(kind === 'DEPOSIT_LIMIT' ? 'care.limitText' : 'care.yearlyText')}</p>
          <fieldset className="limit-card__choices">
            <legend>{t('care.period')}</legend>
            {PERIODS.map((p) => (
              <label key={p} className="limit-chip">
                <input type="radio" name="care-period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
                <span>{t(`limits.kind.${p}`)}</span>
              </label>
            ))}
          </fieldset>
          <AmountInput label={t('care.amount')} {...amount.field} />
          <SubmitButton busy={change.isPending || busy}>{t('care.setLimit')}</SubmitButton>
          <button type="button" className="button button--ghost" onClick={() => setDeclining(true)}>
            {t('care.decline')}
          </button>
        </form>
      )}
    </section>
  )
}
