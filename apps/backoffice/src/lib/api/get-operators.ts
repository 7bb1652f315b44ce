import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

export type OperatorList = ResponseData<typeof backofficeOperatorsContract.list>

/**
 * `GET /backoffice/operators` (owners only): every operator. In lib because two features use it: the operators page
 * and the audit log's operator filter.
 */
export function getOperators(): Promise<OperatorList> {
  return apiRequest('/backoffice/operators')
}

export const operatorsQueryOptions = () => queryOptions({ queryKey: queryKeys.operators.all, queryFn: getOperators })

/** `enabled: false` for a role that may not list operators. */
export function useOperators({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...operatorsQueryOptions(), enabled })
}
