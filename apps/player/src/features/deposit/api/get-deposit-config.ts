import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export interface DepositConfig {
  /** Baht. */
  min_amount: number
}

/** `GET /wallet/deposit/config`: the minimum deposit (spec §3 Deposit config). */
export function getDepositConfig(): Promise<DepositConfig> {
  return apiRequest<DepositConfig>('/wallet/deposit/config')
}

export const depositConfigQuery = queryOptions({ queryKey: ['wallet', 'deposit', 'config'], queryFn: getDepositConfig, staleTime: 60_000 })

export function useDepositConfig() {
  return useQuery(depositConfigQuery)
}
