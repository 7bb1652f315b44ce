import type { ReconciliationAccount } from '@sanam/contract'
import { formatBaht, formatDate, formatWhole } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { DayFilter, useShownDay } from '../../components/day-filter.tsx'
import { QueryView } from '../../components/query-view.tsx'
import { t } from '../../lib/i18n/th.ts'
import { useReconciliation } from './api/get-reconciliation.ts'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { SourceLines } from './source-lines.tsx'

/**
 * The daily reconciliation (issue 18 §3, ADR 035): pick a Bangkok day (today first); per pay-in account the bank feed's
 * total against the credited deposits, and every difference (a transfer not credited, an exception, a credit no
 * transfer confirms, a claim still waiting).
 */
export function ReconciliationPage() {
  const [day, setDay] = useShownDay()
  const report = useReconciliation(day)
  return (
    <section className="panel">
      <h1 className="panel__title">{t('reconciliation.title')}</h1>
      <p className="muted">{t('reconciliation.lead')}</p>
      <DayFilter screen="reconciliation" day={day} onDay={setDay} />
      <h2 className="detail__title">{formatDate(`${day}T00:00:00+07:00`)}</h2>
      <QueryView query={report}>
        {(data) =>
          data.accounts.length === 0 && data.transfers.count === 0 ? (
            <p className="muted">{t('reconciliation.none')}</p>
          ) : (
            <>
              {data.accounts.map((account) => (
                <AccountDay key={account.account ?? 'none'} account={account} />
              ))}
              <SourceLines report={data} />
            </>
          )
        }
      </QueryView>
    </section>
  )
}

function AccountDay({ account }: { account: ReconciliationAccount }) {
  const title = `recon-${account.account ?? 'none'}`
  const name = account.account ? [account.bank_code, account.account, account.account_name].filter(Boolean).join(' · ') : t('reconciliation.noAccount')
  return (
    <article className="recon" aria-labelledby={title}>
      <h3 id={title} className="detail__subtitle">
        {name}
      </h3>
      <dl className="facts">
        <dt>{t('reconciliation.feed')}</dt>
        <dd className="amount">
          {formatBaht(account.feed_total)} · {formatWhole(account.feed_count)} {t('reconciliation.items')}
        </dd>
        <dt>{t('reconciliation.credited')}</dt>
        <dd className="amount">
          {formatBaht(account.credited_total)} · {formatWhole(account.credited_count)} {t('reconciliation.items')}
        </dd>
        <dt>{t('reconciliation.difference')}</dt>
        <dd className={`amount ${account.difference === 0 ? 'state--in' : 'state--warn'}`}>{formatBaht(account.difference)}</dd>
      </dl>
      {account.differences.length === 0 ? (
        <p className="muted recon__ok">{t('reconciliation.balanced')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              {t('reconciliation.differences')} · {name}
            </caption>
            <ColumnHeads
              labels={[
                t('reconciliation.kind'),
                t('reconciliation.reference'),
                t('reconciliation.amount'),
                t('reconciliation.record'),
                t('reconciliation.member'),
              ]}
            />
            <tbody>
              {account.differences.map((d) => (
                <tr key={`${d.kind}-${d.deposit_id ?? ''}-${d.exception_id ?? ''}`}>
                  <td>{d.text}</td>
                  <td>
                    <code>{d.external_id}</code>
                  </td>
                  <td className="amount">{formatBaht(d.amount)}</td>
                  <td>
                    {d.exception_id !== null ? (
                      <Link to="/exceptions">
                        {t('reconciliation.exception')} #{d.exception_id}
                      </Link>
                    ) : d.deposit_id !== null ? (
                      `${t('reconciliation.deposit')} #${d.deposit_id}`
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>{d.player_id ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  )
}
