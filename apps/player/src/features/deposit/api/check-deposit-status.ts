import { apiRequest } from '../../../lib/api-client.ts'

export interface DepositStatus {
  deposit_id: number
  amount: number
  credited_at: string
}

/**
 * `POST /wallet/deposit/status/{userId}`: the player's deposit credited since the check began (`since`), or a 404
 * (ApiError) while there is none yet. Polled by the slip check (hooks/use-slip-check.ts), not cached.
 */
export function checkDepositStatus(userId: number, since: Date): Promise<DepositStatus> {
  return apiRequest<DepositStatus>(`/wallet/deposit/status/${userId}`, { method: 'POST', body: { since: since.toISOString() } })
}
