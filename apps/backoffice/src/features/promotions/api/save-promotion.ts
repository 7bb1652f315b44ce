import type { backofficePromotionsContract, PromotionTerms } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/**
 * `POST /backoffice/promotions` (a new promotion) or `POST /backoffice/promotions/:id/versions` (new terms for one):
 * either way a PENDING version that a second money operator publishes.
 */
export function savePromotion({
  id,
  terms,
}: {
  id?: number
  terms: PromotionTerms
}): Promise<ApiAnswer<ResponseData<typeof backofficePromotionsContract.create>>> {
  return apiAnswer(id === undefined ? '/backoffice/promotions' : `/backoffice/promotions/${id}/versions`, { method: 'POST', body: terms })
}

export const promotionsStale = [queryKeys.promotions.all, queryKeys.audit.all] as const

export const useSavePromotion = () => useApiMutation(savePromotion, promotionsStale)
