import type { backofficePayinContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type PayinAccounts = ResponseData<typeof backofficePayinContract.list>

/** `GET /backoffice/payin-accounts`: every version of every pay-in account, newest first. */
export function getPayinAccounts(): Promise<PayinAccounts> {
  return apiRequest('/backoffice/payin-accounts')
}

export const usePayinAccounts = () => useQuery(queryOptions({ queryKey: queryKeys.payin.all, queryFn: getPayinAccounts }))
