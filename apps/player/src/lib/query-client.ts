import { QueryClient } from '@tanstack/react-query'
import { isRefusal } from '@sanam/web-shared/api-client'
import { getSession, subscribeSession } from './session.ts'

/** Retries a failed read once at most, and never a refusal (4xx): asking again gets the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isRefusal(error) && failureCount < 1
}

/**
 * The app's one TanStack Query client. Reads are fresh for 30 s (a screen opened twice in a row does not call
 * twice); writes are never retried by the library (a withdrawal must be sent once, on purpose). Every answer is
 * dropped when the session ends, so the next player on this phone never sees this one's history.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
  let hadToken = getSession().token !== null
  subscribeSession(() => {
    const hasToken = getSession().token !== null
    if (hadToken && !hasToken) client.clear()
    hadToken = hasToken
  })
  return client
}
