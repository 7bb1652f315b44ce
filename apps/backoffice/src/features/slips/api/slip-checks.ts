import type { slipsContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, listQueryOptions, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

export type SlipCheckStatus = NonNullable<RequestQuery<typeof slipsContract.slipChecks>['status']>
export type SlipCheckPage = ResponseData<typeof slipsContract.slipChecks>
type OneCheck = ResponseData<typeof slipsContract.recheckSlip>

/** `GET /backoffice/slips?status=&page=`: players' slip checks in one state (ADR 079), asked again every 15 s. */
export const slipChecksQueryOptions = (status: SlipCheckStatus, page: number) =>
  listQueryOptions<SlipCheckPage>(queryKeys.slips.list(status, page), '/backoffice/slips', { status, page }, { refetchInterval: 15_000 })

/** `POST /backoffice/slips/:id/recheck`: asks the verifier again; the same rules decide (an unknown goes back to review). */
export function recheckSlip(id: number): Promise<ApiAnswer<OneCheck>> {
  return apiAnswer(`/backoffice/slips/${id}/recheck`, { method: 'POST' })
}

/** `POST /backoffice/slips/:id/close` with why: closes a review item, crediting nothing. */
export function closeSlip({ id, note }: { id: number; note: string }): Promise<ApiAnswer<OneCheck>> {
  return apiAnswer(`/backoffice/slips/${id}/close`, { method: 'POST', body: { note } })
}

export const useRecheckSlip = () => useApiMutation(recheckSlip, [queryKeys.slips.all, queryKeys.deposits.all, queryKeys.dashboard.all])
export const useCloseSlip = () => useApiMutation(closeSlip, [queryKeys.slips.all])
