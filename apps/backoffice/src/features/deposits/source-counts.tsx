import { formatWhole } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { TitledSection } from '../../components/titled-section.tsx'
import { QueryView } from '../../components/query-view.tsx'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useDepositSources } from './api/get-deposit-sources.ts'

/** Where each source's own list is, for the operator who wants the items behind a count. */
const LIST: Partial<Record<string, string>> = { SLIP: '/slips', NOTIFICATION: '/bank-notifications', MANUAL: '/approvals' }
const COUNTS = ['arrived', 'matched', 'waiting', 'failed', 'not_money'] as const
const HEADS: Record<(typeof COUNTS)[number], MessageKey> = {
  arrived: 'deposits.sources.arrived',
  matched: 'deposits.sources.matched',
  waiting: 'deposits.sources.waiting',
  failed: 'deposits.sources.failed',
  not_money: 'deposits.sources.notMoney',
}

/**
 * Today's incoming transfers per source (issue 37 §5, ADR 086): the bank feed, players' slips, forwarded bank
 * notifications and operators' manual deposits; how many arrived, were credited, wait, failed, or were no money.
 */
export function SourceCounts() {
  const counts = useDepositSources()
  return (
    <TitledSection title={t('deposits.sources')} titleClassName="detail__subtitle">
      <p className="muted">{t('deposits.sourcesLead')}</p>
      <QueryView query={counts}>
        {(data) => (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('deposits.sources')}</caption>
              <ColumnHeads labels={[t('deposits.sources.source'), ...COUNTS.map((c) => t(HEADS[c]))]} />
              <tbody>
                {data.sources.map((row) => {
                  const name = t(`deposits.source.${row.source}`)
                  const list = LIST[row.source]
                  return (
                    <tr key={row.source} data-source={row.source}>
                      <th scope="row">{list ? <Link to={list}>{name}</Link> : name}</th>
                      {COUNTS.map((c) => (
                        <td key={c} className={`amount ${c === 'waiting' && row[c] > 0 ? 'state--warn' : ''}`}>
                          {formatWhole(row[c])}
                        </td>
                      ))}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </TitledSection>
  )
}
