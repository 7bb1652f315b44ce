// The lobby's pure rules, safe for the player's browser bundle: no runtime imports beyond this folder.
export {
  lobbyTabs,
  lobbyTabLabels,
  isLobbyTab,
  providerPriority,
  TAB_PINNED_PROVIDERS,
  SLOT_ONLY_PROVIDERS,
  GAME_TAB_LEAD_TITLE,
  maintenanceLast,
  providersForTab,
  gamesForProviderTab,
  gameTabList,
  popularGames,
  popularProviders,
  searchGames,
} from './lobby-rules.ts'
export type { LobbyTab } from './lobby-rules.ts'
export { TITLE_MAX, truncateTitle } from './game-titles.ts'
export { gameTypeNames, gameTypeName } from './game-types.ts'
