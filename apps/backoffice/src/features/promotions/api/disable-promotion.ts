import type { backofficePromotionsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { promotionsStale } from './save-promotion.ts'

type Route = typeof backofficePromotionsContract.disable

/** `POST /backoffice/promotions/:id/disable` with a reason: off at once for new claims (players who hold it keep it). */
export function disablePromotion({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/promotions/${id}/disable`, { method: 'POST', body })
}

export const useDisablePromotion = () => useApiMutation(disablePromotion, promotionsStale)
