import type { LobbyTab } from '@sanam/contract/lobby/index'
import { GamepadIcon, icon } from '../../../components/icons.tsx'
import type { ReactNode } from 'react'

/** The tab bar's pictures: cards, a slot reel, a gamepad, a ball. */
const TAB_ICONS: Record<LobbyTab, () => ReactNode> = {
  CASINO: icon(
    <>
      <rect x="3" y="5" width="11" height="15" rx="2" transform="rotate(-8 8.5 12.5)" />
      <rect x="10" y="4" width="11" height="15" rx="2" transform="rotate(8 15.5 11.5)" />
      <path d="M15.6 9.2c-1.4 1.3-2.6 2.3-2.2 3.6.3.9 1.4 1.2 2.2.6.8.6 1.9.3 2.2-.6.4-1.3-.8-2.3-2.2-3.6z" />
    </>,
  ),
  SLOT: icon(
    <>
      <rect x="2.5" y="5" width="16" height="14" rx="2.5" />
      <path d="M7.8 5v14M13.2 5v14M18.5 10h2a1 1 0 0 0 1-1V6.5" />
      <circle cx="21.5" cy="5.5" r="1" />
      <path d="M4 10.5h2.3L5 14M9.4 10.5h2.3L10.4 14M14.8 10.5h2.3L15.8 14" />
    </>,
  ),
  GAME: GamepadIcon,
  SPORT: icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7.5 4.2 3-1.6 5h-5.2l-1.6-5z" />
      <path d="M12 3v4.5M20.6 9.5l-4.4 1M17.5 19.5l-2.9-4M6.5 19.5l2.9-4M3.4 9.5l4.4 1" />
    </>,
  ),
}

export function TabIcon({ tab }: { tab: LobbyTab }) {
  const Icon = TAB_ICONS[tab]
  return <Icon />
}
