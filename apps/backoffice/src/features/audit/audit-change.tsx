import { auditDiff, showValue } from './audit-diff.ts'
import { t } from '../../lib/i18n/th.ts'

/** Changed fields shown in the row; the rest are counted, and every field is in the full JSON below them. */
const SHOWN = 2

/**
 * What an audit entry changed, compact: up to two changed fields as `field: before → after`, one line each, and the
 * entry's whole before and after as JSON on demand (a <details>), so a row keeps a normal height.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditDiff(before, after)
  if (changes.length === 0 && (before === null || before === undefined) && (after === null || after === undefined)) return <span className="muted">–</span>
  const hidden = changes.length - SHOWN
  return (
    <div className="audit-change">
      <ul className="audit-change__list">
        {changes.slice(0, SHOWN).map((change) => (
          <li key={change.field} className="audit-change__item" title={`${change.field}: ${showValue(change.before)} → ${showValue(change.after)}`}>
            <span className="audit-change__field">{change.field}</span> <del>{showValue(change.before)}</del> → <ins>{showValue(change.after)}</ins>
          </li>
        ))}
        {changes.length === 0 && <li className="audit-change__item muted">{t('audit.noChange')}</li>}
      </ul>
      <details className="audit-change__json">
        <summary>{hidden > 0 ? `${t('audit.allFields')} (+${hidden})` : t('audit.allFields')}</summary>
        <pre>{JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2)}</pre>
      </details>
    </div>
  )
}
