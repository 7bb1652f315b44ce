import type { CatalogueGame, CatalogueProvider } from '@sanam/contract'
import type { ColumnDef } from '@tanstack/react-table'
import { useEffect, useMemo, useRef, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useCatalogueGames, useCatalogueProviders } from './api/get-catalogue.ts'
import { GameDialog, ProviderDialog, typeLabel, type Item } from './catalogue-dialogs.tsx'
import { useSaveGame } from './api/save-game.ts'
import { useSaveProvider } from './api/save-provider.ts'
import { PageHead } from '../../components/page-head.tsx'

type Editing = { kind: 'provider'; provider?: CatalogueProvider } | { kind: 'game'; provider: string; game?: CatalogueGame }

/** An on/off switch of one row: a button that says what it switches and whether it is on (keyboard: Tab, Space). */
function Switch(props: { on: boolean; label: string; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.on}
      aria-label={props.label}
      className={`switch${props.on ? ' switch--on' : ''}`}
      disabled={props.busy}
      onClick={props.onToggle}
    >
      <span className="switch__knob" aria-hidden="true" />
      <span className="switch__text">{t(props.on ? 'catalogue.on' : 'catalogue.off')}</span>
    </button>
  )
}

type Switched = { maintenance: boolean } | { lobby: boolean }

/** A switch's answer shown as a toast: the saved note, or the refusal. */
const reportTo = (toast: (text: string, kind?: 'error') => void) => ({
  onSuccess: ({ message }: { message: string | undefined }) => message && toast(message),
  onError: (failure: unknown) => toast(errorText(failure), 'error'),
})

/** The image and the title with its code. */
function leadColumns<T extends Item>(nameHeader: MessageKey, imageWidth: number): ColumnDef<T, unknown>[] {
  return [
    { header: t('catalogue.image'), cell: ({ row }) => <img className="thumb" src={row.original.image} alt="" width={imageWidth} height={40} /> },
    {
      header: t(nameHeader),
      cell: ({ row }) => (
        <span className="stack">
          <strong>{row.original.title}</strong>
          <code>{row.original.code}</code>
        </span>
      ),
    },
  ]
}

const orderColumns = <T extends Item>(): ColumnDef<T, unknown>[] => [
  { header: t('catalogue.sortShort'), cell: ({ row }) => row.original.sort },
  { header: t('catalogue.popularityShort'), cell: ({ row }) => row.original.popularity },
]

/**
 * The playable and lobby switches of a row, each one positive statement ("เปิดให้เล่น": on, players may play; off, it is
 * in maintenance), each sending only what it switches.
 */
function switchColumns<T extends Item>(lobbyLabel: MessageKey, busy: boolean, toggle: (item: T, change: Switched) => void): ColumnDef<T, unknown>[] {
  const column = (header: MessageKey, on: (item: T) => boolean, change: (item: T) => Switched): ColumnDef<T, unknown> => ({
    header: t(header),
    cell: ({ row }) => (
      <Switch on={on(row.original)} busy={busy} label={`${t(header)} ${row.original.title}`} onToggle={() => toggle(row.original, change(row.original))} />
    ),
  })
  return [
    column(
      'catalogue.playable',
      (item) => !item.maintenance,
      (item) => ({ maintenance: !item.maintenance }),
    ),
    column(
      lobbyLabel,
      (item) => item.lobby,
      (item) => ({ lobby: !item.lobby }),
    ),
  ]
}

/**
 * The game catalogue (issue 20 §2): providers and their games; maintenance and the lobby flag switched in the table,
 * the order and popularity as numbers, images uploaded, new providers and games. Each change shows in the player lobby
 * within seconds and is audited.
 */
export function CataloguePage() {
  const toast = useToast()
  const [selected, setSelected] = useState<string>()
  const [editing, setEditing] = useState<Editing>()
  const providers = useCatalogueProviders()
  const games = useCatalogueGames(selected)
  const saveProvider = useSaveProvider()
  const saveGame = useSaveGame()
  const { mutate: mutateProvider, isPending: providerBusy } = saveProvider
  const { mutate: mutateGame, isPending: gameBusy } = saveGame
  const selectedProvider = providers.data?.find((p) => p.code === selected)
  const gamesTitle = useRef<HTMLHeadingElement>(null)
  const shownFor = useRef<string>(undefined)
  // "ดูเกม" takes the operator to the games once they have loaded (before, the page is too short to scroll to them):
  // their heading scrolled to the top and focused (read out with its name). Once per provider chosen.
  const gamesLoaded = games.data !== undefined
  useEffect(() => {
    if (!selected || !gamesLoaded || shownFor.current === selected) return
    shownFor.current = selected
    gamesTitle.current?.scrollIntoView({ block: 'start' })
    gamesTitle.current?.focus({ preventScroll: true })
  }, [selected, gamesLoaded])

  const open = (next: Editing) => setEditing(next)
  const close = () => setEditing(undefined)

  const providerColumns = useMemo<ColumnDef<CatalogueProvider, unknown>[]>(
    () => [
      ...leadColumns<CatalogueProvider>('catalogue.providers', 60),
      { header: t('catalogue.types'), cell: ({ row }) => row.original.types.map(typeLabel).join(', ') },
      ...orderColumns<CatalogueProvider>(),
      { header: t('catalogue.games'), cell: ({ row }) => row.original.games },
      ...switchColumns<CatalogueProvider>('catalogue.lobby', providerBusy, (provider, change) =>
        mutateProvider({ code: provider.code, change }, reportTo(toast)),
      ),
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <span className="row-actions">
            <button type="button" className="button button--ghost" onClick={() => open({ kind: 'provider', provider: row.original })}>
              {t('catalogue.editProvider')} <span className="visually-hidden">{row.original.title}</span>
            </button>
            <button type="button" className="button button--ghost" aria-pressed={selected === row.original.code} onClick={() => setSelected(row.original.code)}>
              {t('catalogue.showGames')} <span className="visually-hidden">{row.original.title}</span>
            </button>
          </span>
        ),
      },
    ],
    [mutateProvider, providerBusy, selected, toast],
  )

  const gameColumns = useMemo<ColumnDef<CatalogueGame, unknown>[]>(
    () => [
      ...leadColumns<CatalogueGame>('catalogue.name', 40),
      { header: t('catalogue.type'), cell: ({ row }) => typeLabel(row.original.type) },
      ...orderColumns<CatalogueGame>(),
      ...switchColumns<CatalogueGame>('catalogue.lobbyGame', gameBusy, (game, change) => mutateGame({ id: game.id, change }, reportTo(toast))),
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <button type="button" className="button button--ghost" onClick={() => open({ kind: 'game', provider: row.original.provider, game: row.original })}>
            {t('catalogue.editGame')} <span className="visually-hidden">{row.original.title}</span>
          </button>
        ),
      },
    ],
    [gameBusy, mutateGame, toast],
  )

  return (
    <>
      <section className="panel">
        <PageHead screen="catalogue" action={{ text: t('catalogue.addProvider'), onClick: () => open({ kind: 'provider' }) }} />
        <DataTable caption={t('catalogue.providers')} columns={providerColumns} rows={providers.data} loading={providers.isPending} />
      </section>

      <section className="panel" aria-labelledby="games-title">
        <div className="panel__head">
          <h2 id="games-title" className="panel__title" ref={gamesTitle} tabIndex={-1}>
            {selectedProvider ? `${t('catalogue.gamesOf')} ${selectedProvider.title}` : t('catalogue.gamesOf')}
          </h2>
          {selected && (
            <button type="button" className="button" onClick={() => open({ kind: 'game', provider: selected })}>
              {t('catalogue.addGame')}
            </button>
          )}
        </div>
        {selected ? (
          <DataTable caption={t('catalogue.gamesOf')} columns={gameColumns} rows={games.data} loading={games.isPending} />
        ) : (
          <p className="muted">{t('catalogue.pickProvider')}</p>
        )}
      </section>

      {editing?.kind === 'provider' && <ProviderDialog provider={editing.provider} onClose={close} />}
      {editing?.kind === 'game' && <GameDialog provider={editing.provider} game={editing.game} onClose={close} />}
    </>
  )
}
