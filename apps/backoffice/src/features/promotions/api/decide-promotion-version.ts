import type { backofficePromotionsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { promotionsStale } from './save-promotion.ts'

type Answer = Promise<ApiAnswer<ResponseData<typeof backofficePromotionsContract.publish>>>

/**
 * `POST /backoffice/promotion-versions/:id/publish` (a money operator other than its author: 409 otherwise) or
 * `.../reject` with a reason. Named by version id: a version replaced meanwhile is refused (409).
 */
export function decidePromotionVersion({ id, reason }: { id: number; reason?: string }): Answer {
  return reason === undefined
    ? apiAnswer(`/backoffice/promotion-versions/${id}/publish`, { method: 'POST' })
    : apiAnswer(`/backoffice/promotion-versions/${id}/reject`, { method: 'POST', body: { reason } })
}

export const useDecidePromotionVersion = () => useApiMutation(decidePromotionVersion, promotionsStale)
