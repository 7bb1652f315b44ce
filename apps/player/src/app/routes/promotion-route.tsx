import { usePromotions } from '../../features/deposit/api/get-promotions.ts'
import { PromotionPage } from '../../features/promotion/components/promotion-page.tsx'

/** /promotion: the promotion chooser, listing what the deposit screen offers (one query, one cache entry). */
export default function PromotionRoute() {
  return <PromotionPage promotions={usePromotions()} />
}
