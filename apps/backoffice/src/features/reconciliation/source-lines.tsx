import type { Reconciliation } from '@sanam/contract'
import { formatBaht, formatWhole } from '@sanam/web-shared/format'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { TitledSection } from '../../components/titled-section.tsx'
import { t } from '../../lib/i18n/th.ts'

const sum = (total: number, count: number) => `${formatBaht(total)} · ${formatWhole(count)} ${t('reconciliation.items')}`

/**
 * The day per source (ADR 086): what the bank feed, slips, notifications and operators each reported against what
 * was credited, every transfer counted once in the last row, and what each source reported that was not credited.
 */
export function SourceLines({ report }: { report: Pick<Reconciliation, 'sources' | 'transfers'> }) {
  const differences = report.sources.flatMap((s) => s.differences.map((d) => ({ ...d, source: s.source })))
  return (
    <TitledSection title={t('reconciliation.sources')} className="recon" titleClassName="detail__subtitle">
      <p className="muted">{t('reconciliation.sourcesLead')}</p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('reconciliation.sources')}</caption>
          <ColumnHeads labels={[t('deposits.sources.source'), t('reconciliation.reported'), t('reconciliation.credited'), t('reconciliation.difference')]} />
          <tbody>
            {report.sources.map((s) => (
              <tr key={s.source}>
                <th scope="row">{t(`deposits.source.${s.source}`)}</th>
                <td className="amount">{sum(s.reported_total, s.reported_count)}</td>
                <td className="amount">{sum(s.credited_total, s.credited_count)}</td>
                <td className={`amount ${s.difference === 0 ? 'state--in' : 'state--warn'}`}>{formatBaht(s.difference)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('reconciliation.allTransfers')}</th>
              <td className="amount">{sum(report.transfers.total, report.transfers.count)}</td>
              <td className="amount">{sum(report.transfers.credited_total, report.transfers.credited_count)}</td>
              <td className="amount">{formatBaht(report.transfers.total - report.transfers.credited_total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {differences.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              {t('reconciliation.differences')} · {t('reconciliation.sources')}
            </caption>
            <ColumnHeads
              labels={[
                t('deposits.sources.source'),
                t('reconciliation.kind'),
                t('reconciliation.reference'),
                t('reconciliation.amount'),
                t('reconciliation.member'),
              ]}
            />
            <tbody>
              {differences.map((d) => (
                <tr key={`${d.source}-${d.kind}-${d.reference}`}>
                  <td>{t(`deposits.source.${d.source}`)}</td>
                  <td>{d.text}</td>
                  <td>
                    <code>{d.reference}</code>
                  </td>
                  <td className="amount">{formatBaht(d.amount)}</td>
                  <td>{d.player_id ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledSection>
  )
}
