import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/members/:id/end-sessions`: signs the member out everywhere. */
export function endMemberSessions({ id }: { id: number }): Promise<ApiAnswer<ResponseData<typeof backofficeMembersContract.endSessions>>> {
  return apiAnswer(`/backoffice/members/${id}/end-sessions`, { method: 'POST' })
}

export const useEndMemberSessions = () => useApiMutation(endMemberSessions, [queryKeys.members.all])
