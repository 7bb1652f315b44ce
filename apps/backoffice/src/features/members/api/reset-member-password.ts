import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/members/:id/reset-password`: a temporary password goes to the member by SMS; the answer says where. */
export function resetMemberPassword({ id }: { id: number }): Promise<ApiAnswer<ResponseData<typeof backofficeMembersContract.resetPassword>>> {
  return apiAnswer(`/backoffice/members/${id}/reset-password`, { method: 'POST' })
}

export const useResetMemberPassword = () => useApiMutation(resetMemberPassword, [queryKeys.members.all])
