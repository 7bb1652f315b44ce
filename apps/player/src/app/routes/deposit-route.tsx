import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useCurrentUserQuery } from '../../features/auth/api/get-current-user.ts'
import { DepositPage } from '../../features/deposit/components/deposit-page.tsx'
import { balanceQuery } from '../../features/lobby/api/get-balance.ts'
import { useSite } from '../../features/site/hooks/use-site.ts'
import { setSessionUser, useSession } from '../../lib/session.ts'

/**
 * /deposit: the deposit screen, given the current player (their own account card), a fresh balance read for the
 * balance watch (the lobby's balance query, so home shows the new balance at once) and the contact link.
 */
export default function DepositRoute() {
  const session = useSession()
  const me = useCurrentUserQuery()
  const site = useSite()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (me.data) setSessionUser(me.data)
  }, [me.data])

  const readBalance = useCallback(() => queryClient.fetchQuery({ ...balanceQuery, staleTime: 0 }).then((balance) => balance.balance), [queryClient])

  return <DepositPage user={session.user ?? me.data ?? null} readBalance={readBalance} contactUrl={site.status === 'ready' ? site.metadata.contact.line : undefined} />
}
