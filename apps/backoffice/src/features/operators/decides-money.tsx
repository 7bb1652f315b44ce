import type { OperatorListItem } from '@sanam/contract'
import { formatDateTime } from '@sanam/web-shared/format'
import { t } from '../../lib/i18n/th.ts'

/**
 * From when an operator may decide four-eyes items, as the server says it (ADR 075): 24 hours after its creation or
 * its last password or authenticator reset; and the operators it may be one person with (ADR 070), who never decide
 * each other's items, each until the tie lapses. A support operator decides none.
 */
export function DecidesMoney({ operator }: { operator: OperatorListItem }) {
  if (operator.role === 'support' || operator.role === 'compliance') return <span className="muted">{t('operators.decidesNothing')}</span>
  return (
    <span>
      {t('operators.decidesFrom')} {formatDateTime(operator.decides_money_from)}
      {operator.related.length > 0 && (
        <span className="cell-note state--warn">
          {t('operators.relatedTo')}{' '}
          {operator.related
            .map(
              (other) => `${other.username} (${other.until ? `${t('operators.relatedUntil')} ${formatDateTime(other.until)}` : t('operators.relatedForGood')})`,
            )
            .join(', ')}
        </span>
      )}
    </span>
  )
}
