import type { LineNoticesBody, LineState } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { lineKey } from './get-line.ts'

/** What the player changes of their LINE: the notices that go there, or the link itself (unlink). */
export type LineChange = { action: 'notices'; body: LineNoticesBody } | { action: 'unlink' }

/** `POST /line/notices` and `POST /line/unlink`: each answers the LINE state after the change, with a Thai message. */
export function changeLine(change: LineChange): Promise<ApiAnswer<LineState>> {
  return change.action === 'notices'
    ? apiAnswer<LineState>('/line/notices', { method: 'POST', body: change.body })
    : apiAnswer<LineState>('/line/unlink', { method: 'POST' })
}

export function useChangeLine() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: changeLine, onSuccess: (answer) => queryClient.setQueryData(lineKey, answer.data) })
}
