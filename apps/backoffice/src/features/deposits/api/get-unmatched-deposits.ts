import type { backofficeContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type DepositPage = ResponseData<typeof backofficeContract.unmatchedDeposits>

/** `GET /backoffice/deposits/unmatched`: transfers the bank feed could not give to a member, oldest first. Asked again every 15 s: the feed keeps delivering. */
export const unmatchedDepositsQueryOptions = (page: number) =>
  listQueryOptions<DepositPage>(queryKeys.deposits.unmatched(page), '/backoffice/deposits/unmatched', { page }, { refetchInterval: 15_000 })
