import type { PayoutResult, PayoutWalletName } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { balanceKey } from '../../../lib/balance-query.ts'

/** `POST /wallet/transfer/bonus|refund`: moves what the terms allow from that wallet to the main (cash) wallet. */
export function transferToMain(wallet: PayoutWalletName): Promise<ApiAnswer<PayoutResult>> {
  return apiAnswer<PayoutResult>(`/wallet/transfer/${wallet}`, { method: 'POST' })
}

/** After a move both wallets' cards and the cash balance are out of date: they all come from the balance call. */
export function useTransferToMain() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: transferToMain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKey }),
  })
}
