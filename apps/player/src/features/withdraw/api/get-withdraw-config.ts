import type { WithdrawConfig } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from '../../../lib/api-client.ts'

/** `GET /wallet/withdraw`: the minimum and, under a MAX_WITHDRAW promotion, the one amount allowed (spec §3). */
export const withdrawConfigKey = ['wallet', 'withdraw', 'config'] as const

// Always asked again on a visit: the mandatory amount follows the balance and the active promotion.
export const withdrawConfigQueryOptions = () => freshQueryOptions<WithdrawConfig>(withdrawConfigKey, '/wallet/withdraw')

export function useWithdrawConfigQuery() {
  return useQuery(withdrawConfigQueryOptions())
}
