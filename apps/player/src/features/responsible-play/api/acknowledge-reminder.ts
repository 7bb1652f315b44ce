import type { SessionReminder } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { sessionReminderKey } from '../../../lib/session-reminder-query.ts'

/** `POST /responsible-play/session/acknowledge`: the player saw the reminder; the next is owed N minutes from now. */
export function acknowledgeReminder(): Promise<SessionReminder> {
  return apiRequest<SessionReminder>('/responsible-play/session/acknowledge', { method: 'POST' })
}

export function useAcknowledgeReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acknowledgeReminder,
    onSuccess: (state) => queryClient.setQueryData(sessionReminderKey, state),
  })
}
