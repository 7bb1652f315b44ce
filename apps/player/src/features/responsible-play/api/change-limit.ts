import type { LimitKind, PlayerLimits, SetLimitBody } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { sessionReminderKey } from '../../../lib/session-reminder-query.ts'
import { limitsKey } from './get-limits.ts'

/** What the player asks of one limit: a value (or null: remove), the confirmation of a waiting change, or its withdrawal. */
export type LimitChange = { action: 'set'; body: SetLimitBody } | { action: 'confirm' | 'cancel'; kind: LimitKind }

/**
 * `POST /responsible-play/limits` (set), `/limits/confirm`, `/limits/cancel`: each answers the limits after the change
 * and says in Thai what happened (at once, or after 24 hours and a second confirmation).
 */
export function changeLimit(change: LimitChange): Promise<ApiAnswer<PlayerLimits>> {
  if (change.action === 'set') return apiAnswer<PlayerLimits>('/responsible-play/limits', { method: 'POST', body: change.body })
  return apiAnswer<PlayerLimits>(`/responsible-play/limits/${change.action}`, { method: 'POST', body: { kind: change.kind } })
}

export function useChangeLimit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeLimit,
    onSuccess: (answer) => queryClient.setQueryData(limitsKey, answer.data),
    // The reminder's interval is one of the limits.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionReminderKey }),
  })
}
