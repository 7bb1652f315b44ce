import type { backofficeMoneyContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type DepositSources = ResponseData<typeof backofficeMoneyContract.depositSources>

/** `GET /backoffice/deposit-sources`: today's transfers per source and what became of them (ADR 086), kept fresh. */
export function useDepositSources() {
  return useQuery({
    queryKey: queryKeys.deposits.sources,
    queryFn: (): Promise<DepositSources> => apiRequest('/backoffice/deposit-sources'),
    refetchInterval: 15_000,
  })
}
