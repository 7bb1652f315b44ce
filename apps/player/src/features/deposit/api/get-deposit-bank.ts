import type { DepositBank } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/**
 * `GET /wallet/deposit/bank`: the operator account to pay into: bank code, account name (`name`), account number
 * (`address`) and a PromptPay payload (`qrcode`) when the operator has one.
 */
export function getDepositBank(): Promise<DepositBank> {
  return apiRequest<DepositBank>('/wallet/deposit/bank')
}

export const depositBankQuery = queryOptions({ queryKey: ['wallet', 'deposit', 'bank'], queryFn: getDepositBank, staleTime: 60_000 })

export function useDepositBank() {
  return useQuery(depositBankQuery)
}
