import type { backofficeContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** The search: member, amount, bank reference, Bangkok dates (each optional), and the page. */
export type DepositHistoryQuery = RequestQuery<typeof backofficeContract.depositHistory>
export type DepositHistoryPage = ResponseData<typeof backofficeContract.depositHistory>

/** `GET /backoffice/deposits?q=&amount=&ref=&from=&to=&page=`: credited deposits, newest first. */
export const depositHistoryQueryOptions = (query: DepositHistoryQuery) =>
  listQueryOptions<DepositHistoryPage>(queryKeys.deposits.history(query), '/backoffice/deposits', query)
