import { ResponsiblePlayPage } from '../../features/responsible-play/responsible-play-page.tsx'
import { endSession } from '../../lib/session.ts'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * /responsible-play: the limits, the session reminder, time-out and self-exclusion. Once the server has started a
 * time-out or an exclusion, every session of the player is over (this one too), so the app forgets its token at once
 * (no logout call, which would only be refused) and the guard goes to /login.
 */
export default function ResponsiblePlayRoute() {
  const { user } = useCurrentPlayer()
  return <ResponsiblePlayPage user={user} onExcluded={endSession} />
}
