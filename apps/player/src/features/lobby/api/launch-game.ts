import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /portal/launch`: a URL that opens one game (relative for the built-in demo provider). */
export function launchGame(input: { provider: string; code: string }): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('/portal/launch', { method: 'POST', body: { provider_id: input.provider, lang: 'th', game_code: input.code } })
}

/** The launch call as a mutation. */
export function useLaunchGameMutation() {
  return useMutation({ mutationFn: launchGame })
}
