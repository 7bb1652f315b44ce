import { formatWhole } from '@sanam/web-shared/format'
import type { Game, Provider } from '@sanam/contract'
import { gamesForProviderTab, searchGames, type LobbyTab } from '@sanam/contract/lobby/index'
import { useId, useMemo, useState } from 'react'
import { ChevronLeftIcon, SearchIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { useProviderGames } from '../api/get-provider-games.ts'
import { ListStates } from '../../../components/list-state.tsx'
import { GameGrid } from './tiles.tsx'

/** Spec §2: one provider's games under the current tab, with a title search (spec §5) and a way back. */
export function ProviderGames({ provider, tab, onBack, onLaunch }: { provider: Provider; tab: LobbyTab; onBack: () => void; onLaunch: (game: Game) => void }) {
  const games = useProviderGames(provider.code)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const listed = useMemo(() => gamesForProviderTab(games.data ?? [], provider, tab), [games.data, provider, tab])
  const found = useMemo(() => searchGames(listed, query), [listed, query])

  return (
    <div className="provider-games">
      <div className="provider-games__bar">
        <button type="button" className="back-button" onClick={onBack}>
          <ChevronLeftIcon />
          <span>{t('lobby.backToProviders')}</span>
        </button>
      </div>
      <div className="provider-games__head">
        <img className="provider-games__logo" src={provider.image} alt="" width={72} height={48} />
        <div>
          <h3 className="provider-games__title">{provider.title}</h3>
          {games.data && <p className="provider-games__count">{t('lobby.gameCount', { n: formatWhole(listed.length) })}</p>}
        </div>
      </div>
      <div className="search-field">
        <label htmlFor={searchId} className="visually-hidden">
          {t('lobby.search')}
        </label>
        <SearchIcon />
        <input
          id={searchId}
          type="search"
          className="search-field__input"
          placeholder={t('lobby.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ListStates query={games} empty={found.length === 0}>
        <GameGrid label={provider.title} games={found} onLaunch={onLaunch} />
      </ListStates>
    </div>
  )
}
