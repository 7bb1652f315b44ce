import type { backofficeContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type WithdrawalStatus = NonNullable<RequestQuery<typeof backofficeContract.withdrawals>['status']>
export type WithdrawalPage = ResponseData<typeof backofficeContract.withdrawals>

/** `GET /backoffice/withdrawals?status=&page=`: the queue (PENDING) or the decided ones, newest first. */
export function getWithdrawals(status: WithdrawalStatus, page: number): Promise<WithdrawalPage> {
  return apiRequest(`/backoffice/withdrawals${queryString({ status, page })}`)
}

/** Asked again every 15 s: new requests arrive while the operator looks at the queue. */
export const withdrawalsQueryOptions = (status: WithdrawalStatus, page: number) =>
  queryOptions({
    queryKey: queryKeys.withdrawals.list(status, page),
    queryFn: () => getWithdrawals(status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  })
