import { transferKindText } from '@sanam/contract'
import { formatBaht, formatDateTime } from '@sanam/web-shared/format'
import { ListTable } from '../../components/list-table.tsx'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import type { RiskCaseData } from './api/get-risk.ts'

/** What the case rests on: each alert with the inputs its rule read, the player's ledger rows, the linked players, the notes. */
export function CaseEvidence({ riskCase: c }: { riskCase: RiskCaseData }) {
  return (
    <>
      <h2 className="detail__subtitle">{t('risk.evidenceAlerts')}</h2>
      <ol className="outbox-list">
        {c.alert_list.map((a) => (
          <li key={a.id}>
            <strong>
              {a.rule} · {a.text}
            </strong>{' '}
            · {t(`risk.actionOf.${a.action}` as MessageKey)} · {a.reference} · {formatDateTime(a.created_at)} · {t('risk.paramsVersion')} {a.params_version}
            <details>
              <summary>{t('risk.inputs')}</summary>
              <pre className="code">{JSON.stringify(a.inputs, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
      <ListTable
        caption={t('risk.evidenceLedger')}
        heads={[t('risk.at'), t('risk.kind'), t('risk.amount'), t('risk.reference')]}
        items={c.ledger}
        itemKey={(l) => l.id}
        row={(l) => (
          <>
            <td>{formatDateTime(l.at)}</td>
            <td title={l.kind}>{transferKindText(l.kind)}</td>
            <td>
              {t(`risk.direction.${l.direction}` as MessageKey)} {formatBaht(l.amount)}
            </td>
            <td>{l.reference}</td>
          </>
        )}
      />
      <h2 className="detail__subtitle">{t('risk.evidenceLinked')}</h2>
      {c.linked.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <ul>
          {c.linked.map((l) => (
            <li key={l.player_id}>
              {l.mobile} ({l.reasons.map((r) => t(`members.linkReason.${r}` as MessageKey)).join(', ')})
            </li>
          ))}
        </ul>
      )}
      <h2 className="detail__subtitle">{t('risk.notes')}</h2>
      {c.notes.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <ol className="outbox-list">
          {c.notes.map((n) => (
            <li key={n.id}>
              <strong>{n.operator}</strong> · {formatDateTime(n.at)}: {n.body}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
