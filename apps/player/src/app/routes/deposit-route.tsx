import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { DepositPage } from '../../features/deposit/components/deposit-page.tsx'
import { CarePrompt } from '../../features/responsible-play/components/care-prompt.tsx'
import { balanceQueryOptions } from '../../lib/balance-query.ts'
import { liveBalance } from '../../lib/live-balance.ts'
import { useSite } from '../../features/site/hooks/use-site.ts'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * /deposit: the deposit screen, given the current player (their own account card; a failure to load them logs out,
 * spec §8), the live balance's pushes and a fresh balance read for the balance watch (the lobby's balance query, so
 * home shows the new balance at once; read every 5 s while the stream is not live) and the contact link.
 */
export default function DepositRoute() {
  const { user } = useCurrentPlayer()
  const site = useSite()
  const queryClient = useQueryClient()
  const readBalance = useCallback(() => queryClient.fetchQuery(balanceQueryOptions()).then((balance) => balance.balance), [queryClient])
  return (
    <>
      {/* Before the first deposit, the deposit-limit prompt (RTS 12, ADR 090). */}
      <CarePrompt />
      <DepositPage user={user} readBalance={readBalance} pushed={liveBalance} contactUrl={site.status === 'ready' ? site.metadata.contact.line : undefined} />
    </>
  )
}
