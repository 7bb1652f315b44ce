import { HistoryPage } from '../../features/history/components/history-page.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** /history: the player's info, password and bank account, and their activity and deposit-withdraw history. */
export default function HistoryRoute() {
  const { user, logout } = useCurrentPlayer()
  return <HistoryPage user={user} onLogout={() => void logout()} />
}
