import { ResponsiblePlayPage } from '../../features/responsible-play/responsible-play-page.tsx'
import { endSession } from '../../lib/session.ts'
import { isRestricted } from '../guards.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/**
 * /responsible-play: the limits, the session reminder, time-out and self-exclusion; in restricted mode (ADR 047) the
 * notice first. Once the server has started a time-out or an exclusion, every session of the player is over (this
 * one too), so the app forgets its token at once (no logout call, which would only be refused) and the guard goes
 * to /login.
 */
export default function ResponsiblePlayRoute() {
  const { user } = useCurrentPlayer()
  return <ResponsiblePlayPage restriction={user && isRestricted(user) ? user.restriction : null} onExcluded={endSession} />
}
