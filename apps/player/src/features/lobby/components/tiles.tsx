import type { Game, Provider } from '@sanam/contract'
import { truncateTitle } from '@sanam/contract/lobby/index'
import type { ReactNode } from 'react'
import { t } from '../../../lib/i18n/index.ts'

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

/** A game or a provider: its art and its title cut at 20 characters (spec §5). */
function Tile({ item, variant, onClick }: { item: Game | Provider; variant: keyof typeof ART; onClick: () => void }) {
  // Spec §2: in maintenance the tile is dimmed, badged and cannot be clicked.
  return (
    <li className="tile-grid__cell">
      <button
        type="button"
        className={`tile tile--${variant}${item.maintenance ? ' tile--maintenance' : ''}`}
        disabled={item.maintenance}
        aria-label={item.maintenance ? t('lobby.maintenanceItem', { title: item.title }) : item.title}
        onClick={onClick}
      >
        <span className="tile__media">
          <img src={item.image} alt="" {...ART[variant]} loading="lazy" decoding="async" />
          {item.maintenance && (
            <span className="tile__badge" aria-hidden="true">
              {t('badge.maintenance')}
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
  return <Tile item={game} variant="game" onClick={() => onLaunch(game)} />
}

export function ProviderTile({ provider, onOpen }: { provider: Provider; onOpen: (provider: Provider) => void }) {
  return <Tile item={provider} variant="provider" onClick={() => onOpen(provider)} />
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
