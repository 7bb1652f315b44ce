import type { WithdrawConfig } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /wallet/withdraw`: the minimum and, under a MAX_WITHDRAW promotion, the one amount allowed (spec §3). */
export function getWithdrawConfig(): Promise<WithdrawConfig> {
  return apiRequest<WithdrawConfig>('/wallet/withdraw')
}

export const withdrawConfigKey = ['wallet', 'withdraw', 'config'] as const

// Always asked again on a visit: the mandatory amount follows the balance and the active promotion.
export const withdrawConfigQueryOptions = () => queryOptions({ queryKey: withdrawConfigKey, queryFn: getWithdrawConfig, staleTime: 0 })

export function useWithdrawConfigQuery() {
  return useQuery(withdrawConfigQueryOptions())
}
