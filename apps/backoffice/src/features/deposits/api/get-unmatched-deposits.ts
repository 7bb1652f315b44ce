import type { backofficeContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type DepositPage = ResponseData<typeof backofficeContract.unmatchedDeposits>

/** `GET /backoffice/deposits/unmatched`: transfers the bank feed could not give to a member, oldest first. */
export function getUnmatchedDeposits(page: number): Promise<DepositPage> {
  return apiRequest(`/backoffice/deposits/unmatched${queryString({ page })}`)
}

/** Asked again every 15 s: the feed keeps delivering. */
export const unmatchedDepositsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.deposits.unmatched(page),
    queryFn: () => getUnmatchedDeposits(page),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  })
