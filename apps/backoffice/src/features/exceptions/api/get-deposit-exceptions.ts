import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type ExceptionStatus = NonNullable<RequestQuery<typeof backofficeMoneyContract.exceptions>['status']>
export type ExceptionPage = ResponseData<typeof backofficeMoneyContract.exceptions>

/** `GET /backoffice/deposit-exceptions?status=&page=`: feed transfers that contradict a record, with that record. Asked again every 15 s: the feed keeps delivering. */
export const depositExceptionsQueryOptions = (status: ExceptionStatus, page: number) =>
  listQueryOptions<ExceptionPage>(queryKeys.exceptions.list(status, page), '/backoffice/deposit-exceptions', { status, page }, { refetchInterval: 15_000 })
