import type { DraftBill } from '@sanam/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useCancelDraftBill } from '../api/cancel-draft-bill.ts'
import { useCreateDraftBill } from '../api/create-draft-bill.ts'
import { openDraftBillQuery, useOpenDraftBill } from '../api/get-open-draft-bill.ts'

/**
 * The player's draft bill as the server keeps it (ADR 071): read when the screen opens, so a reload or a tab the
 * phone dropped while the bank app was open shows the same bill (amount, promotion, time left, account and QR);
 * creating and cancelling replace it. `live`: the bill to pay now; `expired`: the last bill ran out of time (said on
 * screen until the next one). `expire` is the countdown reaching zero here: the bill is shown as expired at once.
 */
export function useDraftBill() {
  const queryClient = useQueryClient()
  const open = useOpenDraftBill()
  const create = useCreateDraftBill()
  const cancel = useCancelDraftBill()
  const bill = open.data ?? null

  // Reading it failed (spec §8: a failed load is only logged): the screen works as without a bill.
  useEffect(() => {
    if (open.error) console.warn('the open draft bill could not be loaded', open.error)
  }, [open.error])

  const expire = useCallback(() => {
    queryClient.setQueryData<DraftBill | null>(openDraftBillQuery.queryKey, (current) =>
      current ? { ...current, status: 'EXPIRED', seconds_left: 0 } : current,
    )
  }, [queryClient])

  return {
    live: bill?.status === 'LIVE' ? bill : null,
    expired: bill?.status === 'EXPIRED',
    /** Whether the first read has not answered yet: a new bill waits for it (it could be one already open). */
    loading: open.isPending && open.fetchStatus !== 'idle',
    create,
    cancel,
    expire,
  }
}
