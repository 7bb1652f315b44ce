import type { backofficeContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type WithdrawalStatus = NonNullable<RequestQuery<typeof backofficeContract.withdrawals>['status']>
export type WithdrawalPage = ResponseData<typeof backofficeContract.withdrawals>

/** `GET /backoffice/withdrawals?status=&page=`: the queue (PENDING) or the decided ones, newest first. Asked again every 15 s: new requests arrive while the operator looks at the queue. */
export const withdrawalsQueryOptions = (status: WithdrawalStatus, page: number) =>
  listQueryOptions<WithdrawalPage>(queryKeys.withdrawals.list(status, page), '/backoffice/withdrawals', { status, page }, { refetchInterval: 15_000 })
