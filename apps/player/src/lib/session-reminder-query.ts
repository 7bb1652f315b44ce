import type { SessionReminder } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from './api-client.ts'

/**
 * `GET /responsible-play/session`: the session reminder's state, all from the server (ADR 048). Shared (not a
 * feature's) because the reminder shown over every page and the lobby's launch both need it: a launch refused with
 * SESSION_REMINDER_DUE invalidates this key, and the reminder appears.
 */
export function getSessionReminder(): Promise<SessionReminder> {
  return apiRequest<SessionReminder>('/responsible-play/session')
}

export const sessionReminderKey = ['responsible-play', 'session'] as const

export const sessionReminderQueryOptions = () => queryOptions({ queryKey: sessionReminderKey, queryFn: getSessionReminder, staleTime: 0 })

export function useSessionReminderQuery(enabled: boolean) {
  return useQuery({ ...sessionReminderQueryOptions(), enabled })
}
