import { HistoryPage } from '../../features/history/components/history-page.tsx'
import { LineCard } from '../../features/line/components/line-card.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** /history: the player's info, password, bank account and LINE, and their activity and deposit-withdraw history. */
export default function HistoryRoute() {
  const { user, logout } = useCurrentPlayer()
  return <HistoryPage user={user} onLogout={() => void logout()} line={<LineCard />} />
}
