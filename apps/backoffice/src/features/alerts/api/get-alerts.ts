import type { backofficeAlertsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type DeskAlertsData = ResponseData<typeof backofficeAlertsContract.list>

/** `GET /backoffice/alerts`: the alerts the operator's role can act on, read or not (ADR 087). Asked again every 30 s. */
export function useDeskAlerts() {
  return useQuery(listQueryOptions<DeskAlertsData>(queryKeys.alerts.all, '/backoffice/alerts', {}, { refetchInterval: 30_000 }))
}
