import type { SessionReminder } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from './api-client.ts'

/**
 * `GET /responsible-play/session`: the session reminder's state, all from the server (ADR 048). Shared (not a
 * feature's) because the reminder shown over every page and the lobby's launch both need it: a launch refused with
 * SESSION_REMINDER_DUE invalidates this key, and the reminder appears.
 */
export const sessionReminderKey = ['responsible-play', 'session'] as const

export const sessionReminderQueryOptions = () => freshQueryOptions<SessionReminder>(sessionReminderKey, '/responsible-play/session')

export function useSessionReminderQuery(enabled: boolean) {
  return useQuery({ ...sessionReminderQueryOptions(), enabled })
}
