import type { backofficeMoneyContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type Reconciliation = ResponseData<typeof backofficeMoneyContract.reconciliation>

/** `GET /backoffice/reconciliation?day=YYYY-MM-DD`: per pay-in account, the feed's total against credited deposits. */
export function getReconciliation(day: string): Promise<Reconciliation> {
  return apiRequest(`/backoffice/reconciliation${queryString({ day })}`)
}

export const reconciliationQueryOptions = (day: string) => queryOptions({ queryKey: queryKeys.reconciliation.day(day), queryFn: () => getReconciliation(day) })

export function useReconciliation(day: string) {
  return useQuery(reconciliationQueryOptions(day))
}
