import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMoneyContract.manualDeposit
export type ManualDepositBody = RequestBody<Route>

/**
 * `POST /backoffice/deposits/manual`: an operator's claim that a transfer with this bank reference exists, with a
 * mandatory note. It credits nothing yet (status PENDING): the bank feed's transfer with that reference, amount and the
 * member's account completes it, or a second operator approves it in the approvals queue (ADR 035).
 */
export function createManualDeposit(body: ManualDepositBody): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/deposits/manual', { method: 'POST', body })
}

export const useCreateManualDeposit = () =>
  useApiMutation(createManualDeposit, [queryKeys.deposits.all, queryKeys.members.all, queryKeys.approvals.all, queryKeys.dashboard.all])
