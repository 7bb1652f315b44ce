import type { backofficeCareContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type CareTask = ResponseData<typeof backofficeCareContract.task>

/** `GET /backoffice/care-tasks/:id`: one care task, the figures that opened it and every interaction recorded. */
export function useCareTask(id: number) {
  return useQuery({ queryKey: queryKeys.care.task(id), queryFn: () => apiRequest<CareTask>(`/backoffice/care-tasks/${id}`) })
}
