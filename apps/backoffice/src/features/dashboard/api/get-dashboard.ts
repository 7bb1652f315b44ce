import type { backofficeDashboardContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type DashboardSummary = ResponseData<typeof backofficeDashboardContract.summary>

/** `GET /backoffice/dashboard`: today in Bangkok (money, queues, players) and the last 14 days. */
export function getDashboard(): Promise<DashboardSummary> {
  return apiRequest('/backoffice/dashboard')
}

/** Refreshed every minute while open. */
export const dashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard.all, queryFn: getDashboard, refetchInterval: 60_000 })

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
