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

function TileButton(props: { title: string; maintenance: boolean; onClick: () => void; media: ReactNode; caption: string; variant: 'game' | 'provider' }) {
  // Spec §2: in maintenance the tile is dimmed, badged and cannot be clicked.
  return (
    <li className="tile-grid__cell">
      <button
        type="button"
        className={`tile tile--${props.variant}${props.maintenance ? ' tile--maintenance' : ''}`}
        disabled={props.maintenance}
        aria-label={props.maintenance ? t('lobby.maintenanceItem', { title: props.title }) : props.title}
        onClick={props.onClick}
      >
        <span className="tile__media">
          {props.media}
          {props.maintenance && (
            <span className="tile__badge" aria-hidden="true">
              {t('badge.maintenance')}
            </span>
          )}
        </span>
        <span className="tile__title" aria-hidden="true">
          {props.caption}
        </span>
      </button>
    </li>
  )
}

/** A game: square art, title cut at 20 characters (spec §5). */
export function GameTile({ game, onLaunch }: { game: Game; onLaunch: (game: Game) => void }) {
  return (
    <TileButton
      variant="game"
      title={game.title}
      caption={truncateTitle(game.title)}
      maintenance={game.maintenance}
      onClick={() => onLaunch(game)}
      media={<img src={game.image} alt="" width={200} height={200} loading="lazy" decoding="async" />}
    />
  )
}

/** A provider: 3:2 art and its name. */
export function ProviderTile({ provider, onOpen }: { provider: Provider; onOpen: (provider: Provider) => void }) {
  return (
    <TileButton
      variant="provider"
      title={provider.title}
      caption={truncateTitle(provider.title)}
      maintenance={provider.maintenance}
      onClick={() => onOpen(provider)}
      media={<img src={provider.image} alt="" width={240} height={160} loading="lazy" decoding="async" />}
    />
  )
}
