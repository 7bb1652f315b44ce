import type { AnswerCarePromptBody, CarePrompt, ReviewEveryMonths } from '@sanam/contract'
import { formatBaht, formatDate, formatWhole } from '@sanam/web-shared/format'
import { useState } from 'react'
import { Link } from 'react-router'
import { t } from '../../../lib/i18n/index.ts'

const EVERY: readonly ReviewEveryMonths[] = [1, 3, 6]

/**
 * The account-and-spending review: the player's own deposits, withdrawals, net and play since the last review (or
 * registration), how often to be offered it (1, 3 or 6 months), and the way to the limits. Read: recorded with its time.
 */
export function ReviewPrompt({
  prompt,
  busy,
  onAnswer,
}: {
  prompt: NonNullable<CarePrompt['prompt']>
  busy: boolean
  onAnswer: (body: AnswerCarePromptBody) => void
}) {
  const [every, setEvery] = useState<ReviewEveryMonths>(prompt.every_months)
  const f = prompt.figures
  if (!f) return null
  const rows: Array<[string, string, string]> = [
    ['deposits', t('care.deposits'), formatBaht(f.deposits)],
    ['withdrawals', t('care.withdrawals'), formatBaht(f.withdrawals)],
    ['net', t('care.net'), formatBaht(f.net)],
    ['game', t('care.gameResult'), `${f.game_result > 0 ? '+' : ''}${formatBaht(f.game_result)}`],
    ['days', t('care.daysPlayed'), t('care.days', { n: formatWhole(f.days_played) })],
  ]
  return (
    <section className="card care-prompt" aria-labelledby="care-prompt-title" data-testid="care-review">
      <h2 className="care-prompt__title" id="care-prompt-title">
        {t('care.reviewTitle')}
      </h2>
      <p>{t('care.reviewText', { from: formatDate(prompt.from) })}</p>
      <dl className="care-figures">
        {rows.map(([key, label, value]) => (
          <div key={key} className="care-figures__row" data-testid={`care-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <fieldset className="limit-card__choices">
        <legend>{t('care.every')}</legend>
        {EVERY.map((n) => (
          <label key={n} className="limit-chip">
            <input type="radio" name="care-every" value={n} checked={every === n} onChange={() => setEvery(n)} />
            <span>{t('care.months', { n })}</span>
          </label>
        ))}
      </fieldset>
      <Link className="button button--secondary" to="/responsible-play">
        {t('care.seeLimits')}
      </Link>
      <button
        type="button"
        className="button button--primary button--large"
        disabled={busy}
        onClick={() => onAnswer({ kind: 'ACCOUNT_REVIEW', answer: 'REVIEWED', every_months: every })}
      >
        {t('care.reviewed')}
      </button>
    </section>
  )
}
