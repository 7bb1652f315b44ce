import type { backofficePromotionsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** `GET /backoffice/promotions/choices`: the catalogue's providers and the game types the pickers offer. */
export function getPromotionChoices(): Promise<ResponseData<typeof backofficePromotionsContract.choices>> {
  return apiRequest('/backoffice/promotions/choices')
}

export const promotionChoicesQueryOptions = () => queryOptions({ queryKey: queryKeys.promotions.choices, queryFn: getPromotionChoices })
