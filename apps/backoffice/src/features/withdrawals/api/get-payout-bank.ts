import type { backofficePayoutsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** `GET /backoffice/payouts/summary`, read for its `bank`: with a payout bank an approval types no reference (ADR 081). */
export const payoutBankQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payouts.summary,
    queryFn: () => apiRequest<ResponseData<typeof backofficePayoutsContract.payoutSummary>>('/backoffice/payouts/summary'),
  })
