import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /portal/lobby`: a URL that opens a provider's own lobby (providers with `lobby: true`). */
export function openProviderLobby(input: { provider: string }): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('/portal/lobby', { method: 'POST', body: { provider_id: input.provider, lang: 'th' } })
}

/** The provider-lobby call as a mutation. */
export function useOpenProviderLobbyMutation() {
  return useMutation({ mutationFn: openProviderLobby })
}
