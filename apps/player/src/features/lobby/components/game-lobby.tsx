import type { Game, Provider } from '@sanam/contract'
import { gameTabList, providersForTab } from '@sanam/contract/lobby/index'
import { useMemo } from 'react'
import { t } from '../../../lib/i18n/index.ts'
import { useFishingGames } from '../api/get-fishing-games.ts'
import { usePopularGames } from '../api/get-popular-games.ts'
import { useProviderGames } from '../api/get-provider-games.ts'
import { useProviders } from '../../../lib/providers-query.ts'
import { LOBBY_ANCHOR_ID, type LobbyPlace } from '../hooks/use-lobby-place.ts'
import { CategoryTabs, LOBBY_PANEL_ID, tabHeadingKeys, tabId } from './category-tabs.tsx'
import { EmptyState, ListStates, LoadingState } from '../../../components/list-state.tsx'
import { ProviderGames } from './provider-games.tsx'
import { GameGrid, ProviderGrid } from './tiles.tsx'

/**
 * The category lobby (spec §2, §4 Home): tab bar, the tab's providers in the contract's order, or one provider's
 * games with search and back.
 */
export function GameLobby({
  place,
  onOpenProvider,
  onLaunchGame,
}: {
  place: LobbyPlace
  onOpenProvider: (provider: Provider) => void
  onLaunchGame: (game: Game) => void
}) {
  const { tab } = place
  const providers = useProviders()
  const tabProviders = useMemo(() => providersForTab(providers.data ?? [], tab), [providers.data, tab])
  const selected = place.provider ? tabProviders.find((provider) => provider.code === place.provider && !provider.maintenance && !provider.lobby) : undefined
  const heading = t(tabHeadingKeys[tab])

  return (
    <div className="game-lobby" id={LOBBY_ANCHOR_ID}>
      <CategoryTabs value={tab} onChange={place.selectTab} />
      <div className="game-lobby__panel" id={LOBBY_PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)}>
        {selected ? (
          <ProviderGames key={selected.code} provider={selected} tab={tab} onBack={place.backToProviders} onLaunch={onLaunchGame} />
        ) : (
          <>
            <h2 className="game-lobby__heading">{heading}</h2>
            <ListStates query={providers} empty={tabProviders.length === 0}>
              <ProviderGrid label={heading} providers={tabProviders} onOpen={onOpenProvider} />
            </ListStates>
            {tab === 'GAME' && <GameTabExtras onLaunch={onLaunchGame} />}
          </>
        )}
      </div>
    </div>
  )
}

/** Spec §9: the GAME tab also lists Joker's funky games and the fishing games, 'Cash Or Crash' first. */
function GameTabExtras({ onLaunch }: { onLaunch: (game: Game) => void }) {
  const joker = useProviderGames('joker')
  const fishing = useFishingGames()
  // 'Cash Or Crash' is neither a fishing nor a joker game; the recommended list is where the catalogue has it.
  const popular = usePopularGames()
  const games = useMemo(() => gameTabList([...(popular.data ?? []), ...(joker.data ?? []), ...(fishing.data ?? [])]), [popular.data, joker.data, fishing.data])
  const loading = [popular, joker, fishing].some((source) => source.status === 'pending')

  return (
    <>
      <h2 className="game-lobby__heading">{t('lobby.gameTabExtra')}</h2>
      {loading ? <LoadingState /> : games.length === 0 ? <EmptyState /> : <GameGrid label={t('lobby.gameTabExtra')} games={games} onLaunch={onLaunch} />}
    </>
  )
}
