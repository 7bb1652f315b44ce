/**
 * The catalogue's editors (issue 20 §2): a provider's and a game's dialog on one shared frame (code for new ones, name,
 * image, the kind's own fields, the lobby and maintenance flags). The frame owns the image; each dialog its save.
 */
import { gameTypes, providerTypes, type CatalogueGame, type CatalogueProvider } from '@sanam/contract'
import { useState, type ReactNode } from 'react'
import { FormDialog } from '../../components/dialog.tsx'
import { CheckboxField, SelectField, TextField } from '../../components/fields.tsx'
import { ImageField } from '../../components/image-field.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useSaveGame } from './api/save-game.ts'
import { useSaveProvider } from './api/save-provider.ts'

type ProviderType = (typeof providerTypes)[number]
type GameType = (typeof gameTypes)[number]

export const typeLabel = (type: string) => t(`catalogue.type.${type}` as MessageKey)
/** A whole number from a form field, or -1 (which the server refuses with its own message) for anything else. */
const whole = (value: string | undefined) => (value !== undefined && /^\d{1,7}$/.test(value.trim()) ? Number(value) : -1)
const gameTypeOf = (value: string | undefined): GameType => gameTypes.find((type) => type === value) ?? 'SLOT'

/** What a row of either table has: a provider or a game. */
export interface Item {
  code: string
  title: string
  image: string
  sort: number
  popularity: number
  maintenance: boolean
  lobby: boolean
}
/** What the editor of a provider or a game sends for the fields both have. */
const itemValues = (fields: Record<string, string>, image: string) => ({
  title: fields.title ?? '',
  image,
  maintenance: fields.playable !== 'on',
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

/** What the two kinds' editors differ in besides their own fields: the title's texts, the code's form, the lobby flag's label. */
const KINDS = {
  provider: {
    add: 'catalogue.addProvider',
    edit: 'catalogue.editProvider',
    code: { maxLength: 40, pattern: '[a-z0-9_]{1,40}' },
    lobbyLabel: 'catalogue.lobby',
  },
  game: {
    add: 'catalogue.addGame',
    edit: 'catalogue.editGame',
    code: { maxLength: 80, pattern: '[a-z0-9_][a-z0-9_.\\-]{0,79}' },
    lobbyLabel: 'catalogue.lobbyGame',
  },
} as const satisfies Record<string, { add: MessageKey; edit: MessageKey; code: { maxLength: number; pattern: string }; lobbyLabel: MessageKey }>

/**
 * The editor of a provider or a game: the code (new ones only), name and image, what is the kind's own (`children`),
 * then the lobby and maintenance flags.
 */
function ItemDialog(props: {
  kind: keyof typeof KINDS
  item: Item | undefined
  save: { isPending: boolean; error: unknown }
  /** `shared`: the fields both kinds have (the image as uploaded); `fields`: the form, for the kind's own. */
  onSubmit: (shared: ReturnType<typeof itemValues>, fields: Record<string, string>) => void
  onClose: () => void
  children: ReactNode
}) {
  const { item } = props
  const kind = KINDS[props.kind]
  const [image, setImage] = useState(item?.image ?? '')
  return (
    <FormDialog
      title={item ? `${t(kind.edit)} · ${item.title}` : t(kind.add)}
      submitLabel={t('common.save')}
      busy={props.save.isPending}
      error={props.save.error ? errorText(props.save.error) : undefined}
      onSubmit={(fields) => props.onSubmit(itemValues(fields, image), fields)}
      onClose={props.onClose}
    >
      {!item && <TextField required label={t('catalogue.code')} name="code" maxLength={kind.code.maxLength} pattern={kind.code.pattern} />}
      <TextField required label={t('catalogue.name')} name="title" maxLength={80} defaultValue={item?.title} />
      <ImageField label={t('catalogue.image')} value={image} onChange={setImage} previewHeight={64} />
      {props.children}
      <CheckboxField name="lobby" label={t(kind.lobbyLabel)} defaultChecked={item?.lobby ?? false} />
      <CheckboxField name="playable" label={t('catalogue.playable')} defaultChecked={!(item?.maintenance ?? false)} />
    </FormDialog>
  )
}

/** Closes the dialog once saved, saying the server's note. */
function useSaved(onClose: () => void) {
  const toast = useToast()
  return {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      onClose()
    },
  }
}

/** A new provider, or one to change: its types and its adapter besides the shared fields. */
export function ProviderDialog({ provider, onClose }: { provider: CatalogueProvider | undefined; onClose: () => void }) {
  const save = useSaveProvider()
  const saved = useSaved(onClose)
  function submit(shared: ReturnType<typeof itemValues>, fields: Record<string, string>) {
    const values = {
      ...shared,
      types: providerTypes.filter((type: ProviderType) => fields[`type:${type}`] === 'on'),
      adapter: fields.adapter ?? '',
    }
    if (provider) save.mutate({ code: provider.code, change: values }, saved)
    else save.mutate({ create: { code: fields.code ?? '', ...values } }, saved)
  }
  return (
    <ItemDialog kind="provider" item={provider} save={save} onSubmit={submit} onClose={onClose}>
      <fieldset className="fieldset">
        <legend className="field__label">{t('catalogue.types')}</legend>
        {providerTypes.map((type) => (
          <CheckboxField key={type} name={`type:${type}`} label={typeLabel(type)} defaultChecked={provider?.types.includes(type) ?? false} />
        ))}
      </fieldset>
      <OrderFields item={provider} />
      <TextField required label={t('catalogue.adapter')} name="adapter" maxLength={40} pattern="[a-z0-9_\-]{1,40}" defaultValue={provider?.adapter ?? 'demo'} />
    </ItemDialog>
  )
}

/** A new game of `provider`, or one to change: its type besides the shared fields. */
export function GameDialog({ provider, game, onClose }: { provider: string; game: CatalogueGame | undefined; onClose: () => void }) {
  const save = useSaveGame()
  const saved = useSaved(onClose)
  function submit(shared: ReturnType<typeof itemValues>, fields: Record<string, string>) {
    const values = { ...shared, type: gameTypeOf(fields.type) }
    if (game) save.mutate({ id: game.id, change: values }, saved)
    else save.mutate({ provider, create: { code: fields.code ?? '', ...values } }, saved)
  }
  return (
    <ItemDialog kind="game" item={game} save={save} onSubmit={submit} onClose={onClose}>
      <SelectField
        label={t('catalogue.type')}
        name="type"
        defaultValue={game?.type ?? 'SLOT'}
        options={gameTypes.map((type) => ({ value: type, text: typeLabel(type) }))}
      />
      <OrderFields item={game} />
    </ItemDialog>
  )
}
