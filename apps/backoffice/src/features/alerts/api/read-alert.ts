import type { backofficeAlertsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/alerts/:id/read`: the signed-in operator has read this alert (ADR 087). */
export function readAlert(id: number): Promise<ApiAnswer<ResponseData<typeof backofficeAlertsContract.read>>> {
  return apiAnswer(`/backoffice/alerts/${id}/read`, { method: 'POST', body: {} })
}

export const useReadAlert = () => useApiMutation(readAlert, [queryKeys.alerts.all])
