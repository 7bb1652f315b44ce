import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * A write through the API (ADR 038): `send` is the call; once it has settled, every query under the keys of `stale`
 * is refetched, showing what it changed (or, when it was refused, what changed meanwhile). The screen adds its own
 * toast and closing of the dialog through `mutate(variables, { onSuccess })`.
 */
export function useApiMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>, stale: readonly QueryKey[]) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
