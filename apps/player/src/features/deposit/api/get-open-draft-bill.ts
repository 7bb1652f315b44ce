import type { DraftBill } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/**
 * `GET /wallet/deposit/draft_bill`: the player's open draft bill (ADR 071): the live one with the seconds left by the
 * server's clock, one that just expired (status EXPIRED), or null. Read whenever the deposit screen opens, so a reload
 * (the bank app sent the tab away) shows the bill again; creating and cancelling write their answer here.
 */
export function getOpenDraftBill(): Promise<DraftBill | null> {
  return apiRequest<DraftBill | null>('/wallet/deposit/draft_bill')
}

export const openDraftBillQuery = queryOptions({ queryKey: ['wallet', 'deposit', 'draft_bill'], queryFn: getOpenDraftBill, staleTime: 0 })

export function useOpenDraftBill() {
  return useQuery(openDraftBillQuery)
}
