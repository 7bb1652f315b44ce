import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

export type CurrentOperator = ResponseData<typeof backofficeOperatorsContract.me>

/** `GET /backoffice/me`: the signed-in operator, its role and whether it must still enrol TOTP. */
export function getCurrentOperator(): Promise<CurrentOperator> {
  return apiRequest('/backoffice/me')
}

/** Asked once a minute at most; only while signed in. */
export const currentOperatorQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: queryKeys.me.of(token), queryFn: getCurrentOperator, enabled: token !== null, staleTime: 60_000 })
