import type { QueryKey } from '@tanstack/react-query'
import type { AnsweringRoute, BodyRoute, RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from './api-client.ts'
import { useApiMutation } from './use-api-mutation.ts'

/** A four-eyes proposal's two decisions, as a contract names them. */
type Decisions = { approve: AnsweringRoute; reject: AnsweringRoute & BodyRoute }

/**
 * The calls that decide a waiting proposal by its id under `base` (the plan's proposals, the site's content versions):
 * `POST <base>/:id/approve`, by a second operator (never the author: 409 FOUR_EYES_SAME_OPERATOR), and
 * `POST <base>/:id/reject` with a reason; each then refetches the queries under `stale`.
 */
export function versionDecisions<Contract extends Decisions>(base: string, stale: readonly QueryKey[]) {
  const approve = ({ id }: { id: number }): Promise<ApiAnswer<ResponseData<Contract['approve']>>> => apiAnswer(`${base}/${id}/approve`, { method: 'POST' })
  const reject = ({ id, ...body }: { id: number } & RequestBody<Contract['reject']>): Promise<ApiAnswer<ResponseData<Contract['reject']>>> =>
    apiAnswer(`${base}/${id}/reject`, { method: 'POST', body })
  return {
    approve,
    reject,
    useApprove: () => useApiMutation(approve, stale),
    useReject: () => useApiMutation(reject, stale),
  }
}
