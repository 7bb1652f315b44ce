import type { DashboardSummary } from '@sanam/contract'
import { formatWhole } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { t } from '../../lib/i18n/th.ts'

/** A span of seconds as an operator reads it: `45 วินาที`, `12 นาที`, `3 ชม. 5 นาที`. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${t('dashboard.seconds')}`
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return hours > 0 ? `${formatWhole(hours)} ${t('dashboard.hours')} ${minutes} ${t('dashboard.minutes')}` : `${minutes} ${t('dashboard.minutes')}`
}

/**
 * Withdrawals through the payout bank over the last 24 hours (issue 37 §4, ADR 085): how many the auto-approval paid
 * without an operator, how long a request took to be paid (p50, p95), and the payouts whose outcome nobody knows yet,
 * with the oldest's age: each opens the payouts page.
 */
export function PayoutFigures({ payouts }: { payouts: DashboardSummary['payouts'] }) {
  const none = t('dashboard.none')
  return (
    <>
      <h2 className="detail__subtitle" id="dashboard-payouts">
        {t('dashboard.payouts')}
      </h2>
      <ul className="cards" aria-labelledby="dashboard-payouts">
        <li className="card" data-testid="dashboard-auto-rate">
          <span className="card__label">{t('dashboard.autoRate')}</span>
          <span className="card__value">{payouts.auto_approval_percent === null ? none : `${payouts.auto_approval_percent}%`}</span>
          <span className="card__note">
            {formatWhole(payouts.auto_approved)} / {formatWhole(payouts.auto_asked)} {t('dashboard.transactions')}
          </span>
        </li>
        <li className="card" data-testid="dashboard-paid-time">
          <span className="card__label">{t('dashboard.paidTime')}</span>
          <span className="card__value">{payouts.paid_p50_seconds === null ? none : durationText(payouts.paid_p50_seconds)}</span>
          <span className="card__note">
            {t('dashboard.p95')} {payouts.paid_p95_seconds === null ? none : durationText(payouts.paid_p95_seconds)}
          </span>
        </li>
        <li className="card" data-testid="dashboard-unknowns">
          <Link to="/payouts" className="card__link">
            <span className="card__label">{t('dashboard.unknowns')}</span>
            <span className={`card__value ${payouts.unknown_count > 0 ? 'state--warn' : ''}`}>{formatWhole(payouts.unknown_count)}</span>
            <span className="card__note">
              {t('dashboard.oldest')} {payouts.unknown_oldest_seconds === null ? none : durationText(payouts.unknown_oldest_seconds)}
            </span>
          </Link>
        </li>
      </ul>
    </>
  )
}
