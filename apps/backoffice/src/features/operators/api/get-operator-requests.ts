import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type OperatorRequests = ResponseData<typeof backofficeOperatorsContract.requests>

/** `GET /backoffice/operators/requests` (owners): changes to owners and finance operators waiting for a second owner. */
export function getOperatorRequests(): Promise<OperatorRequests> {
  return apiRequest('/backoffice/operators/requests')
}

export const useOperatorRequests = () => useQuery(queryOptions({ queryKey: queryKeys.operators.requests, queryFn: getOperatorRequests }))
