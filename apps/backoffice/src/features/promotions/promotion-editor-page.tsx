import type { PromotionChoices } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ImageField } from '../../components/image-field.tsx'
import { CheckboxField, FormError, TextField } from '../../components/fields.tsx'
import { ToggleTabs, type OneOf } from '../../components/toggle-tabs.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { promotionChoicesQueryOptions } from './api/get-promotion-choices.ts'
import { promotionsQueryOptions } from './api/get-promotions.ts'
import { useSavePromotion } from './api/save-promotion.ts'
import { AMOUNT_RULES, emptyForm, formOf, previewOf, termsOf, type PromotionForm } from './promotion-form.ts'

/** The player app's preview page (ADR 043), framed from the same origin and fed the draft by postMessage. */
const PREVIEW_URL = '/preview/promotion'
const VIEWS = ['page', 'modal'] as const

/**
 * The draft as the player sees it: the player app's own promotion page and deposit modal in a phone-sized frame, sent
 * the draft on every change (no API call, nothing saved).
 */
function Preview({ form }: { form: PromotionForm }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [view, setView] = useState<(typeof VIEWS)[number]>('page')
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin === window.location.origin && (event.data as { type?: string } | null)?.type === 'sanam:promotion-preview-ready') setReady(true)
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [])
  useEffect(() => {
    if (!ready) return
    frame.current?.contentWindow?.postMessage({ type: 'sanam:promotion-preview', view, promotion: previewOf(form) }, window.location.origin)
  }, [ready, view, form])
  return (
    <aside className="promo-preview" aria-label={t('promotions.preview')}>
      <h2 className="detail__subtitle">{t('promotions.preview')}</h2>
      <ToggleTabs
        label={t('promotions.preview')}
        options={VIEWS}
        value={view}
        text={(v) => t(v === 'page' ? 'promotions.previewPage' : 'promotions.previewModal')}
        onChange={setView}
      />
      <iframe ref={frame} className="promo-preview__frame" src={PREVIEW_URL} title={t('promotions.previewFrame')} width={390} height={720} />
    </aside>
  )
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="promo-fieldset">
      <legend className="field__label">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** One choice among options, as radio buttons. */
function Choice<T extends string>(props: OneOf<T> & { legend: string; name: string }) {
  return (
    <Fieldset legend={props.legend}>
      <div className="promo-options">
        {props.options.map((option) => (
          <label key={option} className="promo-option">
            <input type="radio" name={props.name} checked={props.value === option} onChange={() => props.onChange(option)} />
            {props.text(option)}
          </label>
        ))}
      </div>
    </Fieldset>
  )
}

/** Several picks from a list the server gave (the catalogue), as checkboxes: nothing is typed. */
function Picks<T extends string | number>(props: { legend: string; options: Array<{ value: T; text: string }>; value: T[]; onChange: (value: T[]) => void }) {
  const toggle = (value: T, on: boolean) => props.onChange(on ? [...props.value, value] : props.value.filter((v) => v !== value))
  return (
    <Fieldset legend={props.legend}>
      <div className="promo-options promo-options--grid">
        {props.options.map((option) => (
          <CheckboxField
            key={option.value}
            className="promo-option"
            label={option.text}
            checked={props.value.includes(option.value)}
            onChange={(on) => toggle(option.value, on)}
          />
        ))}
      </div>
    </Fieldset>
  )
}

function Editor({ id, initial, choices, pending }: { id?: number; initial: PromotionForm; choices: PromotionChoices; pending: boolean }) {
  const [form, setForm] = useState(initial)
  const [error, setError] = useState<string>()
  const save = useSavePromotion()
  const toast = useToast()
  const navigate = useNavigate()
  const set =
    <K extends keyof PromotionForm>(key: K) =>
    (value: PromotionForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }))
  /** A choice of the form: its legend is `promotions.<field>`, each option's text `promotions.<field>.<option>`. */
  const choiceOf = <K extends 'creditType' | 'member' | 'turnover'>(field: K) => ({
    legend: t(`promotions.${field}` as MessageKey),
    value: form[field],
    text: (option: string) => t(`promotions.${field}.${option}` as MessageKey),
    onChange: set(field),
  })
  const submit = () => {
    setError(undefined)
    if (!form.image) return setError(t('promotions.imageMissing'))
    save.mutate(
      { ...(id === undefined ? {} : { id }), terms: termsOf(form) },
      {
        onSuccess: ({ message }) => {
          if (message) toast(message)
          void navigate('/promotions')
        },
        onError: (failure) => setError(errorText(failure)),
      },
    )
  }
  return (
    <div className="promo-editor">
      <form
        className="form promo-form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {pending && <p className="notice notice--warn">{t('promotions.editorPending')}</p>}
        <p className="muted">{t('promotions.requiredNote')}</p>
        <Fieldset legend={t('promotions.basics')}>
          <TextField label={t('promotions.name')} value={form.title} onChange={set('title')} required />
          <ImageField label={t('promotions.image')} value={form.image} onChange={set('image')} previewHeight={90} required />
          <Choice name="credit-type" options={['FIXED', 'PERCENT'] as const} {...choiceOf('creditType')} />
          <TextField label={t('promotions.creditValue')} type="number" step="0.01" value={form.credit} onChange={set('credit')} required />
        </Fieldset>
        <Choice name="member" options={['ALL', 'NEW_MEMBER', 'OLD_MEMBER'] as const} {...choiceOf('member')} />
        <Fieldset legend={t('promotions.rules')}>
          <div className="promo-amounts">
            {AMOUNT_RULES.map((type) => (
              <TextField
                key={type}
                label={t(`promotions.rule.${type}`)}
                type="number"
                step="0.01"
                hint={t('promotions.optional')}
                value={form.amounts[type]}
                onChange={(value) => setForm((f) => ({ ...f, amounts: { ...f.amounts, [type]: value } }))}
              />
            ))}
          </div>
        </Fieldset>
        <Choice name="turnover" options={['NONE', 'TURNOVER_BY_MUTIPLE', 'TURNOVER_BY_CREDIT'] as const} {...choiceOf('turnover')} />
        {form.turnover !== 'NONE' && (
          <TextField
            label={t(`promotions.turnover.${form.turnover}`)}
            type="number"
            step="0.01"
            value={form.turnoverValue}
            onChange={set('turnoverValue')}
            required
          />
        )}
        <Picks
          legend={t('promotions.gameTypes')}
          options={choices.game_types.map((g) => ({ value: g.number, text: g.name }))}
          value={form.gameTypes}
          onChange={set('gameTypes')}
        />
        <Picks
          legend={t('promotions.providers')}
          options={choices.providers.map((p) => ({ value: p.code, text: `${p.title} (${p.code})` }))}
          value={form.providers}
          onChange={set('providers')}
        />
        <Fieldset legend={t('promotions.scheduleTitle')}>
          <div className="promo-amounts">
            <TextField label={t('promotions.startsAt')} type="datetime-local" value={form.startsAt} onChange={set('startsAt')} />
            <TextField label={t('promotions.endsAt')} type="datetime-local" value={form.endsAt} onChange={set('endsAt')} />
          </div>
        </Fieldset>
        <FormError message={error} />
        <div className="row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('promotions.save')}
          </button>
          <Link className="button button--ghost" to="/promotions">
            {t('promotions.back')}
          </Link>
        </div>
      </form>
      <Preview form={form} />
    </div>
  )
}

/**
 * /promotions/new and /promotions/:id: the editor (issue 20 §1), one typed field per rule type of spec §3, prohibited
 * game types and providers picked from the catalogue, the image uploaded, the schedule in Bangkok time, and the
 * preview as the player sees it. An existing promotion opens with its pending version when there is one.
 */
export function PromotionEditorPage() {
  const params = useParams()
  const id = params.id === undefined ? undefined : Number(params.id)
  const list = useQuery({ ...promotionsQueryOptions(), enabled: id !== undefined })
  const choices = useQuery(promotionChoicesQueryOptions())
  const promotion = id === undefined ? undefined : list.data?.list.find((p) => p.id === id)
  const loading = choices.isPending || (id !== undefined && list.isPending)
  return (
    <section className="panel">
      <h1 className="panel__title">{id === undefined ? t('promotions.editorNew') : `${t('promotions.editorEdit')}: ${promotion?.title ?? ''}`}</h1>
      <p className="muted">{t('promotions.editorLead')}</p>
      {loading ? (
        <p>{t('common.loading')}</p>
      ) : id !== undefined && !promotion ? (
        <p className="form__error">{t('promotions.notFound')}</p>
      ) : choices.data ? (
        <Editor
          key={promotion?.pending?.id ?? promotion?.version?.id ?? 'new'}
          {...(id === undefined ? {} : { id })}
          initial={promotion ? formOf(promotion.pending ?? promotion) : emptyForm()}
          choices={choices.data}
          pending={Boolean(promotion?.pending)}
        />
      ) : (
        <p className="form__error">{errorText(choices.error)}</p>
      )}
    </section>
  )
}
