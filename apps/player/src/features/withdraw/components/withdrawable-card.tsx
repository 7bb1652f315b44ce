import type { WithdrawConfig } from '@sanam/contract'
import { formatBaht, formatNumber } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'

/**
 * What can be withdrawn now (ADR 072): the server's `withdrawable` (whole baht; nothing while a promotion holds the
 * balance), the whole balance beside it when they differ, and what holds the rest: the promotion's title and what is
 * left of its target. An older answer without `withdrawable` shows the balance, as before.
 */
export function WithdrawableCard({ balance, terms }: { balance: number | undefined; terms: WithdrawConfig | undefined }) {
  const withdrawable = terms ? (terms.withdrawable ?? balance) : undefined
  const heldBy = terms?.held_by ?? null
  return (
    <section className="balance-card card" aria-labelledby="withdraw-balance">
      <p className="balance-card__label" id="withdraw-balance">
        {t('withdraw.balance')}
      </p>
      <p className="balance-card__amount" data-testid="withdraw-balance" aria-live="polite">
        {withdrawable !== undefined ? formatBaht(withdrawable) : <span className="skeleton skeleton--amount" aria-label={t('state.loading')} />}
      </p>
      {balance !== undefined && withdrawable !== undefined && withdrawable < balance && (
        <p className="balance-card__total" data-testid="withdraw-total">
          {t('withdraw.total', { amount: formatBaht(balance) })}
        </p>
      )}
      {heldBy && (
        <p className="info-note balance-card__held" data-testid="withdraw-held">
          {t(heldBy.type === 'CREDIT' ? 'withdraw.heldCredit' : 'withdraw.heldTurnover', { title: heldBy.title, n: formatNumber(heldBy.left) })}
        </p>
      )}
    </section>
  )
}
