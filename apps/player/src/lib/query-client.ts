/**
 * The app's one TanStack Query client (issue 9). Defaults keep what the player app had before: no automatic
 * retries (a failed money call is shown, not repeated behind the player's back; a 401 must not be sent twice),
 * no refetch on window focus, loaded lists fresh for 30 s unless a query says otherwise.
 */
import { QueryClient } from '@tanstack/react-query'

/** A client with the app's defaults (tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
