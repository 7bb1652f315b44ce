import type { backofficePayoutsContract } from '@sanam/contract'
import type { RequestBody, RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiAnswer, apiRequest, listQueryOptions, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Contract = typeof backofficePayoutsContract
export type PayoutQueue = NonNullable<RequestQuery<Contract['payouts']>['status']>
export type PayoutPage = ResponseData<Contract['payouts']>
export type Payout = PayoutPage['list'][number]

/** `GET /backoffice/payouts?status=`: the held or unknown payouts, the longest waiting first; asked again every 15 s (ages grow, the job settles some). */
export const payoutsQueryOptions = (status: PayoutQueue, page: number) =>
  listQueryOptions<PayoutPage>(queryKeys.payouts.list(status, page), '/backoffice/payouts', { status, page }, { refetchInterval: 15_000 })

/** `GET /backoffice/payouts/summary`: which bank approvals go to (none: by hand), and how many wait in each queue. */
export const payoutSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.payouts.summary, queryFn: () => apiRequest<ResponseData<Contract['payoutSummary']>>('/backoffice/payouts/summary') })

/** What settling a payout changes: its queue, the withdrawals, the member's balance, the dashboard. */
const STALE = [queryKeys.payouts.all, queryKeys.withdrawals.all, queryKeys.members.all, queryKeys.dashboard.all]
const post =
  <Body>(action: string) =>
  ({ id, ...body }: { id: number } & Body): Promise<ApiAnswer<Payout>> =>
    apiAnswer(`/backoffice/payouts/${id}/${action}`, { method: 'POST', ...(Object.keys(body).length > 0 ? { body } : {}) })

/** "Ask the bank again": the bank's answer for the payout's reference, now. */
export const useRecheckPayout = () => useApiMutation(post<object>('recheck'), STALE)
/** The first operator's reading of the statement for an unknown payout. */
export const useProposePayout = () => useApiMutation(post<RequestBody<Contract['proposePayout']>>('propose'), STALE)
/** A second, different operator confirms the proposal shown. */
export const useConfirmPayout = () => useApiMutation(post<RequestBody<Contract['confirmPayout']>>('confirm'), STALE)
/** A held payout (nothing sent) to the bank again. */
export const useSendPayoutAgain = () => useApiMutation(post<object>('send-again'), STALE)
/** A held payout refused: the money returns to the member. */
export const useRefusePayout = () => useApiMutation(post<RequestBody<Contract['refusePayout']>>('refuse'), STALE)
