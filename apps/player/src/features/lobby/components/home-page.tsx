import type { Game, Provider, UserMe } from '@sanam/contract'
import { popularGames, popularProviders } from '@sanam/contract/lobby/index'
import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { FullScreenOverlay } from '../../../components/full-screen-overlay.tsx'
import { FireIcon, FishIcon, GamepadIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { useBalanceQuery } from '../../../lib/balance-query.ts'
import { useFishingGames } from '../api/get-fishing-games.ts'
import { usePopularGames } from '../api/get-popular-games.ts'
import { usePopularProviders } from '../api/get-popular-providers.ts'
import { useGameLauncher } from '../hooks/use-game-launcher.ts'
import { tabOf, useLobbyPlace } from '../hooks/use-lobby-place.ts'
import { runningPromotion } from '../../../lib/running-promotion.ts'
import { ForbiddenGamesContext, forbiddenBy } from '../forbidden-games.ts'
import { shouldShowPromotion } from '../promotion.ts'
import { AccountPanel } from './account-panel.tsx'
import { GameLobby } from './game-lobby.tsx'
import { ListStates } from '../../../components/list-state.tsx'
import { LobbySection } from './lobby-section.tsx'
import { PromotionPanel } from './promotion-panel.tsx'
import { GameGrid, ProviderGrid } from './tiles.tsx'
import '../lobby.css'

/** Popular games shown before "show more": four rows of three. */
const POPULAR_PREVIEW = 12

/**
 * The home lobby (spec §2 Home lobby, §4 Home): the player's account and wallet, the promotion block, the
 * category lobby, then fishing games, popular games and popular providers. `notice`, under the account: what the app
 * asks of the player now (the RTS 12 prompt, ADR 090).
 */
export function HomePage({ user, onLogout, notice }: { user: UserMe | null; onLogout: () => void; notice?: ReactNode }) {
  const balance = useBalanceQuery()
  const { launching, launch } = useGameLauncher()
  const place = useLobbyPlace()

  // Spec §2: a game launches by provider and code; a provider with its own lobby opens it, any other shows its games.
  const launchGame = (game: Game) => launch({ kind: 'game', provider: game.provider, code: game.code })
  // From a tab its games open under that tab; from the popular list under the first tab that lists it.
  const openProvider = (provider: Provider, tab = tabOf(provider)) => {
    if (provider.lobby) launch({ kind: 'lobby', provider: provider.code })
    else place.showProvider(provider.code, tab)
  }

  // Spec §8: a failed balance load is only logged (a 401 has already been dealt with by the client).
  useEffect(() => {
    if (balance.error) console.warn('balance could not be loaded', balance.error)
  }, [balance.error])

  const promotion = shouldShowPromotion(user?.promotion, balance.data?.balance)
  // ADR 072: the tiles of games the running promotion forbids are marked.
  const userPromotion = user?.promotion
  const forbidden = useMemo(() => forbiddenBy(runningPromotion(userPromotion)?.rules ?? []), [userPromotion])

  return (
    <div className="home">
      <AccountPanel user={user} balance={balance} onLogout={onLogout} />
      {notice}
      {promotion && balance.data && <PromotionPanel info={promotion} balance={balance.data.balance} />}
      <ForbiddenGamesContext value={forbidden}>
        <GameLobby place={place} onOpenProvider={(provider) => openProvider(provider, place.tab)} onLaunchGame={launchGame} />
        <FishingSection onLaunch={launchGame} />
        <PopularGamesSection onLaunch={launchGame} />
        <PopularProvidersSection onOpen={(provider) => openProvider(provider)} />
      </ForbiddenGamesContext>
      {launching && <FullScreenOverlay text={t('overlay.enteringGame')} />}
    </div>
  )
}

/** A lobby section listing one query's items in the lobby's order: loading, a failed load and 'no data' as ListStates shows them. */
function ListSection<T>(props: {
  title: string
  icon: ReactNode
  query: UseQueryResult<T[]>
  order: (list: readonly T[]) => T[]
  children: (list: T[]) => ReactNode
}) {
  const { query, order } = props
  const list = useMemo(() => order(query.data ?? []), [order, query.data])
  return (
    <LobbySection title={props.title} icon={props.icon}>
      <ListStates query={query} empty={list.length === 0}>
        {props.children(list)}
      </ListStates>
    </LobbySection>
  )
}

function FishingSection({ onLaunch }: { onLaunch: (game: Game) => void }) {
  const fishing = useFishingGames()
  return (
    <ListSection title={t('lobby.fishing')} icon={<FishIcon />} query={fishing} order={popularGames}>
      {(games) => (
        <div className="tile-row">
          <GameGrid label={t('lobby.fishing')} games={games} onLaunch={onLaunch} />
        </div>
      )}
    </ListSection>
  )
}

function PopularGamesSection({ onLaunch }: { onLaunch: (game: Game) => void }) {
  const popular = usePopularGames()
  const [expanded, setExpanded] = useState(false)
  return (
    <ListSection title={t('lobby.popularGames')} icon={<FireIcon />} query={popular} order={popularGames}>
      {(games) => (
        <>
          <GameGrid label={t('lobby.popularGames')} games={expanded ? games : games.slice(0, POPULAR_PREVIEW)} onLaunch={onLaunch} />
          {games.length > POPULAR_PREVIEW && (
            <button type="button" className="button button--ghost show-more" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
              {expanded ? t('action.showLess') : t('action.showMore')}
            </button>
          )}
        </>
      )}
    </ListSection>
  )
}

function PopularProvidersSection({ onOpen }: { onOpen: (provider: Provider) => void }) {
  const popular = usePopularProviders()
  return (
    <ListSection title={t('lobby.popularProviders')} icon={<GamepadIcon />} query={popular} order={popularProviders}>
      {(providers) => <ProviderGrid label={t('lobby.popularProviders')} providers={providers} onOpen={onOpen} />}
    </ListSection>
  )
}
