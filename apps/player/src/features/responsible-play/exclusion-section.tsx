import type { Restriction } from '@sanam/contract'
import { exclusionEnd, SELF_EXCLUSION_PERIODS, TIME_OUT_PERIODS, type ExclusionPeriod } from '@sanam/contract/exclusion-periods'
import { formatDateTime } from '@sanam/web-shared/format'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Modal } from '../../components/modal.tsx'
import { useToast } from '../../components/toast/use-toast.ts'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/index.ts'
import { useChooseExclusion } from './api/choose-exclusion.ts'
import './responsible-play.css'
import { CardSection } from '../../components/card-section.tsx'

/**
 * Time-out and self-exclusion (issue 21 §2, ADR 047). With one in force (restricted mode), `RestrictedNotice`: what is
 * restricted and until when, and the only two ways on, withdraw and history; the page puts it first. Without one,
 * `ExclusionChoice`: the periods to choose from and a confirmation that says it cannot be undone early.
 */
const periodLabel = (period: ExclusionPeriod) => t(`exclusion.period.${period}`)

export function RestrictedNotice({ restriction }: { restriction: Restriction }) {
  const kind = restriction.kind === 'TIME_OUT' ? 'restricted.timeOut' : 'restricted.selfExclusion'
  return (
    <CardSection block="exclusion-card" modifier="restricted" title={t('restricted.title')} testId="restricted-notice">
      <p className="exclusion-card__status">{t(kind, { n: periodLabel(restriction.period) })}</p>
      <p className="exclusion-card__until" data-testid="restricted-until">
        {restriction.ends_at ? t('restricted.until', { n: formatDateTime(restriction.ends_at) }) : t('restricted.forever')}
      </p>
      <h3 className="exclusion-card__subtitle">{t('restricted.blockedHeading')}</h3>
      <ul className="exclusion-card__list">
        <li>{t('restricted.blocked.games')}</li>
        <li>{t('restricted.blocked.deposit')}</li>
        <li>{t('restricted.blocked.promotions')}</li>
        <li>{t('restricted.blocked.referral')}</li>
      </ul>
      <h3 className="exclusion-card__subtitle">{t('restricted.allowedHeading')}</h3>
      <div className="exclusion-card__actions">
        <Link className="button button--primary button--large" to="/withdraw">
          {t('action.withdraw')}
        </Link>
        <Link className="button button--secondary button--large" to="/history" state={{ tab: 'withdraw' }}>
          {t('nav.history')}
        </Link>
      </div>
      <p className="exclusion-card__note">{t('restricted.noEarlyEnd')}</p>
    </CardSection>
  )
}

/** `onExcluded` runs once the server has started one (and so ended every session, this one too). */
export function ExclusionChoice({ onExcluded }: { onExcluded: () => void }) {
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const errorId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!period) {
      setError(t('exclusion.required'))
      return
    }
    setError(null)
    setConfirming(true)
  }

  const group = (legend: string, periods: readonly ExclusionPeriod[]) => (
    <fieldset className="exclusion-card__group">
      <legend className="exclusion-card__legend">{legend}</legend>
      <div className="exclusion-card__options">
        {periods.map((p) => (
          <label key={p} className={`exclusion-option${period === p ? ' exclusion-option--chosen' : ''}`}>
            <input
              type="radio"
              name="exclusion-period"
              value={p}
              checked={period === p}
              aria-describedby={error ? errorId : undefined}
              onChange={() => {
                setPeriod(p)
                setError(null)
              }}
            />
            <span>{periodLabel(p)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )

  return (
    <CardSection block="exclusion-card" title={t('exclusion.title')}>
      <p className="exclusion-card__intro">{t('exclusion.intro')}</p>
      <form noValidate onSubmit={submit}>
        {group(t('exclusion.timeOut'), TIME_OUT_PERIODS)}
        {group(t('exclusion.selfExclusion'), SELF_EXCLUSION_PERIODS)}
        {error && (
          <p className="danger-note exclusion-card__error" id={errorId} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--large exclusion-card__submit">
          {t('exclusion.submit')}
        </button>
      </form>
      {confirming && period && <ConfirmExclusion period={period} onClose={() => setConfirming(false)} onExcluded={onExcluded} />}
    </CardSection>
  )
}

function ConfirmExclusion({ period, onClose, onExcluded }: { period: ExclusionPeriod; onClose: () => void; onExcluded: () => void }) {
  const [understood, setUnderstood] = useState(false)
  const choose = useChooseExclusion()
  const { showToast } = useToast()
  const end = exclusionEnd(period, new Date())

  const confirm = () => {
    choose.mutate(period, {
      onSuccess: (answer) => {
        showToast({ kind: 'success', text: answer.message ?? t('exclusion.done') })
        onExcluded()
      },
      onError: (error) => showToast({ kind: 'error', text: errorText(error, 'error.generic') }),
    })
  }

  return (
    <Modal title={t('exclusion.confirmTitle')} onClose={onClose}>
      <div className="exclusion-confirm">
        <p className="exclusion-confirm__period">{t('exclusion.confirmPeriod', { n: periodLabel(period) })}</p>
        <p>{end ? t('exclusion.confirmUntil', { n: formatDateTime(end.toISOString()) }) : t('exclusion.confirmForever')}</p>
        <p className="danger-note">{t('exclusion.confirmRules')}</p>
        <label className="exclusion-confirm__check">
          <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
          <span>{t('exclusion.confirmCheck')}</span>
        </label>
        <div className="exclusion-confirm__actions">
          <button type="button" className="button button--secondary button--large" onClick={onClose} disabled={choose.isPending}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary button--large exclusion-confirm__go"
            onClick={confirm}
            disabled={!understood || choose.isPending}
          >
            {t('exclusion.confirmAction')}
          </button>
        </div>
      </div>
    </Modal>
  )
}
