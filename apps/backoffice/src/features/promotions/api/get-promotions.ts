import type { backofficePromotionsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** `GET /backoffice/promotions`: every promotion, its status, live terms and the version waiting to be published. */
export function getPromotions(): Promise<ResponseData<typeof backofficePromotionsContract.list>> {
  return apiRequest('/backoffice/promotions')
}

export const promotionsQueryOptions = () => queryOptions({ queryKey: queryKeys.promotions.list, queryFn: getPromotions })
