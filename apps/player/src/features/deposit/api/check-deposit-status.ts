import type { walletContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiRequest } from '../../../lib/api-client.ts'

export type DepositStatus = ResponseData<typeof walletContract.depositStatus>
export type DepositCheckCursor = ResponseData<typeof walletContract.depositCheckCursor>

/** `GET /wallet/deposit/status/{userId}/cursor`: where a slip check begins, as the server reads it (issue 21). */
export function beginDepositCheck(userId: number): Promise<DepositCheckCursor> {
  return apiRequest(`/wallet/deposit/status/${userId}/cursor`)
}

/**
 * `POST /wallet/deposit/status/{userId}`: the player's deposit credited after the check's cursor, or a 404
 * (ApiError) while there is none yet. Polled by the slip check (hooks/use-slip-check.ts), not cached.
 */
export function checkDepositStatus(userId: number, after: number | null): Promise<DepositStatus> {
  return apiRequest(`/wallet/deposit/status/${userId}`, { method: 'POST', body: { after } })
}
