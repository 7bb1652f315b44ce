import type { backofficeMembersContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMembersContract.lock

/**
 * `POST /backoffice/members/:id/lock` (every session of the member ends at once) or `.../unlock`, with the reason
 * the audit log keeps.
 */
export function lockMember({ id, lock, ...body }: { id: number; lock: boolean } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/members/${id}/${lock ? 'lock' : 'unlock'}`, { method: 'POST', body })
}

/** The profile and the search results show the member's state. */
export const useLockMember = () => useApiMutation(lockMember, [queryKeys.members.all])
