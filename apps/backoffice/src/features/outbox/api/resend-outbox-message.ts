import type { backofficeOutboxContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/outbox/:id/resend`: a failed notice written again with a new retry key (audited; never a code). */
export function resendOutboxMessage(id: number): Promise<ApiAnswer<ResponseData<typeof backofficeOutboxContract.resend>>> {
  return apiAnswer(`/backoffice/outbox/${id}/resend`, { method: 'POST', body: {} })
}

export const useResendOutboxMessage = () => useApiMutation(resendOutboxMessage, [queryKeys.outbox.all])
