import { formatBaht, formatDay, formatWhole } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useDashboard } from './api/get-dashboard.ts'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { PayoutFigures } from './payout-figures.tsx'

const MONEY_CARDS: Array<{ key: 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'ggr'; label: MessageKey }> = [
  { key: 'deposits', label: 'dashboard.deposits' },
  { key: 'withdrawals', label: 'dashboard.withdrawals' },
  { key: 'bets', label: 'dashboard.bets' },
  { key: 'wins', label: 'dashboard.wins' },
  { key: 'ggr', label: 'dashboard.ggr' },
]
const COUNT_CARDS: Array<{ key: 'pending_withdrawals' | 'unmatched_deposits' | 'new_players' | 'active_players'; label: MessageKey }> = [
  { key: 'pending_withdrawals', label: 'dashboard.pending' },
  { key: 'unmatched_deposits', label: 'dashboard.unmatched' },
  { key: 'new_players', label: 'dashboard.newPlayers' },
  { key: 'active_players', label: 'dashboard.activePlayers' },
]
/** The money desk's queues (ADR 035): each count opens its queue. */
const QUEUE_CARDS: Array<{ key: 'pending_approvals' | 'deposit_exceptions'; label: MessageKey; to: string }> = [
  { key: 'pending_approvals', label: 'dashboard.approvals', to: '/approvals' },
  { key: 'deposit_exceptions', label: 'dashboard.exceptions', to: '/exceptions' },
]

/** Today in Bangkok at a glance, and the last 14 days as a chart (recharts, drawn at once: no animation). Refreshed every minute. */
export function DashboardPage() {
  const summary = useDashboard()
  const data = summary.data
  return (
    <section className="panel">
      <h1 className="panel__title">{t('dashboard.title')}</h1>
      {!data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          <p className="muted">
            {t('dashboard.today')} {formatDay(data.today.date)}
          </p>
          <ul className="cards" aria-label={t('dashboard.title')}>
            {MONEY_CARDS.map((card) => (
              <li key={card.key} className="card">
                <span className="card__label">{t(card.label)}</span>
                <span className="card__value amount">{formatBaht(data.today[card.key])}</span>
                {card.key === 'deposits' && (
                  <span className="card__note">
                    {data.today.deposit_count} {t('dashboard.transactions')}
                  </span>
                )}
                {card.key === 'withdrawals' && (
                  <span className="card__note">
                    {data.today.withdrawal_count} {t('dashboard.transactions')}
                  </span>
                )}
              </li>
            ))}
            {QUEUE_CARDS.map((card) => (
              <li key={card.key} className="card">
                <Link to={card.to} className="card__link">
                  <span className="card__label">{t(card.label)}</span>
                  <span className={`card__value ${data.today[card.key] > 0 ? 'state--warn' : ''}`}>{formatWhole(data.today[card.key])}</span>
                </Link>
              </li>
            ))}
            {COUNT_CARDS.map((card) => (
              <li key={card.key} className="card">
                <span className="card__label">{t(card.label)}</span>
                <span className="card__value">{formatWhole(data.today[card.key])}</span>
              </li>
            ))}
          </ul>
          <PayoutFigures payouts={data.payouts} />
          <h2 className="detail__subtitle">{t('dashboard.chart')}</h2>
          <figure className="chart" aria-label={t('dashboard.chart')}>
            <ResponsiveContainer width="100%" height={320}>
              <ComposedChart data={data.days.map((d) => ({ ...d, label: formatDay(d.date) }))} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
                <CartesianGrid stroke="rgb(255 255 255 / 0.08)" vertical={false} />
                <XAxis dataKey="label" stroke="#a9a6b8" tick={{ fontSize: 12 }} />
                <YAxis stroke="#a9a6b8" tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatWhole(v)} />
                <Tooltip
                  formatter={(value) => formatBaht(Number(value))}
                  contentStyle={{ background: '#151523', border: '1px solid rgb(255 255 255 / 0.15)', borderRadius: 8 }}
                />
                <Legend />
                <Bar dataKey="deposits" name={t('dashboard.deposits')} fill="#8fe3a4" isAnimationActive={false} />
                <Bar dataKey="withdrawals" name={t('dashboard.withdrawals')} fill="#ff8a80" isAnimationActive={false} />
                <Line dataKey="ggr" name={t('dashboard.ggr')} stroke="#d4af37" strokeWidth={2} dot={false} isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
            <figcaption className="visually-hidden">{t('dashboard.chartCaption')}</figcaption>
          </figure>
          <table className="table visually-hidden">
            <caption>{t('dashboard.chart')}</caption>
            <ColumnHeads labels={[t('dashboard.date'), t('dashboard.deposits'), t('dashboard.withdrawals'), t('dashboard.ggr')]} />
            <tbody>
              {data.days.map((d) => (
                <tr key={d.date}>
                  <td>{formatDay(d.date)}</td>
                  <td>{formatBaht(d.deposits)}</td>
                  <td>{formatBaht(d.withdrawals)}</td>
                  <td>{formatBaht(d.ggr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}
