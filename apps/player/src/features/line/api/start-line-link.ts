import type { LineLinkStart } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /line/link`: the link token of the chat the player came from; answers LINE's dialog to go to, with a nonce. */
export function startLineLink(linkToken: string): Promise<LineLinkStart> {
  return apiRequest<LineLinkStart>('/line/link', { method: 'POST', body: { link_token: linkToken } })
}

export function useStartLineLink() {
  return useMutation({ mutationFn: startLineLink })
}
