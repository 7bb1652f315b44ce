import type { backofficeContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeContract.manualDeposit
export type ManualDepositBody = RequestBody<Route>

/**
 * `POST /backoffice/deposits/manual`: a transfer that never came through the feed, credited by hand with the bank's
 * reference (the feed's later report of it credits nothing) and a mandatory note.
 */
export function createManualDeposit(body: ManualDepositBody): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/deposits/manual', { method: 'POST', body })
}

export const useCreateManualDeposit = () => useApiMutation(createManualDeposit, [queryKeys.deposits.all, queryKeys.members.all, queryKeys.dashboard.all])
