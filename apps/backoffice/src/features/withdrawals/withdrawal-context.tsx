import type { WithdrawalContext } from '@sanam/contract'
import { formatBaht } from '@sanam/web-shared/format'
import { t } from '../../lib/i18n/th.ts'

/**
 * What the operator should weigh before paying (issue 12 §3): the member's money so far, today's play, a running
 * promotion and accounts linked to theirs. Linked accounts are flagged: they may be one person behind several members.
 */
export function WithdrawalContextFacts({ context, compact = false }: { context: WithdrawalContext; compact?: boolean }) {
  return (
    <dl className={compact ? 'facts facts--compact' : 'facts'}>
      <dt>{t('context.cash')}</dt>
      <dd className="amount">{formatBaht(context.cash)}</dd>
      <dt>{t('context.deposits')}</dt>
      <dd>
        <span className="amount">{formatBaht(context.deposited)}</span> ({context.deposits} {t('context.times')})
      </dd>
      <dt>{t('context.withdrawals')}</dt>
      <dd>
        <span className="amount">{formatBaht(context.withdrawn)}</span> ({context.withdrawals} {t('context.times')})
      </dd>
      <dt>{t('context.turnoverToday')}</dt>
      <dd className="amount">{formatBaht(context.turnover_today)}</dd>
      <dt>{t('context.promotion')}</dt>
      <dd>{context.promotion ?? t('context.noPromotion')}</dd>
      <dt>{t('context.linked')}</dt>
      <dd>{context.linked_players > 0 ? <span className="state state--warn">{context.linked_players}</span> : '0'}</dd>
      <dt>{t('context.lastIp')}</dt>
      <dd>{context.last_ip ?? '–'}</dd>
    </dl>
  )
}
