import { WithdrawPage } from '../../features/withdraw/components/withdraw-page.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** /withdraw: withdrawal to the current player's registered account (spec §2). */
export default function WithdrawRoute() {
  const { user } = useCurrentPlayer()
  return <WithdrawPage user={user} />
}
