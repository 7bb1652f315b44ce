import { useLayoutEffect } from 'react'
import { ResponsiblePlayNote } from '../../components/responsible-play-note.tsx'
import { HomePage } from '../../features/lobby/components/home-page.tsx'
import { CarePrompt } from '../../features/responsible-play/components/care-prompt.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * / : the home lobby for the current player (loaded fresh; a failure to load them logs out, spec §8), with the
 * responsible-play line and the site's help link under it (issue 21 §3), and under the account the RTS 12 prompt due
 * (ADR 090). It opens at its top (issue 36 §3): a player taken home after a credited deposit, or tapping home from a
 * page scrolled down, sees the new balance.
 */
export default function HomeRoute() {
  const { user, logout } = useCurrentPlayer()
  const site = useSite()
  useLayoutEffect(() => {
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0
  }, [])
  return (
    <>
      <HomePage user={user} onLogout={() => void logout()} notice={<CarePrompt />} />
      <ResponsiblePlayNote helpUrl={site.status === 'ready' ? site.metadata.responsible_play.help_url : null} />
    </>
  )
}
