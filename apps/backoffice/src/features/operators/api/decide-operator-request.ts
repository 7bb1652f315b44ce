import type { ApiAnswer } from '../../../lib/api-client.ts'
import { apiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/**
 * `POST /backoffice/operators/requests/:id/approve` (a second owner makes the change) or `.../reject` (any owner, the
 * proposer included, turns it down).
 */
export function decideOperatorRequest({ id, decision }: { id: number; decision: 'approve' | 'reject' }): Promise<ApiAnswer<unknown>> {
  return apiAnswer(`/backoffice/operators/requests/${id}/${decision}`, { method: 'POST' })
}

export const useDecideOperatorRequest = () => useApiMutation(decideOperatorRequest, [queryKeys.operators.all, queryKeys.audit.all])
