import type { Game, Provider } from '@sanam/contract'
import { truncateTitle } from '@sanam/contract/lobby/index'
import { useContext, type ReactNode } from 'react'
import { t } from '../../../lib/i18n/index.ts'
import { ForbiddenGamesContext } from '../forbidden-games.ts'

/** Spec §9: game grids have three columns. Every tile's image box has a fixed ratio, so nothing moves as images load. */
export function TileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="tile-grid" aria-label={label}>
      {children}
    </ul>
  )
}

/** The art's box of each kind of tile: square for a game, 3:2 for a provider. */
const ART = { game: { width: 200, height: 200 }, provider: { width: 240, height: 160 } } as const

/** The label a tile is read by: its title, and why it is closed or forbidden. */
function tileLabel(item: Game | Provider, forbidden: boolean): string {
  if (item.maintenance) return t('lobby.maintenanceItem', { title: item.title })
  return forbidden ? t('lobby.forbiddenItem', { title: item.title }) : item.title
}

/** A game or a provider: its art and its title cut at 20 characters (spec §5). */
function Tile({ item, variant, forbidden, onClick }: { item: Game | Provider; variant: keyof typeof ART; forbidden: boolean; onClick: () => void }) {
  // Spec §2: in maintenance the tile is dimmed, badged and cannot be clicked. One the running promotion forbids is
  // marked (ADR 072) and still opens: the server's refusal says why in full.
  const state = item.maintenance ? ' tile--maintenance' : forbidden ? ' tile--forbidden' : ''
  return (
    <li className="tile-grid__cell">
      <button type="button" className={`tile tile--${variant}${state}`} disabled={item.maintenance} aria-label={tileLabel(item, forbidden)} onClick={onClick}>
        <span className="tile__media">
          <img src={item.image} alt="" {...ART[variant]} loading="lazy" decoding="async" />
          {(item.maintenance || forbidden) && (
            <span className={`tile__badge${item.maintenance ? '' : ' tile__badge--forbidden'}`} aria-hidden="true">
              {item.maintenance ? t('badge.maintenance') : t('lobby.forbiddenBadge')}
            </span>
          )}
        </span>
        <span className="tile__title" aria-hidden="true">
          {truncateTitle(item.title)}
        </span>
      </button>
    </li>
  )
}

export function GameTile({ game, onLaunch }: { game: Game; onLaunch: (game: Game) => void }) {
  const forbidden = useContext(ForbiddenGamesContext)
  return <Tile item={game} variant="game" forbidden={forbidden.game(game)} onClick={() => onLaunch(game)} />
}

export function ProviderTile({ provider, onOpen }: { provider: Provider; onOpen: (provider: Provider) => void }) {
  const forbidden = useContext(ForbiddenGamesContext)
  return <Tile item={provider} variant="provider" forbidden={forbidden.provider(provider)} onClick={() => onOpen(provider)} />
}

/** Games as a grid of tiles. */
export function GameGrid({ label, games, onLaunch }: { label: string; games: readonly Game[]; onLaunch: (game: Game) => void }) {
  return (
    <TileGrid label={label}>
      {games.map((game) => (
        <GameTile key={`${game.provider}/${game.code}`} game={game} onLaunch={onLaunch} />
      ))}
    </TileGrid>
  )
}

/** Providers as a grid of tiles. */
export function ProviderGrid({ label, providers, onOpen }: { label: string; providers: readonly Provider[]; onOpen: (provider: Provider) => void }) {
  return (
    <TileGrid label={label}>
      {providers.map((provider) => (
        <ProviderTile key={provider.code} provider={provider} onOpen={onOpen} />
      ))}
    </TileGrid>
  )
}
