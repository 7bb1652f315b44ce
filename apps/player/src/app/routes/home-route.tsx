import { ResponsiblePlayNote } from '../../components/responsible-play-note.tsx'
import { HomePage } from '../../features/lobby/components/home-page.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * / : the home lobby for the current player (loaded fresh; a failure to load them logs out, spec §8), with the
 * responsible-play line and the site's help link under it (issue 21 §3).
 */
export default function HomeRoute() {
  const { user, logout } = useCurrentPlayer()
  const site = useSite()
  return (
    <>
      <HomePage user={user} onLogout={() => void logout()} />
      <ResponsiblePlayNote helpUrl={site.status === 'ready' ? site.metadata.responsible_play.help_url : null} />
    </>
  )
}
