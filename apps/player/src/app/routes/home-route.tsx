import { HomePage } from '../../features/lobby/components/home-page.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** / : the home lobby for the current player. */
export default function HomeRoute() {
  const { user, logout } = useCurrentPlayer()
  return <HomePage user={user} onLogout={() => void logout()} />
}
