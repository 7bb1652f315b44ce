import { formatNumber } from '@sanam/web-shared/format'
import { t } from '../lib/i18n/index.ts'
import { targetLeft, type PromotionView } from '../lib/running-promotion.ts'

/**
 * Why no other promotion is offered (ADR 072): one promotion runs at a time, this one, until it ends (its target met
 * and a withdrawal, or the balance below 1 baht). On the promotion page and beside the deposit screen's promotion choice.
 */
export function RunningPromotionNote({ promotion }: { promotion: PromotionView }) {
  const { kind, left } = targetLeft(promotion)
  const until =
    left <= 0 ? t('promotion.runningMet') : t(kind === 'credit' ? 'promotion.runningCredit' : 'promotion.runningTurnover', { n: formatNumber(left) })
  return (
    <div className="info-note" role="note" data-testid="running-promotion">
      <p>{runningText(promotion.title)}</p>
      <p>{until}</p>
    </div>
  )
}

/** "คุณกำลังรับโปรโมชั่น «title» อยู่" with the title emphasised. */
function runningText(title: string) {
  const [before, after] = t('promotion.running').split('{title}')
  return (
    <>
      {before}
      <strong>{title}</strong>
      {after}
    </>
  )
}
