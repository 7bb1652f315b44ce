/**
 * The home lobby's tab, ordering and filtering rules (spec §2 Home lobby, §5 Game search, §9).
 * Pure functions over the catalogue the API returns; they run in the player's browser bundle, so this
 * file imports types only. Every function returns a new array and leaves its input alone.
 */
import type { Game, Provider } from '../schemas/games.ts'
import { foldTitle } from './game-titles.ts'

/** The category tabs of the home lobby, in the order the tab bar shows them (spec §2). */
export const lobbyTabs = ['CASINO', 'SLOT', 'GAME', 'SPORT'] as const
export type LobbyTab = (typeof lobbyTabs)[number]

/** Thai tab labels (copy deck, Labels: tab.casino, tab.slot, tab.game, tab.sport). */
export const lobbyTabLabels: Readonly<Record<LobbyTab, string>> = Object.freeze({
  CASINO: 'คาสิโน',
  SLOT: 'สล็อต',
  GAME: 'เกม',
  SPORT: 'กีฬา',
})

/** True when `value` names a lobby tab (for tab state read back from the URL or storage). */
export function isLobbyTab(value: unknown): value is LobbyTab {
  return typeof value === 'string' && (lobbyTabs as readonly string[]).includes(value)
}

/** Providers that lead each tab, in this order, ahead of all others (spec §9 provider ordering). */
export const providerPriority: Readonly<Record<LobbyTab, readonly string[]>> = Object.freeze({
  CASINO: Object.freeze(['awcsexy', 'sagaming', 'wm', 'evo']),
  SLOT: Object.freeze(['joker', 'pgsoft_th_v1', 'pgsoft', 'pragmaticplay', 'amb_pgsoft', 'cq9', 'evo_redtiger', 'spadegaming', 'jili', 'rich88', 'jdb']),
  GAME: Object.freeze(['kingmaker']),
  SPORT: Object.freeze(['sbo', 'saba']),
})

/**
 * Providers pinned to a single tab (spec §9: "wm and evo count only under CASINO; kingmaker only
 * under GAME"). A pinned provider shows under its tab whatever its type list says, and nowhere else:
 * the spec names the tab outright, and kingmaker's card games carry no provider type of their own.
 */
export const TAB_PINNED_PROVIDERS: ReadonlyMap<string, LobbyTab> = new Map([
  ['wm', 'CASINO'],
  ['evo', 'CASINO'],
  ['kingmaker', 'GAME'],
])

/**
 * Slot providers kept off the GAME tab (spec §9: "under GAME other providers excluding a set of slot
 * providers (the set is not shown)"). Our choice: the SLOT priority list without joker. These houses
 * tag a few fishing or arcade titles, which would otherwise pull their whole slot catalogue into GAME;
 * joker stays because its FUNKY games belong under GAME (see gamesForProviderTab). Excluded from GAME
 * even when the provider lists GAME or FISHING, so the tab does not change with what a house tags.
 */
export const SLOT_ONLY_PROVIDERS: ReadonlySet<string> = new Set(providerPriority.SLOT.filter((code) => code !== 'joker'))

/** Provider types that put a provider under each tab (spec §2 tab bar, §3 provider types). */
const tabProviderTypes: Readonly<Record<LobbyTab, readonly string[]>> = {
  CASINO: ['CASINO', 'CASINO_LIVE'],
  SLOT: ['SLOT'],
  GAME: ['GAME', 'FISHING'],
  SPORT: ['SPORT', 'LOTTERY'],
}

/**
 * `items` with those in maintenance moved after the rest, each group in its given order (spec §2:
 * "items in maintenance sort last").
 */
export function maintenanceLast<T extends { maintenance: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((item) => !item.maintenance), ...items.filter((item) => item.maintenance)]
}

function belongsToTab(provider: Provider, tab: LobbyTab): boolean {
  const pinned = TAB_PINNED_PROVIDERS.get(provider.code)
  if (pinned) return pinned === tab
  if (tab === 'GAME' && SLOT_ONLY_PROVIDERS.has(provider.code)) return false
  const wanted = tabProviderTypes[tab]
  return provider.type.some((type) => wanted.includes(type))
}

/**
 * The providers of one lobby tab, in display order (spec §9).
 * Membership: CASINO has providers of type CASINO or CASINO_LIVE, SLOT of type SLOT, SPORT of type
 * SPORT or LOTTERY, GAME of type GAME or FISHING; wm and evo show only under CASINO and kingmaker only
 * under GAME (TAB_PINNED_PROVIDERS); SLOT_ONLY_PROVIDERS never show under GAME.
 * Order: providers in maintenance last; within each group the tab's providerPriority list first in
 * its order, then the others by `sort` ascending, then by title (Thai collation).
 */
export function providersForTab<P extends Provider>(providers: readonly P[], tab: LobbyTab): P[] {
  const priority = providerPriority[tab]
  const rank = (code: string) => {
    const index = priority.indexOf(code)
    return index === -1 ? priority.length : index
  }
  const ordered = providers
    .filter((provider) => belongsToTab(provider, tab))
    .sort((a, b) => rank(a.code) - rank(b.code) || a.sort - b.sort || a.title.localeCompare(b.title, 'th'))
  return maintenanceLast(ordered)
}

/**
 * The games a provider shows under a tab (spec §9 "Joker games filtered to type FUNKY under GAME and
 * SLOT under SLOT"). For joker: only FUNKY games under GAME, only SLOT games under SLOT; every other
 * provider (and joker under CASINO or SPORT) keeps all its games. Games in maintenance go last,
 * otherwise the given order is kept.
 */
export function gamesForProviderTab<G extends Game>(games: readonly G[], provider: string | Pick<Provider, 'code'>, tab: LobbyTab): G[] {
  const code = typeof provider === 'string' ? provider : provider.code
  const onlyType = code === 'joker' ? jokerTypeByTab[tab] : undefined
  return maintenanceLast(onlyType ? games.filter((game) => game.type === onlyType) : games)
}

const jokerTypeByTab: Partial<Record<LobbyTab, string>> = { GAME: 'FUNKY', SLOT: 'SLOT' }

/** The game that heads the GAME tab's extra list (spec §9). */
export const GAME_TAB_LEAD_TITLE = 'Cash Or Crash'

/**
 * The GAME tab's extra list (spec §9 "The GAME tab also lists Joker funky plus fishing games with
 * 'Cash Or Crash' first"): joker's FUNKY games and every FISHING game, plus any game titled
 * 'Cash Or Crash' (compared trimmed and case-insensitively; it heads the list, so it is kept whatever
 * its type). Duplicates by provider + code are dropped (the first is kept); games in maintenance go
 * last, so a 'Cash Or Crash' under maintenance leads the maintenance group instead.
 */
export function gameTabList<G extends Game>(games: readonly G[]): G[] {
  const lead = foldTitle(GAME_TAB_LEAD_TITLE)
  const seen = new Set<string>()
  const leading: G[] = []
  const rest: G[] = []
  for (const game of games) {
    const isLead = foldTitle(game.title) === lead
    const listed = isLead || game.type === 'FISHING' || (game.provider === 'joker' && game.type === 'FUNKY')
    // JSON keeps the pair unambiguous whatever characters the codes hold.
    const key = JSON.stringify([game.provider, game.code])
    if (!listed || seen.has(key)) continue
    seen.add(key)
    ;(isLead ? leading : rest).push(game)
  }
  return maintenanceLast([...leading, ...rest])
}

/**
 * The popular-games grid (spec §2 "duplicates by title removed; items in maintenance sort last").
 * Titles are compared trimmed and case-insensitively; of duplicates the most popular is kept (the
 * first on a tie). Sorted by popularity, highest first (ties keep their order), maintenance last,
 * then cut to `limit` when one is given.
 */
export function popularGames<G extends Game>(games: readonly G[], limit?: number): G[] {
  const best = new Map<string, G>()
  for (const game of games) {
    const key = foldTitle(game.title)
    const kept = best.get(key)
    if (!kept || game.popularity > kept.popularity) best.set(key, game)
  }
  const ordered = maintenanceLast([...best.values()].sort((a, b) => b.popularity - a.popularity))
  return limit === undefined ? ordered : ordered.slice(0, Math.max(0, Math.floor(limit)))
}

/** The popular-providers grid (spec §2): maintenance last, otherwise the order the server gave. */
export function popularProviders<P extends Provider>(providers: readonly P[]): P[] {
  return maintenanceLast(providers)
}

/**
 * Game search (spec §5): games whose title contains the query, case-insensitively, ignoring spaces
 * around the query; an empty or blank query matches every game. Thai matches as typed. The given
 * order is kept.
 */
export function searchGames<G extends Game>(games: readonly G[], query: string): G[] {
  const needle = foldTitle(query)
  if (needle === '') return [...games]
  return games.filter((game) => game.title.toLowerCase().includes(needle))
}
