import type { Balance } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /wallet/v2/balance`: cash balance, referral bonus and play-amount refund remaining, turnover. */
export function getBalance(): Promise<Balance> {
  return apiRequest<Balance>('/wallet/v2/balance')
}

export const balanceQuery: QueryDefinition<Balance> = { key: ['wallet', 'balance'], fetch: getBalance, staleMs: 0 }

export function useBalance() {
  return useQuery(balanceQuery)
}
