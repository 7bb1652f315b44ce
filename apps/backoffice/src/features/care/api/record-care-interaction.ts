import type { backofficeCareContract, RecordCareInteractionBody } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/care-tasks/:id/interactions`: what was said or done, when, by this operator (audited); `close` ends the task. */
export function recordCareInteraction(input: {
  id: number
  body: RecordCareInteractionBody
}): Promise<ApiAnswer<ResponseData<typeof backofficeCareContract.record>>> {
  return apiAnswer(`/backoffice/care-tasks/${input.id}/interactions`, { method: 'POST', body: input.body })
}

export const useRecordCareInteraction = () => useApiMutation(recordCareInteraction, [queryKeys.care.all, queryKeys.audit.all])
