import { HomePage } from '../../features/lobby/components/home-page.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** / : the home lobby for the current player (loaded fresh; a failure to load them logs out, spec §8). */
export default function HomeRoute() {
  const { user, logout } = useCurrentPlayer()
  return <HomePage user={user} onLogout={() => void logout()} />
}
