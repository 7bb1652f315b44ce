import { gameTypes, providerTypes, type CatalogueGame, type CatalogueProvider } from '@sanam/contract'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState, type ReactNode } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { FormDialog } from '../../components/dialog.tsx'
import { CheckboxField, SelectField, TextField } from '../../components/fields.tsx'
import { ImageField } from '../../components/image-field.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useCatalogueGames, useCatalogueProviders } from './api/get-catalogue.ts'
import { useSaveGame } from './api/save-game.ts'
import { useSaveProvider } from './api/save-provider.ts'

type Editing = { kind: 'provider'; provider?: CatalogueProvider } | { kind: 'game'; provider: string; game?: CatalogueGame }
type ProviderType = (typeof providerTypes)[number]
type GameType = (typeof gameTypes)[number]

const typeLabel = (type: string) => t(`catalogue.type.${type}` as MessageKey)
/** A whole number from a form field, or -1 (which the server refuses with its own message) for anything else. */
const whole = (value: string | undefined) => (value !== undefined && /^\d{1,7}$/.test(value.trim()) ? Number(value) : -1)
const gameTypeOf = (value: string | undefined): GameType => gameTypes.find((type) => type === value) ?? 'SLOT'

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

/** What a row of either table has: a provider or a game. */
interface Item {
  code: string
  title: string
  image: string
  sort: number
  popularity: number
  maintenance: boolean
  lobby: boolean
}
type Switched = { maintenance: boolean } | { lobby: boolean }

/** What the editor of a provider or a game sends for the fields both have. */
const itemValues = (fields: Record<string, string>, image: string) => ({
  title: fields.title ?? '',
  image,
  maintenance: fields.maintenance === 'on',
  lobby: fields.lobby === 'on',
  sort: whole(fields.sort),
  popularity: whole(fields.popularity),
})

/** The order and popularity numbers of a provider or a game. */
function OrderFields({ item }: { item: Item | undefined }) {
  const number = (key: 'sort' | 'popularity') => (
    <TextField required label={t(`catalogue.${key}`)} name={key} inputMode="numeric" maxLength={7} pattern="\d{1,7}" defaultValue={String(item?.[key] ?? 0)} />
  )
  return (
    <>
      {number('sort')}
      {number('popularity')}
    </>
  )
}

/**
 * The editor of a provider or a game: the code (new ones only), name and image, what is the kind's own (`children`),
 * then the lobby and maintenance flags.
 */
function ItemDialog(props: {
  title: string
  item: Item | undefined
  code: { maxLength: number; pattern: string }
  lobbyLabel: MessageKey
  image: string
  onImage: (url: string) => void
  save: { isPending: boolean; error: unknown }
  onSubmit: (fields: Record<string, string>) => void
  onClose: () => void
  children: ReactNode
}) {
  const { item } = props
  return (
    <FormDialog
      title={props.title}
      submitLabel={t('common.save')}
      busy={props.save.isPending}
      error={props.save.error ? errorText(props.save.error) : undefined}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {!item && <TextField required label={t('catalogue.code')} name="code" maxLength={props.code.maxLength} pattern={props.code.pattern} />}
      <TextField required label={t('catalogue.name')} name="title" maxLength={80} defaultValue={item?.title} />
      <ImageField label={t('catalogue.image')} value={props.image} onChange={props.onImage} previewHeight={64} />
      {props.children}
      <CheckboxField name="lobby" label={t(props.lobbyLabel)} defaultChecked={item?.lobby ?? false} />
      <CheckboxField name="maintenance" label={t('catalogue.maintenance')} defaultChecked={item?.maintenance ?? false} />
    </FormDialog>
  )
}

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

/** The maintenance and lobby switches of a row, each sending only what it switches. */
function switchColumns<T extends Item>(lobbyLabel: MessageKey, busy: boolean, toggle: (item: T, change: Switched) => void): ColumnDef<T, unknown>[] {
  const column = (header: MessageKey, key: 'maintenance' | 'lobby'): ColumnDef<T, unknown> => ({
    header: t(header),
    cell: ({ row }) => (
      <Switch
        on={row.original[key]}
        busy={busy}
        label={`${t(header)} ${row.original.title}`}
        onToggle={() => toggle(row.original, key === 'maintenance' ? { maintenance: !row.original.maintenance } : { lobby: !row.original.lobby })}
      />
    ),
  })
  return [column('catalogue.maintenance', 'maintenance'), column(lobbyLabel, 'lobby')]
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
  const [image, setImage] = useState('')
  const providers = useCatalogueProviders()
  const games = useCatalogueGames(selected)
  const saveProvider = useSaveProvider()
  const saveGame = useSaveGame()
  const { mutate: mutateProvider, isPending: providerBusy } = saveProvider
  const { mutate: mutateGame, isPending: gameBusy } = saveGame
  const selectedProvider = providers.data?.find((p) => p.code === selected)

  const open = (next: Editing, currentImage: string) => {
    setImage(currentImage)
    setEditing(next)
  }
  const close = () => {
    setEditing(undefined)
    saveProvider.reset()
    saveGame.reset()
  }
  const saved = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setEditing(undefined)
    },
  }

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
            <button type="button" className="button button--ghost" onClick={() => open({ kind: 'provider', provider: row.original }, row.original.image)}>
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
          <button
            type="button"
            className="button button--ghost"
            onClick={() => open({ kind: 'game', provider: row.original.provider, game: row.original }, row.original.image)}
          >
            {t('catalogue.editGame')} <span className="visually-hidden">{row.original.title}</span>
          </button>
        ),
      },
    ],
    [gameBusy, mutateGame, toast],
  )

  function submitProvider(fields: Record<string, string>, provider: CatalogueProvider | undefined) {
    const values = {
      ...itemValues(fields, image),
      types: providerTypes.filter((type: ProviderType) => fields[`type:${type}`] === 'on'),
      adapter: fields.adapter ?? '',
    }
    if (provider) mutateProvider({ code: provider.code, change: values }, saved)
    else mutateProvider({ create: { code: fields.code ?? '', ...values } }, saved)
  }

  function submitGame(fields: Record<string, string>, provider: string, game: CatalogueGame | undefined) {
    const values = { ...itemValues(fields, image), type: gameTypeOf(fields.type) }
    if (game) mutateGame({ id: game.id, change: values }, saved)
    else mutateGame({ provider, create: { code: fields.code ?? '', ...values } }, saved)
  }

  return (
    <>
      <section className="panel">
        <div className="panel__head">
          <h1 className="panel__title">{t('catalogue.title')}</h1>
          <button type="button" className="button" onClick={() => open({ kind: 'provider' }, '')}>
            {t('catalogue.addProvider')}
          </button>
        </div>
        <p className="muted">{t('catalogue.lead')}</p>
        <DataTable caption={t('catalogue.providers')} columns={providerColumns} rows={providers.data} loading={providers.isPending} />
      </section>

      <section className="panel" aria-labelledby="games-title">
        <div className="panel__head">
          <h2 id="games-title" className="panel__title">
            {selectedProvider ? `${t('catalogue.gamesOf')} ${selectedProvider.title}` : t('catalogue.gamesOf')}
          </h2>
          {selected && (
            <button type="button" className="button" onClick={() => open({ kind: 'game', provider: selected }, '')}>
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

      {editing?.kind === 'provider' && (
        <ItemDialog
          title={editing.provider ? `${t('catalogue.editProvider')} · ${editing.provider.title}` : t('catalogue.addProvider')}
          item={editing.provider}
          code={{ maxLength: 40, pattern: '[a-z0-9_]{1,40}' }}
          lobbyLabel="catalogue.lobby"
          image={image}
          onImage={setImage}
          save={saveProvider}
          onSubmit={(fields) => submitProvider(fields, editing.provider)}
          onClose={close}
        >
          <fieldset className="fieldset">
            <legend className="field__label">{t('catalogue.types')}</legend>
            {providerTypes.map((type) => (
              <CheckboxField key={type} name={`type:${type}`} label={typeLabel(type)} defaultChecked={editing.provider?.types.includes(type) ?? false} />
            ))}
          </fieldset>
          <OrderFields item={editing.provider} />
          <TextField
            required
            label={t('catalogue.adapter')}
            name="adapter"
            maxLength={40}
            pattern="[a-z0-9_\-]{1,40}"
            defaultValue={editing.provider?.adapter ?? 'demo'}
          />
        </ItemDialog>
      )}

      {editing?.kind === 'game' && (
        <ItemDialog
          title={editing.game ? `${t('catalogue.editGame')} · ${editing.game.title}` : t('catalogue.addGame')}
          item={editing.game}
          code={{ maxLength: 80, pattern: '[a-z0-9_][a-z0-9_.\\-]{0,79}' }}
          lobbyLabel="catalogue.lobbyGame"
          image={image}
          onImage={setImage}
          save={saveGame}
          onSubmit={(fields) => submitGame(fields, editing.provider, editing.game)}
          onClose={close}
        >
          <SelectField
            label={t('catalogue.type')}
            name="type"
            defaultValue={editing.game?.type ?? 'SLOT'}
            options={gameTypes.map((type) => ({ value: type, text: typeLabel(type) }))}
          />
          <OrderFields item={editing.game} />
        </ItemDialog>
      )}
    </>
  )
}
