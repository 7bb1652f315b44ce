import { usePromotions } from '../../features/deposit/api/get-promotions.ts'
import { PromotionPage } from '../../features/promotion/components/promotion-page.tsx'
import { runningPromotion } from '../../lib/running-promotion.ts'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * /promotion: the promotion chooser, listing what the deposit screen offers (one query, one cache entry), or the
 * promotion the current player is running (ADR 072).
 */
export default function PromotionRoute() {
  const { user } = useCurrentPlayer()
  return <PromotionPage promotions={usePromotions()} running={runningPromotion(user?.promotion)} />
}
